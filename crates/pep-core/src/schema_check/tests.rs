use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use super::{Mismatch, MismatchKind, Report, Unchecked, check};

#[cfg(not(target_arch = "wasm32"))]
mod agreement;
mod unchecked;

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
fn type_names_and_lists() {
    for (name, good, bad) in [
        ("string", json!("x"), json!(1)),
        ("number", json!(1.5), json!("1.5")),
        ("integer", json!(3), json!(3.5)),
        ("boolean", json!(true), json!(0)),
        ("null", json!(null), json!(false)),
        ("array", json!([]), json!({})),
        ("object", json!({}), json!([])),
    ] {
        assert!(
            passes(json!({ "type": name }), good.clone()),
            "{name} {good}"
        );
        assert!(
            !passes(json!({ "type": name }), bad.clone()),
            "{name} {bad}"
        );
    }
    assert_eq!(
        problems(json!({"type": "string"}), json!(5)),
        [wrong_type("string", "number")]
    );
    let nullable = json!({"type": ["integer", "null"]});
    assert!(passes(nullable.clone(), json!(null)));
    assert!(passes(nullable.clone(), json!(7)));
    assert_eq!(
        problems(nullable, json!("7")),
        [wrong_type("integer|null", "string")]
    );
    // The root is the arguments object itself.
    assert_eq!(
        mismatches(json!({"type": "array"}), json!({})),
        [(String::new(), wrong_type("array", "object"))]
    );
}

#[test]
fn integers_are_numbers_without_a_fraction_by_value() {
    let schema = object(json!({"properties": {"n": {"type": "integer"}}}));
    for (text, ok) in [
        ("1", true),
        ("1.0", true),
        ("-0", true),
        ("1e3", true),
        ("2.50e1", true),
        ("2.5e1", true),
        ("25e-1", false),
        ("12345678901234567890123", true),
        ("0.1", false),
    ] {
        let arguments = parsed(&format!(r#"{{"n": {text}}}"#));
        let report = check(&schema, &arguments);
        assert_eq!(report.mismatches.is_empty(), ok, "{text}");
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
fn enum_and_const_compare_json_values() {
    let choices = json!({"enum": ["celsius", "fahrenheit", 1, null]});
    assert!(passes(choices.clone(), json!("celsius")));
    assert!(passes(choices.clone(), json!(1.0)));
    assert!(passes(choices.clone(), json!(null)));
    assert_eq!(
        problems(choices, json!("kelvin")),
        [MismatchKind::NotInEnum]
    );
    let constant = json!({"const": {"a": [1, {"b": true}], "c": "x"}});
    assert!(passes(
        constant.clone(),
        json!({"c": "x", "a": [1.0, {"b": true}]})
    ));
    assert_eq!(
        problems(constant.clone(), json!({"c": "x", "a": [1, {"b": false}]})),
        [MismatchKind::NotConst]
    );
    assert_eq!(
        problems(constant, json!({"c": "x"})),
        [MismatchKind::NotConst]
    );
    assert_eq!(
        problems(json!({"const": 2}), json!("2")),
        [MismatchKind::NotConst]
    );
}

#[test]
fn numeric_bounds() {
    let schema = parsed(
        r#"{"properties": {"v": {"minimum": 1.50, "maximum": 10.0}},
            "additionalProperties": {"exclusiveMinimum": 0, "exclusiveMaximum": 100}}"#,
    );
    let kinds = |text: &str| -> Vec<(String, MismatchKind)> {
        let report = check(&schema, &parsed(text));
        report
            .mismatches
            .into_iter()
            .map(|m| (m.path, m.problem))
            .collect()
    };
    assert!(kinds(r#"{"v": 1.5, "w": 99.9}"#).is_empty());
    assert!(kinds(r#"{"v": 10.0, "w": 0.001}"#).is_empty());
    let below = MismatchKind::BelowMinimum {
        limit: "1.50".into(),
        exclusive: false,
    };
    let above = MismatchKind::AboveMaximum {
        limit: "10.0".into(),
        exclusive: false,
    };
    assert_eq!(kinds(r#"{"v": 1.49}"#), [(".v".to_owned(), below)]);
    assert_eq!(kinds(r#"{"v": 10.01}"#), [(".v".to_owned(), above)]);
    let not_above = MismatchKind::BelowMinimum {
        limit: "0".into(),
        exclusive: true,
    };
    let not_below = MismatchKind::AboveMaximum {
        limit: "100".into(),
        exclusive: true,
    };
    assert_eq!(kinds(r#"{"w": 0}"#), [(".w".to_owned(), not_above)]);
    assert_eq!(kinds(r#"{"w": 100.0}"#), [(".w".to_owned(), not_below)]);
    // Strings are not numbers: bounds do not apply.
    assert!(kinds(r#"{"v": "0"}"#).is_empty());
    // Draft 4's boolean exclusiveMinimum.
    let draft4 =
        json!({"minimum": 5, "exclusiveMinimum": true, "maximum": 9, "exclusiveMaximum": false});
    assert!(passes(draft4.clone(), json!(9)));
    assert_eq!(
        problems(draft4, json!(5)),
        [MismatchKind::BelowMinimum {
            limit: "5".into(),
            exclusive: true
        }]
    );
}

#[test]
fn string_lengths_count_scalar_values() {
    let schema = json!({"minLength": 2, "maxLength": 3});
    assert!(passes(schema.clone(), json!("ab")));
    assert!(passes(schema.clone(), json!("😀😀😀")));
    assert_eq!(
        problems(schema.clone(), json!("é")),
        [MismatchKind::TooShort { min: 2 }]
    );
    assert_eq!(
        problems(schema.clone(), json!("abcd")),
        [MismatchKind::TooLong { max: 3 }]
    );
    assert!(passes(schema, json!(12345)));
    assert!(passes(json!({"minLength": 2.0}), json!("ab")));
}

#[test]
fn patterns() {
    let schema = json!({"pattern": "^[A-Z]{3}$"});
    assert!(passes(schema.clone(), json!("NOK")));
    assert_eq!(
        problems(schema, json!("nok")),
        [MismatchKind::PatternMismatch {
            pattern: "^[A-Z]{3}$".into()
        }]
    );
    // Unanchored: a match anywhere will do.
    assert!(passes(json!({"pattern": "\\d"}), json!("room 5")));
    assert!(!passes(json!({"pattern": "^\\d"}), json!("room 5")));
    // An unsupported pattern is reported, never applied.
    let lookahead = json!({"properties": {"p": {"pattern": "^(?=.*\\d).+$"}}});
    let report = run(lookahead, json!({"p": "no digits"}));
    assert!(report.mismatches.is_empty());
    assert_eq!(
        report.unchecked,
        [Unchecked {
            schema_path: "properties.p.pattern".into(),
            keyword: "pattern".into()
        }]
    );
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
