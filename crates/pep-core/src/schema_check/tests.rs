//! Unit tests of the schema checker: the helpers and the keywords that shape objects and
//! arrays (required and additional properties, items, paths, boolean schemas, counts) here;
//! single-value keywords in `values`, what is left unchecked in `unchecked`, agreement with
//! the `jsonschema` crate in `agreement`.

use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use super::{Mismatch, MismatchKind, Report, Unchecked, check};

#[cfg(not(target_arch = "wasm32"))]
mod agreement;
mod unchecked;
mod values;

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(members) => members,
        other => panic!("not an object: {other}"),
    }
}

/// Parses text, keeping number spellings (`json!` writes floats its own way).
fn parsed(text: &str) -> Map<String, Value> {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn run(schema: Value, arguments: Value) -> Report {
    check(&object(schema), &object(arguments))
}

/// The mismatches of a check, as (path, kind) pairs.
fn mismatches(schema: Value, arguments: Value) -> Vec<(String, MismatchKind)> {
    let report = run(schema, arguments);
    assert_eq!(report.more, 0);
    report
        .mismatches
        .into_iter()
        .map(|Mismatch { path, problem }| (path, problem))
        .collect()
}

/// The problems of `value` checked as property `v` against the schema `property`.
fn problems(property: Value, value: Value) -> Vec<MismatchKind> {
    let schema = json!({"type": "object", "properties": {"v": property}});
    mismatches(schema, json!({ "v": value }))
        .into_iter()
        .map(|(path, kind)| {
            assert_eq!(path, ".v");
            kind
        })
        .collect()
}

fn passes(property: Value, value: Value) -> bool {
    problems(property, value).is_empty()
}

fn unchecked(schema: Value) -> Vec<(String, String)> {
    run(schema, json!({}))
        .unchecked
        .into_iter()
        .map(
            |Unchecked {
                 schema_path,
                 keyword,
             }| (schema_path, keyword),
        )
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

fn wrong_type(expected: &str, found: &'static str) -> MismatchKind {
    MismatchKind::WrongType {
        expected: expected.to_owned(),
        found,
    }
}

#[test]
fn required_and_additional_properties() {
    let schema = json!({
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city", "days"],
        "additionalProperties": false
    });
    assert!(mismatches(schema.clone(), json!({"city": "Oslo", "days": 3})).is_empty());
    assert_eq!(
        mismatches(schema, json!({"days": 3, "unit": "C"})),
        [
            (
                String::new(),
                MismatchKind::MissingRequired {
                    name: "city".into()
                }
            ),
            (
                String::new(),
                MismatchKind::NotAllowed {
                    name: "unit".into()
                }
            ),
        ]
    );
    let typed_rest = json!({"properties": {"a": {}}, "additionalProperties": {"type": "number"}});
    assert!(mismatches(typed_rest.clone(), json!({"a": "x", "b": 2})).is_empty());
    assert_eq!(
        mismatches(typed_rest, json!({"a": "x", "b": "2"})),
        [(".b".to_owned(), wrong_type("number", "string"))]
    );
    let open = json!({"properties": {"a": {}}, "additionalProperties": true});
    assert!(mismatches(open, json!({"z": 1})).is_empty());
}

#[test]
fn arrays_and_nested_paths() {
    let schema = json!({
        "properties": {"items": {
            "type": "array", "minItems": 1, "maxItems": 3,
            "items": {"type": "object", "required": ["name"],
                      "properties": {"name": {"type": "string"}, "tags": {"items": {"type": "string"}}}}
        }}
    });
    assert!(
        mismatches(
            schema.clone(),
            json!({"items": [{"name": "a", "tags": ["x"]}]})
        )
        .is_empty()
    );
    assert_eq!(
        mismatches(
            schema.clone(),
            json!({"items": [{"name": "a"}, {}, {"name": 2, "tags": ["x", 3]}]})
        ),
        [
            (
                ".items[1]".to_owned(),
                MismatchKind::MissingRequired {
                    name: "name".into()
                }
            ),
            (".items[2].name".to_owned(), wrong_type("string", "number")),
            (
                ".items[2].tags[1]".to_owned(),
                wrong_type("string", "number")
            ),
        ]
    );
    assert_eq!(
        mismatches(schema.clone(), json!({"items": []})),
        [(".items".to_owned(), MismatchKind::TooFewItems { min: 1 })]
    );
    let four = json!({"items": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}]});
    assert_eq!(
        mismatches(schema, four),
        [(".items".to_owned(), MismatchKind::TooManyItems { max: 3 })]
    );
}

#[test]
fn odd_keys_use_the_path_syntax() {
    let schema = json!({
        "properties": {"a b": {"properties": {"x.y": {"type": "string"}, "ok": {"type": "string"}}}},
        "additionalProperties": {"type": "string"}
    });
    let arguments = json!({"a b": {"x.y": 1, "ok": 2}, "1st": 3, "q\"\n": 4});
    let paths: Vec<String> = mismatches(schema, arguments)
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    assert_eq!(
        paths,
        [
            r#"["a b"]["x.y"]"#,
            r#"["a b"].ok"#,
            r#"["1st"]"#,
            r#"["q\"\n"]"#
        ]
    );
}

#[test]
fn boolean_schemas() {
    let schema = json!({
        "properties": {"any": true, "never": false, "list": {"items": false}, "free": {"items": true}},
        "additionalProperties": false
    });
    assert!(
        mismatches(
            schema.clone(),
            json!({"any": [1], "list": [], "free": [1, "x"]})
        )
        .is_empty()
    );
    assert_eq!(
        mismatches(schema, json!({"never": 1, "list": [0], "extra": 1})),
        [
            (".never".to_owned(), MismatchKind::Forbidden),
            (".list[0]".to_owned(), MismatchKind::Forbidden),
            (
                String::new(),
                MismatchKind::NotAllowed {
                    name: "extra".into()
                }
            ),
        ]
    );
}

#[test]
fn properties_bounds() {
    let schema = json!({"minProperties": 1, "maxProperties": 2});
    assert!(mismatches(schema.clone(), json!({"a": 1})).is_empty());
    assert_eq!(
        mismatches(schema.clone(), json!({})),
        [(String::new(), MismatchKind::TooFewProperties { min: 1 })]
    );
    assert_eq!(
        mismatches(schema, json!({"a": 1, "b": 2, "c": 3})),
        [(String::new(), MismatchKind::TooManyProperties { max: 2 })]
    );
}
