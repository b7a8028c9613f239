//! What is not checked, malformed schemas, the caps, size and messages.

use super::*;

#[test]
fn unsupported_keywords_are_listed_once_per_location() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:x", "$comment": "c", "title": "t", "description": "d",
        "$defs": {"x": {"format": "never read"}},
        "type": "object",
        "properties": {
            "when": {"type": "string", "format": "date-time", "description": "d", "default": "now",
                     "examples": ["x"], "deprecated": false, "readOnly": true},
            "who": {"$ref": "#/$defs/x"},
            "how": {"anyOf": [{}], "oneOf": [{}], "allOf": [{}], "not": {}},
            "list": {"type": "array", "items": {"multipleOf": 2, "if": {}, "then": {}, "else": {}},
                     "uniqueItems": true}
        },
        "dependentRequired": {"a": ["b"]},
        "x-vendor": 1
    });
    assert_eq!(
        unchecked(schema.clone()),
        pairs(&[
            ("properties.when.format", "format"),
            ("properties.who.$ref", "$ref"),
            ("properties.how.anyOf", "anyOf"),
            ("properties.how.oneOf", "oneOf"),
            ("properties.how.allOf", "allOf"),
            ("properties.how.not", "not"),
            ("properties.list.items.multipleOf", "multipleOf"),
            ("properties.list.items.if", "if"),
            ("properties.list.items.then", "then"),
            ("properties.list.items.else", "else"),
            ("properties.list.uniqueItems", "uniqueItems"),
            ("dependentRequired", "dependentRequired"),
            ("x-vendor", "x-vendor"),
        ])
    );
    // Ten thousand items under one `items` schema: still one entry per location.
    let list: Vec<Value> = (0..10_000).map(Value::from).collect();
    let report = run(schema, json!({ "list": list }));
    assert!(report.mismatches.is_empty());
    assert_eq!(report.unchecked.len(), 13);
}

#[test]
fn keywords_whose_meaning_depends_on_unchecked_ones_are_not_applied() {
    // With prefixItems, `items` covers only the later items; with patternProperties,
    // `additionalProperties` only the keys no pattern matches.
    let schema = json!({
        "properties": {"pair": {"prefixItems": [{"type": "string"}], "items": {"type": "number"}}},
        "patternProperties": {"^x-": {}},
        "additionalProperties": false
    });
    assert_eq!(
        unchecked(schema.clone()),
        pairs(&[
            ("properties.pair.prefixItems", "prefixItems"),
            ("properties.pair.items", "items"),
            ("patternProperties", "patternProperties"),
            ("additionalProperties", "additionalProperties"),
        ])
    );
    assert!(
        run(schema, json!({"pair": ["a", 1], "x-1": 0}))
            .mismatches
            .is_empty()
    );
    // A malformed `properties` leaves unknown which keys are "additional".
    let malformed = json!({"properties": [], "additionalProperties": false});
    assert_eq!(
        unchecked(malformed.clone()),
        pairs(&[
            ("properties", "properties"),
            ("additionalProperties", "additionalProperties")
        ])
    );
    assert!(run(malformed, json!({"a": 1})).mismatches.is_empty());
    // The tuple form of `items` (drafts up to 2019-09).
    assert_eq!(
        unchecked(json!({"items": [{"type": "string"}], "additionalItems": false})),
        pairs(&[("items", "items"), ("additionalItems", "additionalItems")])
    );
}

#[test]
fn ref_siblings_follow_the_draft() {
    // From 2019-09 on (and by default) `$ref`'s siblings apply; up to draft 7 they mean
    // nothing.
    let property = json!({"$ref": "#/$defs/x", "type": "string"});
    let new = json!({"properties": {"p": property}});
    let report = run(new, json!({"p": 1}));
    assert_eq!(report.mismatches.len(), 1);
    assert_eq!(report.unchecked.len(), 1);
    let old = json!({"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"p": property}});
    let report = run(old, json!({"p": 1}));
    assert_eq!(report.mismatches, []);
    assert_eq!(
        report.unchecked,
        [Unchecked {
            schema_path: "properties.p.$ref".into(),
            keyword: "$ref".into()
        }]
    );
}

#[test]
fn openapi_nullable_admits_null() {
    let schema = json!({"type": "string", "nullable": true});
    assert!(passes(schema.clone(), json!(null)));
    assert!(passes(schema.clone(), json!("x")));
    assert!(!passes(schema, json!(1)));
    assert!(!passes(
        json!({"type": "string", "nullable": false}),
        json!(null)
    ));
}

#[test]
fn malformed_keywords_are_listed_not_applied() {
    let schema = json!({
        "type": 5,
        "required": "city",
        "properties": {"a": "string", "b": {"type": "nope"}, "c": {"minimum": "1", "maxLength": -1,
                       "minItems": 1.5, "enum": "x", "pattern": 5, "items": 3}},
        "additionalProperties": "no"
    });
    assert_eq!(
        unchecked(schema.clone()),
        pairs(&[
            ("type", "type"),
            ("required", "required"),
            ("properties.a", "properties"),
            ("properties.b.type", "type"),
            ("properties.c.minimum", "minimum"),
            ("properties.c.maxLength", "maxLength"),
            ("properties.c.minItems", "minItems"),
            ("properties.c.enum", "enum"),
            ("properties.c.pattern", "pattern"),
            ("properties.c.items", "items"),
            ("additionalProperties", "additionalProperties"),
        ])
    );
    let arguments = json!({"a": 1, "b": 2, "c": [0], "d": true});
    assert_eq!(run(schema, arguments).mismatches, []);
    assert_eq!(
        unchecked(json!({"type": [], "properties": [], "minProperties": null})),
        pairs(&[
            ("type", "type"),
            ("properties", "properties"),
            ("minProperties", "minProperties")
        ])
    );
    // `a` is still a listed property, so additionalProperties: false allows it.
    let listed = json!({"properties": {"a": 7}, "additionalProperties": false});
    assert!(run(listed, json!({"a": 1})).mismatches.is_empty());
}

#[test]
fn very_deep_schemas_stop_without_overflowing() {
    let mut schema = json!({"type": "string"});
    let mut arguments = json!("x");
    for _ in 0..200 {
        schema = json!({ "properties": { "a": schema } });
        arguments = json!({ "a": arguments });
    }
    let report = run(schema, arguments);
    assert!(report.mismatches.is_empty());
    assert_eq!(report.unchecked.len(), 1);
    assert_eq!(
        report.unchecked.first().map(|u| u.keyword.as_str()),
        Some("properties")
    );
}

#[test]
fn mismatches_and_unchecked_entries_are_capped() {
    let list: Vec<Value> = (0..10_000).map(Value::from).collect();
    let schema = json!({"properties": {"list": {"items": {"type": "string"}}}});
    let report = run(schema, json!({ "list": list }));
    assert_eq!(report.mismatches.len(), 100);
    assert_eq!(report.more, 9_900);
    assert_eq!(
        report.mismatches.last().map(|m| m.path.as_str()),
        Some(".list[99]")
    );
    let mut many = Map::new();
    for n in 0..150 {
        many.insert(format!("x-{n}"), json!(n));
    }
    assert_eq!(check(&many, &Map::new()).unchecked.len(), 100);
}

#[test]
fn pattern_matching_stops_at_its_budget() {
    // 5,000-character strings against a 5,000-instruction pattern: 25 million steps each,
    // so the budget (about 33 million) covers the first string only.
    let long = "a".repeat(5_000);
    let list: Vec<Value> = (0..10).map(|_| json!(long)).collect();
    let schema = json!({"properties": {"list": {"items": {"pattern": "^(a|b){0,1000}$"}}}});
    let started = Instant::now();
    let report = run(schema, json!({ "list": list }));
    assert!(started.elapsed() < Duration::from_secs(20));
    // The first string was matched (and fails: it is longer than 1,000 characters).
    assert_eq!(
        report.mismatches,
        [Mismatch {
            path: ".list[0]".into(),
            problem: MismatchKind::PatternMismatch {
                pattern: "^(a|b){0,1000}$".into()
            }
        }]
    );
    assert_eq!(
        report.unchecked,
        [Unchecked {
            schema_path: "properties.list.items.pattern".into(),
            keyword: "pattern".into()
        }]
    );
}

#[test]
fn ten_thousand_items_are_checked_quickly() {
    let items: Vec<Value> = (0..10_000)
        .map(|n| json!({"id": n, "code": format!("AB-{:04}", n % 10_000), "tags": ["x"]}))
        .collect();
    let schema = json!({
        "type": "object",
        "required": ["items"],
        "properties": {"items": {
            "type": "array", "maxItems": 10_000,
            "items": {
                "type": "object", "required": ["id", "code"], "additionalProperties": false,
                "properties": {
                    "id": {"type": "integer", "minimum": 0, "maximum": 9_999},
                    "code": {"type": "string", "pattern": "^[A-Z]{2}-\\d{4}$", "maxLength": 7},
                    "tags": {"type": "array", "items": {"enum": ["x", "y"]}}
                }
            }
        }}
    });
    let started = Instant::now();
    let report = run(schema, json!({ "items": items }));
    assert_eq!(report, Report::default());
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn messages_are_short_sentences() {
    let cases = [
        (
            wrong_type("string", "number"),
            "is a number, the schema wants a string",
        ),
        (
            wrong_type("integer|null", "array"),
            "is an array, the schema wants an integer or null",
        ),
        (
            wrong_type("object", "null"),
            "is null, the schema wants an object",
        ),
        (
            MismatchKind::MissingRequired {
                name: "city".into(),
            },
            "the required property \"city\" is missing",
        ),
        (
            MismatchKind::NotAllowed {
                name: "unit".into(),
            },
            "the property \"unit\" is not allowed by the schema",
        ),
        (
            MismatchKind::Forbidden,
            "is not allowed here (the schema is false)",
        ),
        (
            MismatchKind::NotInEnum,
            "is not one of the values the schema allows",
        ),
        (
            MismatchKind::NotConst,
            "is not the value the schema requires",
        ),
        (
            MismatchKind::BelowMinimum {
                limit: "1.50".into(),
                exclusive: false,
            },
            "is less than the minimum 1.50",
        ),
        (
            MismatchKind::BelowMinimum {
                limit: "0".into(),
                exclusive: true,
            },
            "is not greater than 0",
        ),
        (
            MismatchKind::AboveMaximum {
                limit: "1e3".into(),
                exclusive: false,
            },
            "is greater than the maximum 1e3",
        ),
        (
            MismatchKind::AboveMaximum {
                limit: "9".into(),
                exclusive: true,
            },
            "is not less than 9",
        ),
    ];
    for (kind, message) in cases {
        assert_eq!(kind.message(), message);
    }
}

#[test]
fn length_and_count_messages() {
    let cases = [
        (
            MismatchKind::TooShort { min: 1 },
            "is shorter than 1 character",
        ),
        (
            MismatchKind::TooLong { max: 8 },
            "is longer than 8 characters",
        ),
        (
            MismatchKind::PatternMismatch {
                pattern: "^a+$".into(),
            },
            "does not match the pattern \"^a+$\"",
        ),
        (
            MismatchKind::TooFewItems { min: 2 },
            "has fewer than 2 items",
        ),
        (
            MismatchKind::TooManyItems { max: 1 },
            "has more than 1 item",
        ),
        (
            MismatchKind::TooFewProperties { min: 2 },
            "has fewer than 2 properties",
        ),
        (
            MismatchKind::TooManyProperties { max: 1 },
            "has more than 1 property",
        ),
    ];
    for (kind, message) in cases {
        assert_eq!(kind.message(), message);
    }
}
