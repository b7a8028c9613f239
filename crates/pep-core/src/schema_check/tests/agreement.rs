//! Agreement with the `jsonschema` crate (a dev-dependency, not available for wasm) on random
//! schemas made only of checked keywords: where nothing is unchecked, both must give the same
//! verdict.

use super::*;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        let at = usize::try_from(self.below(items.len() as u64)).unwrap_or(0);
        items.get(at).copied().unwrap_or("")
    }
}

const KEYS: &[&str] = &["a", "b", "x y", "c"];

fn number(rng: &mut Rng) -> Value {
    let text = rng.pick(&[
        "0", "-1", "1.5", "2.0", "1e1", "-0", "3", "1e-2", "2.5", "10",
    ]);
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn value(rng: &mut Rng, depth: u32) -> Value {
    match rng.below(if depth > 2 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.below(2) == 0),
        2 => number(rng),
        3 | 4 => json!(rng.pick(&["a", "b", "ab", "", "aa", "1", "a b", "😀😀"])),
        5 => {
            let mut members = Map::new();
            for _ in 0..rng.below(4) {
                members.insert(rng.pick(KEYS).to_owned(), value(rng, depth + 1));
            }
            Value::Object(members)
        }
        _ => Value::Array((0..rng.below(4)).map(|_| value(rng, depth + 1)).collect()),
    }
}

fn schema(rng: &mut Rng, depth: u32) -> Value {
    if rng.below(10) == 0 {
        return json!(rng.below(3) != 0);
    }
    let types = [
        "string", "integer", "number", "object", "array", "null", "boolean",
    ];
    let mut keywords = Map::new();
    for _ in 0..1 + rng.below(4) {
        let (key, value) = match rng.below(16) {
            0 => ("type", json!(rng.pick(&types))),
            1 => ("type", json!([rng.pick(&types), rng.pick(&types)])),
            2 if depth < 3 => {
                let mut properties = Map::new();
                for key in KEYS {
                    if rng.below(2) == 0 {
                        properties.insert((*key).to_owned(), schema(rng, depth + 1));
                    }
                }
                ("properties", Value::Object(properties))
            }
            3 => ("required", json!([rng.pick(KEYS)])),
            4 if depth < 3 => ("additionalProperties", schema(rng, depth + 1)),
            5 if depth < 3 => ("items", schema(rng, depth + 1)),
            6 => ("enum", (0..rng.below(3)).map(|_| value(rng, 2)).collect()),
            7 => ("const", value(rng, 1)),
            8 => ("minimum", number(rng)),
            9 => ("maximum", number(rng)),
            10 => ("exclusiveMinimum", number(rng)),
            11 => ("exclusiveMaximum", number(rng)),
            12 => (rng.pick(&["minLength", "maxLength"]), json!(rng.below(4))),
            13 => (rng.pick(&["minItems", "maxItems"]), json!(rng.below(3))),
            14 => (
                rng.pick(&["minProperties", "maxProperties"]),
                json!(rng.below(3)),
            ),
            _ => {
                let patterns = [
                    "^a+$", "b", "^(a|b)*$", "[0-9]", "^.{2}$", "^$", "\\s", "^[^a]",
                ];
                ("pattern", json!(rng.pick(&patterns)))
            }
        };
        keywords.insert(key.to_owned(), value);
    }
    Value::Object(keywords)
}

#[test]
fn verdicts_agree_with_the_jsonschema_crate() {
    let mut rng = Rng(0x5EED_CAFE);
    let (mut compared, mut invalid) = (0, 0);
    for _ in 0..3_000 {
        let schema = schema(&mut rng, 0);
        let Value::Object(keywords) = &schema else {
            continue;
        };
        // Schemas the meta-schema refuses (such as a repeated type) are skipped.
        let Ok(validator) = jsonschema::draft202012::new(&schema) else {
            continue;
        };
        for _ in 0..5 {
            let mut arguments = Map::new();
            for _ in 0..rng.below(4) {
                arguments.insert(rng.pick(KEYS).to_owned(), value(&mut rng, 1));
            }
            let report = check(keywords, &arguments);
            assert_eq!(report.unchecked, [], "{schema}");
            let valid = validator.is_valid(&Value::Object(arguments.clone()));
            assert_eq!(
                report.mismatches.is_empty(),
                valid,
                "schema {schema}\narguments {}\nmismatches {:?}",
                Value::Object(arguments.clone()),
                report.mismatches
            );
            compared += 1;
            invalid += usize::from(!valid);
        }
    }
    // Both verdicts occur often, so the comparison means something.
    assert!(
        compared > 10_000 && invalid > compared / 4,
        "{compared} {invalid}"
    );
}
