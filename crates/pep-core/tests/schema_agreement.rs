//! The JSON Schema (`demos/prompt-envelope.schema.json`, spec §6.4) and our validator must
//! agree: every demo and valid fixture passes both, every invalid fixture fails both, and our
//! validator names exactly the expected error paths.

mod common;

use common::{DEMOS, json, read, repo};
use pep_core::Severity;
use serde_json::Value;

fn schema() -> jsonschema::Validator {
    let schema = json(&read("demos/prompt-envelope.schema.json"));
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "the schema declares Draft 2020-12"
    );
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("schema does not compile: {e}"))
}

fn schema_errors(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect()
}

#[test]
fn demos_pass_the_schema_and_the_validator_without_any_issue() {
    let validator = schema();
    for demo in DEMOS {
        let text = read(&format!("demos/{demo}"));
        assert_eq!(
            schema_errors(&validator, &json(&text)),
            Vec::<String>::new(),
            "{demo}"
        );
        assert_eq!(pep_core::validate(&text), vec![], "{demo}");
    }
}

#[test]
fn valid_fixtures_pass_both() {
    let validator = schema();
    let mut count = 0;
    for entry in std::fs::read_dir(repo().join("tests/fixtures/valid"))
        .into_iter()
        .flatten()
    {
        let path = entry.map(|e| e.path()).unwrap_or_default();
        if path.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let name = path.display();
        assert_eq!(
            schema_errors(&validator, &json(&text)),
            Vec::<String>::new(),
            "{name}"
        );
        assert_eq!(pep_core::validate(&text), vec![], "{name}");
        count += 1;
    }
    assert!(
        count >= 3,
        "expected at least 3 valid fixtures, found {count}"
    );
}

#[test]
fn invalid_fixtures_fail_both_at_the_expected_paths() {
    let validator = schema();
    let cases = json(&read("tests/fixtures/invalid/cases.json"));
    let cases = cases.as_array().cloned().unwrap_or_default();
    assert!(cases.len() >= 25, "only {} invalid cases", cases.len());
    for case in cases {
        let file = case["file"].as_str().unwrap_or_default();
        let expected: Vec<&str> = case["errors"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let text = read(&format!("tests/fixtures/invalid/{file}"));
        assert!(
            !validator.is_valid(&json(&text)),
            "{file}: the schema accepts it, our validator does not"
        );
        let errors: Vec<String> = pep_core::validate(&text)
            .into_iter()
            .filter(|issue| issue.severity() == Severity::Error)
            .map(|issue| issue.path)
            .collect();
        assert_eq!(errors, expected, "{file}: error paths");
    }
}

/// Cases our validator rejects but a JSON Schema cannot express: each is documented here so
/// the disagreement is deliberate, not accidental.
#[test]
fn validator_only_rules_are_the_documented_ones() {
    let validator = schema();
    let duplicate_id = common::envelope(&format!(
        "{},{}",
        common::message("m1", "user", 1, r#"{"kind":"text","content":"a"}"#),
        common::message("m1", "assistant", 2, r#"{"kind":"text","content":"b"}"#)
    ));
    // Draft 2020-12 counts 1.0e12 as an integer; DECISIONS §1 says it is not.
    let exponent_timestamp = common::envelope(&common::message(
        "m1",
        "user",
        0,
        r#"{"kind":"text","content":"a"}"#,
    ))
    .replace(r#""timestamp":0"#, r#""timestamp":1.0e12"#);
    for (name, text) in [
        ("duplicate id", duplicate_id),
        ("1.0e12", exponent_timestamp),
    ] {
        assert!(validator.is_valid(&json(&text)), "{name}: schema");
        assert!(
            pep_core::validate(&text).iter().any(|i| i.is_error()),
            "{name}: validator"
        );
    }
}
