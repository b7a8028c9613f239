//! What `serde_json` does not keep from the source text: the exact spelling of exponent
//! numbers (it writes `1E5` as `1e+5`) and object keys written twice (it keeps the last value
//! silently). One extra pass over the already-parsed text recovers both.

use std::collections::HashMap;

use serde_json::{Number, Value};

use crate::issue::{Issue, Problem};
use crate::path::JsonPath;

/// Facts about the source text, gathered in document order.
#[derive(Debug, Default)]
pub(crate) struct SourceFacts<'t> {
    /// Every number token as written, by path, when any number has an exponent (the only
    /// spelling serde_json changes); later tokens at the same path replace earlier ones, as
    /// serde_json's values do.
    numbers: HashMap<Vec<Step>, &'t str>,
    /// Whether any number has an exponent.
    has_exponent: bool,
    /// A warning for each key that repeats within its object.
    pub(crate) duplicate_keys: Vec<Issue>,
}

/// Scans `text`, which serde_json has already accepted as JSON.
pub(crate) fn scan(text: &str) -> SourceFacts<'_> {
    let mut scanner = Scanner {
        text,
        bytes: text.as_bytes(),
        at: 0,
        path: Vec::new(),
        record_numbers: false,
        facts: SourceFacts::default(),
    };
    scanner.value();
    if scanner.facts.has_exponent {
        // Rare: a second pass records where each number stands.
        scanner.at = 0;
        scanner.record_numbers = true;
        scanner.facts.duplicate_keys.clear();
        scanner.value();
    }
    scanner.facts
}

/// Puts the source spelling back into every number of `value` (the tree serde_json parsed
/// from the same text), matching numbers by path so that a key written twice cannot shift
/// spellings onto other fields.
pub(crate) fn restore_numbers(value: &mut Value, facts: &SourceFacts<'_>) {
    if facts.has_exponent {
        restore_at(value, &mut Vec::new(), &facts.numbers);
    }
}

fn restore_at(value: &mut Value, path: &mut Vec<Step>, numbers: &HashMap<Vec<Step>, &str>) {
    match value {
        Value::Number(number) => {
            if let Some(lexeme) = numbers.get(path.as_slice())
                && number.to_string() != *lexeme
            {
                // serde_json keeps arbitrary-precision numbers as their text; this only swaps
                // its normalised spelling for the same number as the user wrote it.
                *number = Number::from_string_unchecked((*lexeme).to_owned());
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter_mut().enumerate() {
                path.push(Step::Index(index));
                restore_at(item, path, numbers);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                path.push(Step::Key(key.clone()));
                restore_at(item, path, numbers);
                path.pop();
            }
        }
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

/// A step of a path from the document root.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Step {
    Key(String),
    Index(usize),
}

struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    path: Vec<Step>,
    record_numbers: bool,
    facts: SourceFacts<'t>,
}

impl<'t> Scanner<'t> {
    fn skip_space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn value(&mut self) {
        self.skip_space();
        match self.bytes.get(self.at) {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => {
                self.string();
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                // true, false, null
                while matches!(self.bytes.get(self.at), Some(b'a'..=b'z')) {
                    self.at += 1;
                }
            }
            None => {}
        }
    }

    fn object(&mut self) {
        self.at += 1;
        let mut keys: Vec<String> = Vec::new();
        loop {
            self.skip_space();
            match self.bytes.get(self.at) {
                Some(b'}') | None => {
                    self.at += 1;
                    return;
                }
                Some(b',') => self.at += 1,
                Some(_) => {
                    let key = self.string();
                    if keys.contains(&key) {
                        let path = self.path_with(&key);
                        self.facts
                            .duplicate_keys
                            .push(Issue::new(path, Problem::DuplicateKey { key: key.clone() }));
                    } else {
                        keys.push(key.clone());
                    }
                    self.skip_space();
                    self.at += 1; // ':'
                    self.path.push(Step::Key(key));
                    self.value();
                    self.path.pop();
                }
            }
        }
    }

    fn array(&mut self) {
        self.at += 1;
        let mut index = 0;
        loop {
            self.skip_space();
            match self.bytes.get(self.at) {
                Some(b']') | None => {
                    self.at += 1;
                    return;
                }
                Some(b',') => {
                    self.at += 1;
                    index += 1;
                }
                Some(_) => {
                    self.path.push(Step::Index(index));
                    self.value();
                    self.path.pop();
                }
            }
        }
    }

    /// Skips a string token and returns its decoded text.
    fn string(&mut self) -> String {
        let start = self.at;
        self.at += 1;
        let mut escaped = false;
        while let Some(&byte) = self.bytes.get(self.at) {
            self.at += 1;
            match byte {
                b'\\' => {
                    escaped = true;
                    self.at += 1;
                }
                b'"' => break,
                _ => {}
            }
        }
        let raw = self.text.get(start..self.at).unwrap_or_default();
        if escaped {
            serde_json::from_str(raw).unwrap_or_default()
        } else {
            raw.get(1..raw.len().saturating_sub(1))
                .unwrap_or_default()
                .to_owned()
        }
    }

    fn number(&mut self) {
        let start = self.at;
        while matches!(
            self.bytes.get(self.at),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.at += 1;
        }
        let lexeme = self.text.get(start..self.at).unwrap_or_default();
        self.facts.has_exponent |= lexeme.bytes().any(|b| b == b'e' || b == b'E');
        if self.record_numbers {
            self.facts.numbers.insert(self.path.clone(), lexeme);
        }
    }

    /// The path of member `key` of the current object, spelled like every other issue path.
    fn path_with(&self, key: &str) -> String {
        fn render(steps: &[Step], parent: &JsonPath<'_>, key: &str) -> String {
            match steps.split_first() {
                None => parent.key(key).to_string(),
                Some((Step::Key(name), rest)) => render(rest, &parent.key(name), key),
                Some((Step::Index(index), rest)) => render(rest, &parent.index(*index), key),
            }
        }
        render(&self.path, &JsonPath::Root, key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Value, Vec<Issue>) {
        let mut value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        let facts = scan(text);
        restore_numbers(&mut value, &facts);
        (value, facts.duplicate_keys)
    }

    #[test]
    fn exponent_spelling_survives() {
        let text = r#"{"a":[1E5,1e3,1.5e-3,2E+2,1.0,-0,12345678901234567890],"s":"1E5 \" e"}"#;
        let (value, duplicates) = parse(text);
        assert_eq!(value.to_string(), text);
        assert!(duplicates.is_empty());
    }

    #[test]
    fn duplicate_keys_are_reported_with_their_path() {
        let text = r#"{"messages":[{"id":"a","x":{"k":1,"k":2},"id":"b"}],"v":1,"v":2}"#;
        let (_, duplicates) = parse(text);
        let found: Vec<String> = duplicates.iter().map(|i| i.path.clone()).collect();
        assert_eq!(found, ["messages[0].x.k", "messages[0].id", "v"]);
        let escaped = r#"{"a":1,"\u0061":2}"#;
        assert_eq!(parse(escaped).1.len(), 1);
    }

    #[test]
    fn duplicate_keys_never_shift_spellings_onto_other_fields() {
        for (text, expected) in [
            (r#"{"a":1E5,"a":2E5}"#, r#"{"a":2E5}"#),
            (r#"{"a":"s","b":1E5,"a":7}"#, r#"{"a":7,"b":1E5}"#),
            (r#"{"a":1E5,"a":7,"c":[2E0]}"#, r#"{"a":7,"c":[2E0]}"#),
            (
                r#"{"a":{"n":1E1},"a":{"m":2},"x":1}"#,
                r#"{"a":{"m":2},"x":1}"#,
            ),
            (r#"{"x":1,"x":2,"y":1E5}"#, r#"{"x":2,"y":1E5}"#),
        ] {
            let (value, duplicates) = parse(text);
            assert_eq!(value.to_string(), expected, "{text}");
            assert_eq!(duplicates.len(), 1, "{text}");
        }
    }
}
