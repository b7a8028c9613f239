//! Property tests with a small deterministic generator of our own (no dependency, the same
//! cases on every machine): round trips, no panic on arbitrary JSON-ish text, export of every
//! valid envelope, and the streaming `load` agreeing with the tree path.

mod common;
#[path = "properties/diff.rs"]
mod diff;
#[path = "properties/segments.rs"]
mod segments;

use common::rng::{Atoms, Rng, json};
use common::{DEMOS, read};
use pep_core::Mode;
use segments::segment;

const STRINGS: [&str; 12] = [
    "",
    "hi",
    "你好，世界",
    "{{x}}",
    "{{ name }} and {{{y}}}",
    "a\\nb\\t\\\"q\\\"",
    "\\u00e9\\ud83d\\ude00",
    "$1 {x} {{ a, b }}",
    "😀",
    "line\\u001b[31m",
    "**bold** [l](javascript:x)",
    "data:image/png;base64,AA",
];
const NUMBERS: [&str; 10] = [
    "0",
    "-0",
    "1",
    "1.0",
    "1E5",
    "2.5e-05",
    "-3",
    "12345678901234567890",
    "1780897800000",
    "1e400",
];

/// A JSON string token.
fn string(rng: &mut Rng) -> String {
    format!("\"{}\"", rng.pick(&STRINGS))
}

/// The keys of random objects.
const KEYS: [&str; 9] = ["a", "b", "k", "x-note", "a b", "\\u0061", "kind", "id", "é"];

/// Any JSON value, nesting at most `depth` more levels.
fn any(rng: &mut Rng, depth: usize) -> String {
    let atoms = Atoms {
        strings: &STRINGS,
        numbers: &NUMBERS,
        keys: &KEYS,
    };
    json(rng, depth, &atoms)
}

/// An object of `fields` (name, value) in random order, sometimes with an unknown field, a
/// field left out or a key written twice.
fn object(rng: &mut Rng, mut fields: Vec<(&str, String)>, valid: bool) -> String {
    if !valid && !fields.is_empty() && rng.chance(2) {
        let drop = rng.below(fields.len());
        fields.remove(drop);
    }
    if rng.chance(6) {
        // Unknown here, known elsewhere: the streaming decoder moves these by name.
        let name = rng.pick(&[
            "x-extra",
            "items",
            "arguments",
            "schema",
            "body",
            "segments",
        ]);
        fields.push((name, any(rng, 2)));
    }
    if rng.chance(4) {
        for k in (1..fields.len()).rev() {
            fields.swap(k, rng.below(k + 1));
        }
    }
    if rng.chance(10) && !fields.is_empty() {
        let first = fields[rng.below(fields.len())].clone();
        fields.insert(0, first); // the later copy wins, as in JSON
    }
    let members: Vec<String> = fields
        .into_iter()
        .map(|(name, value)| format!("\"{name}\":{value}"))
        .collect();
    format!("{{{}}}", members.join(","))
}

/// A one-element `items` array.
fn items(rng: &mut Rng, fields: Vec<(&str, String)>, valid: bool) -> String {
    format!("[{}]", object(rng, fields, valid))
}

/// An envelope; with `valid`, only shapes that decode without errors.
fn envelope(rng: &mut Rng, valid: bool) -> String {
    let messages: Vec<String> = (0..1 + rng.below(6))
        .map(|m| {
            let segments: Vec<String> =
                (0..1 + rng.below(4)).map(|_| segment(rng, valid)).collect();
            let role = rng.pick(&["system", "user", "assistant", "tool"]);
            let fields = vec![
                ("id", format!("\"m{m}\"")),
                ("role", format!("\"{role}\"")),
                ("segments", format!("[{}]", segments.join(","))),
                ("timestamp", format!("{}", 1_780_000_000_000_u64 + m as u64)),
            ];
            object(rng, fields, valid)
        })
        .collect();
    let fields = vec![
        ("version", "\"1.0\"".to_owned()),
        ("model", "\"gpt-4-turbo\"".to_owned()),
        ("messages", format!("[{}]", messages.join(","))),
    ];
    object(rng, fields, valid)
}

fn tree_load(text: &str, mode: Mode) -> pep_core::Loaded {
    match pep_core::decode::parse_json(text) {
        Ok(parsed) => pep_core::load_parsed(&parsed, mode),
        Err(issue) => pep_core::Loaded {
            envelope: None,
            issues: vec![issue],
        },
    }
}

/// Every issue inside a message carries the typed place its path names (the viewer jumps to
/// it; nothing parses the path back there), and no other issue has one.
fn assert_place(issue: &pep_core::Issue) {
    use pep_core::{Place, SegmentRef};
    let index = |text: &str| -> Option<(usize, String)> {
        let (number, rest) = text.split_once(']')?;
        Some((number.parse().ok()?, rest.to_owned()))
    };
    let expected = issue
        .path
        .strip_prefix("messages[")
        .and_then(index)
        .map(
            |(m, rest)| match rest.strip_prefix(".segments[").and_then(index) {
                Some((s, _)) => Place::Segment(SegmentRef::new(m, s)),
                None => Place::Message(m),
            },
        );
    assert_eq!(issue.place, expected, "{issue}");
}

/// Everything the core does with `text`; returns the strict result.
fn exercise(text: &str) -> pep_core::Loaded {
    let mut strict = None;
    for mode in [Mode::Strict, Mode::Repair] {
        let loaded = pep_core::load(text, mode);
        assert_eq!(loaded, tree_load(text, mode), "{text}");
        if let Some(envelope) = &loaded.envelope {
            for format in pep_core::export::Format::ALL {
                let options = pep_core::export::Options::default();
                let export = pep_core::export::export(envelope, format, options);
                assert!(serde_json::from_str::<serde_json::Value>(&export.text).is_ok());
                export.warnings.iter().for_each(assert_place);
            }
            let _ = envelope.to_value();
        }
        for issue in &loaded.issues {
            let _ = issue.to_string();
            assert_place(issue);
        }
        if mode == Mode::Strict {
            assert_eq!(pep_core::validate(text), loaded.issues, "{text}");
        }
        strict.get_or_insert(loaded);
    }
    strict.unwrap_or_else(|| pep_core::load(text, Mode::Strict))
}

#[test]
fn envelopes_without_errors_round_trip_and_export() {
    let mut rng = Rng(0x5eed);
    let mut clean = 0;
    for _ in 0..1_500 {
        let text = envelope(&mut rng, true);
        let loaded = exercise(&text);
        let Some(envelope) = &loaded.envelope else {
            panic!("no envelope: {text}");
        };
        if !loaded.has_errors() {
            clean += 1;
            assert_eq!(
                envelope.to_value().to_string(),
                common::json(&text).to_string(),
                "{text}"
            );
            assert!(
                pep_core::export_text(
                    &text,
                    pep_core::Format::OpenAi,
                    pep_core::Options::default()
                )
                .is_ok(),
                "{text}"
            );
        }
    }
    assert!(clean > 500, "only {clean} cases without errors");
}

#[test]
fn arbitrary_json_never_panics() {
    let mut rng = Rng(0xfeed);
    for _ in 0..1_500 {
        let text = envelope(&mut rng, false);
        exercise(&text);
        exercise(&any(&mut rng, 6));
    }
}

#[test]
fn mutated_demos_never_panic() {
    let mut rng = Rng(0xbad);
    let demos: Vec<String> = DEMOS
        .iter()
        .map(|demo| read(&format!("demos/{demo}")))
        .collect();
    let tokens = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "1E5", "-0", "{{x}}", "\"kind\"", "null",
        "\u{1b}",
    ];
    for _ in 0..1_500 {
        let mut text = demos[rng.below(demos.len())].clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len());
            match rng.below(3) {
                0 => {
                    text.truncate(at);
                }
                1 => {
                    let end = (at + rng.below(40)).min(text.len());
                    text.drain(at..end);
                }
                _ => {
                    let token = rng.pick(&tokens).as_bytes().to_vec();
                    text.splice(at..at, token);
                }
            }
        }
        if let Ok(text) = String::from_utf8(text) {
            exercise(&text);
        }
    }
}
