//! The keywords that check a single value: `type` (integers by value, not by spelling),
//! `enum` and `const` (JSON equality, so `1` equals `1.0`), the numeric bounds (both drafts'
//! exclusive forms), string lengths in scalar values, and `pattern`, applied only where the
//! regex subset supports it and reported as unchecked otherwise.

use super::*;

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
