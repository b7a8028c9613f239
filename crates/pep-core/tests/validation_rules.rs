//! DECISIONS §1, rule by rule: each test states the input, the expected issues (severity,
//! path and, where it matters, the message) and nothing else.

mod common;

use common::{envelope, issue_paths, issues, message, one_message};
use pep_core::{Mode, Problem, Severity::Error, Severity::Warning};

fn paths(list: &[(pep_core::Severity, &str)]) -> Vec<(pep_core::Severity, String)> {
    list.iter().map(|(s, p)| (*s, p.to_string())).collect()
}

const TEXT: &str = r#"{"kind":"text","content":"hi"}"#;

#[test]
fn a_clean_envelope_has_no_issues() {
    assert_eq!(issue_paths(&one_message(TEXT)), vec![]);
}

#[test]
fn invalid_json_names_line_and_column() {
    let text = "{\n  \"version\": \"1.0\",\n  \"messages\": [\n    {\"id\": \"m1\",, }\n  ]\n}";
    let found = issues(text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].path, "$");
    match &found[0].problem {
        Problem::InvalidJson { line, column, .. } => assert_eq!((*line, *column), (4, 17)),
        other => panic!("{other:?}"),
    }
    assert!(
        found[0]
            .to_string()
            .starts_with("error $: invalid JSON at line 4, column 17: "),
        "{}",
        found[0]
    );
    // Columns count characters, not UTF-8 bytes, and start at 1.
    let chinese = issues("{\n  \"标题\": \"中文中文\", x}");
    assert!(
        matches!(
            chinese[0].problem,
            Problem::InvalidJson {
                line: 2,
                column: 17,
                ..
            }
        ),
        "{}",
        chinese[0]
    );
    assert!(matches!(
        issues("")[0].problem,
        Problem::InvalidJson {
            line: 1,
            column: 1,
            ..
        }
    ));
    let truncated = issues("{\"version\": \"1.0\"");
    assert!(matches!(
        truncated[0].problem,
        Problem::InvalidJson { line: 1, .. }
    ));
    assert!(matches!(issues("")[0].problem, Problem::InvalidJson { .. }));
}

#[test]
fn a_leading_byte_order_mark_is_not_an_error() {
    assert_eq!(
        issue_paths(&format!("\u{feff}{}", one_message(TEXT))),
        vec![]
    );
}

#[test]
fn version_must_be_the_string_1_0() {
    for (version, shown) in [("\"2.0\"", "\"2.0\""), ("1.0", "1.0"), ("\"1\"", "\"1\"")] {
        let text = one_message(TEXT).replace("\"1.0\"", version);
        let found = issues(&text);
        assert_eq!(found.len(), 1, "{version}");
        assert_eq!(found[0].path, "version");
        assert_eq!(
            found[0].problem,
            Problem::WrongVersion {
                found: shown.into()
            }
        );
    }
}

#[test]
fn schema_key_is_allowed_and_other_top_level_keys_warn() {
    let text = one_message(TEXT).replacen(
        '{',
        r#"{"$schema":"./prompt-envelope.schema.json","x-note":1,"#,
        1,
    );
    assert_eq!(issue_paths(&text), paths(&[(Warning, "x-note")]));
    let weird = one_message(TEXT).replacen('{', r#"{"a b":1,"#, 1);
    assert_eq!(issue_paths(&weird), paths(&[(Warning, "[\"a b\"]")]));
}

#[test]
fn empty_messages_and_segments_are_errors() {
    let text = envelope("");
    assert_eq!(issue_paths(&text), paths(&[(Error, "messages")]));
    let text = envelope(&message("m1", "user", 1, ""));
    assert_eq!(
        issue_paths(&text),
        paths(&[(Error, "messages[0].segments")])
    );
}

#[test]
fn unknown_role_and_kind_are_errors_at_their_fields() {
    let text = envelope(&message("m1", "bot", 1, TEXT));
    assert_eq!(issue_paths(&text), paths(&[(Error, "messages[0].role")]));
    assert_eq!(
        issues(&text)[0].to_string(),
        "error messages[0].role: unknown role \"bot\" (expected system, user, assistant or tool)"
    );
    let text = one_message(r#"{"kind":"txt","content":"a"}"#);
    assert_eq!(
        issue_paths(&text),
        paths(&[(Error, "messages[0].segments[0].kind")])
    );
    let text = one_message(r#"{"kind":"Text","content":"a"}"#);
    assert_eq!(
        issue_paths(&text),
        paths(&[(Error, "messages[0].segments[0].kind")])
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let segments = [
        r#"{"kind":"text"}"#,
        r#"{"kind":"memory","items":[{"title":1,"content":"c"},{"content":"c"}],"collapsed":true}"#,
        r#"{"kind":"document","fileName":"a","mimeType":"b","snippet":"c","sizeBytes":-1}"#,
        r#"{"kind":"media","mediaType":"pdf","url":"x"}"#,
    ]
    .join(",");
    let text = envelope(&format!(
        "{},{}",
        message("m1", "user", 1, &segments),
        message(
            "m2",
            "robot",
            2,
            r#"{"kind":"long_text","content":"ab","charCount":1.5,"collapsed":true}"#
        )
    ));
    assert_eq!(
        issue_paths(&text),
        paths(&[
            (Error, "messages[0].segments[0].content"),
            (Error, "messages[0].segments[1].items[0].title"),
            (Error, "messages[0].segments[1].items[1].title"),
            (Error, "messages[0].segments[2].sizeBytes"),
            (Error, "messages[0].segments[3].mediaType"),
            (Error, "messages[1].role"),
            (Error, "messages[1].segments[0].charCount"),
        ])
    );
}

#[test]
fn required_fields_missing_or_of_the_wrong_type() {
    let cases = [
        (r#"{"kind":"static_var","name":"a"}"#, "value"),
        (
            r#"{"kind":"static_var","name":"a","value":"v","description":7}"#,
            "description",
        ),
        (
            r#"{"kind":"system_prompt","content":null,"collapsed":true}"#,
            "content",
        ),
        (
            r#"{"kind":"skills","items":[{"name":"pdf"}],"collapsed":true}"#,
            "items[0].description",
        ),
        (
            r#"{"kind":"tool_overview","items":[{"name":"a","description":"b"}],"collapsed":true}"#,
            "items[0].parameters",
        ),
        (
            r#"{"kind":"tool_overview","items":[{"name":"a","description":"b","parameters":"","schema":[]}],"collapsed":true}"#,
            "items[0].schema",
        ),
        (
            r#"{"kind":"tool_call_request","toolName":"a","arguments":"{}","collapsed":false}"#,
            "arguments",
        ),
        (
            r#"{"kind":"tool_call_result","toolName":"a","result":"r","success":"true","collapsed":true}"#,
            "success",
        ),
        (
            r#"{"kind":"document","fileName":"a","mimeType":"b","sizeBytes":1}"#,
            "snippet",
        ),
        (
            r#"{"kind":"document","fileName":"a","mimeType":"b","snippet":"s","sizeBytes":"1"}"#,
            "sizeBytes",
        ),
        (
            r#"{"kind":"long_text","content":"a","collapsed":true}"#,
            "charCount",
        ),
        (r#"{"kind":"media","mediaType":"image"}"#, "url"),
        (
            r#"{"kind":"media","mediaType":"image","url":"a.png","altText":false}"#,
            "altText",
        ),
        (r#"{"kind":"memory","items":{},"collapsed":true}"#, "items"),
        (
            r#"{"kind":"memory","items":["x"],"collapsed":true}"#,
            "items[0]",
        ),
    ];
    for (segment, field) in cases {
        let text = one_message(segment);
        let expected = format!("messages[0].segments[0].{field}");
        let found: Vec<_> = issue_paths(&text)
            .into_iter()
            .filter(|(s, _)| *s == Error)
            .collect();
        assert_eq!(found, vec![(Error, expected)], "{segment}");
    }
}

#[test]
fn empty_items_are_errors() {
    for kind in ["memory", "skills", "tool_overview"] {
        let text = one_message(&format!(
            r#"{{"kind":"{kind}","items":[],"collapsed":true}}"#
        ));
        assert_eq!(
            issue_paths(&text),
            paths(&[(Error, "messages[0].segments[0].items")]),
            "{kind}"
        );
    }
}

#[test]
fn collapsed_is_required_exactly_where_the_spec_requires_it() {
    let without = [
        r#"{"kind":"system_prompt","content":"a"}"#,
        r#"{"kind":"memory","items":[{"title":"t","content":"c"}]}"#,
        r#"{"kind":"skills","items":[{"name":"pdf","description":"d"}]}"#,
        r#"{"kind":"tool_overview","items":[{"name":"a","description":"b","parameters":"p"}]}"#,
        r#"{"kind":"long_text","content":"ab","charCount":2}"#,
    ];
    for segment in without {
        let text = one_message(segment);
        assert_eq!(
            issue_paths(&text),
            paths(&[(Error, "messages[0].segments[0].collapsed")]),
            "{segment}"
        );
    }
    let request = envelope(&format!(
        "{},{}",
        message(
            "m1",
            "assistant",
            1,
            r#"{"kind":"tool_call_request","toolName":"t","arguments":{}}"#
        ),
        message(
            "m2",
            "tool",
            2,
            r#"{"kind":"tool_call_result","toolName":"t","result":"r","success":true}"#
        )
    ));
    assert_eq!(
        issue_paths(&request),
        paths(&[
            (Error, "messages[0].segments[0].collapsed"),
            (Error, "messages[1].segments[0].collapsed"),
        ])
    );
    for segment in [
        TEXT,
        r#"{"kind":"document","fileName":"a","mimeType":"b","snippet":"c","sizeBytes":0}"#,
        r#"{"kind":"media","mediaType":"audio","url":"a.mp3"}"#,
    ] {
        assert_eq!(issue_paths(&one_message(segment)), vec![], "{segment}");
    }
}

#[test]
fn duplicate_id_is_an_error_at_the_second_occurrence() {
    let text = envelope(&format!(
        "{},{},{}",
        message("a", "user", 1, TEXT),
        message("b", "assistant", 2, TEXT),
        message("a", "user", 3, TEXT)
    ));
    let found = issues(&text);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].to_string(),
        "error messages[2].id: duplicate message id \"a\" (first used at messages[0])"
    );
}

#[test]
fn negative_and_fractional_counts() {
    let doc = |size: &str| {
        one_message(&format!(
            r#"{{"kind":"document","fileName":"a","mimeType":"b","snippet":"c","sizeBytes":{size}}}"#
        ))
    };
    for (size, problem) in [
        ("-1", Problem::Negative { found: "-1".into() }),
        (
            "12.5",
            Problem::NotInteger {
                found: "12.5".into(),
            },
        ),
        (
            "1024.0",
            Problem::NotInteger {
                found: "1024.0".into(),
            },
        ),
        (
            "1e3",
            Problem::NotInteger {
                found: "1e3".into(),
            },
        ),
    ] {
        let found = issues(&doc(size));
        assert_eq!(found.len(), 1, "{size}");
        assert_eq!(found[0].path, "messages[0].segments[0].sizeBytes");
        assert_eq!(found[0].problem, problem);
    }
    let long = one_message(r#"{"kind":"long_text","content":"","charCount":-2,"collapsed":true}"#);
    assert_eq!(
        issue_paths(&long),
        paths(&[(Error, "messages[0].segments[0].charCount")])
    );
}

#[test]
fn timestamps_must_be_integers() {
    for stamp in ["1.0e12", "1780897800000.0", "\"1780897800000\"", "null"] {
        let text = envelope(&message("m1", "user", 0, TEXT))
            .replace(r#""timestamp":0"#, &format!(r#""timestamp":{stamp}"#));
        assert_eq!(
            issue_paths(&text),
            paths(&[(Error, "messages[0].timestamp")]),
            "{stamp}"
        );
    }
    let text =
        envelope(&message("m1", "user", 0, TEXT)).replace(r#""timestamp":0"#, r#""timestamp":-1"#);
    assert_eq!(
        issue_paths(&text),
        vec![],
        "a negative integer is still an integer"
    );
}

#[test]
fn media_type_must_be_image_audio_or_video() {
    let text = one_message(r#"{"kind":"media","mediaType":"Image","url":"a.png"}"#);
    assert_eq!(
        issue_paths(&text),
        paths(&[(Error, "messages[0].segments[0].mediaType")])
    );
}

#[test]
fn unknown_fields_warn_at_their_own_path_at_every_level() {
    let text = envelope(&message(
        "m1",
        "user",
        1,
        r#"{"kind":"memory","items":[{"title":"t","content":"c","pinned":true}],"collapsed":true,"color":"red"}"#,
    ))
    .replace(r#""id":"m1""#, r#""id":"m1","author":"me""#);
    assert_eq!(
        issue_paths(&text),
        paths(&[
            (Warning, "messages[0].author"),
            (Warning, "messages[0].segments[0].color"),
            (Warning, "messages[0].segments[0].items[0].pinned"),
        ])
    );
}

#[test]
fn char_count_must_match_unicode_scalar_values() {
    // "日志🙂" is 3 scalar values, 7 UTF-16 units would be 4, bytes 10.
    let ok =
        one_message(r#"{"kind":"long_text","content":"日志🙂","charCount":3,"collapsed":true}"#);
    assert_eq!(issue_paths(&ok), vec![]);
    let off =
        one_message(r#"{"kind":"long_text","content":"日志🙂","charCount":4,"collapsed":true}"#);
    let found = issues(&off);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].to_string(),
        "warning messages[0].segments[0].charCount: charCount is 4 but the content has 3 characters"
    );
}

fn system(segments: &str) -> String {
    envelope(&format!(
        "{},{}",
        message("s", "system", 1, segments),
        message("u", "user", 2, TEXT)
    ))
}

#[test]
fn placeholder_and_variable_warnings() {
    let text = system(
        r#"{"kind":"static_var","name":"date","value":"6月7日"},
           {"kind":"static_var","name":"unused","value":"x"},
           {"kind":"static_var","name":"date","value":"later"},
           {"kind":"system_prompt","content":"{{date}} {{ missing }} {{date}}","collapsed":true},
           {"kind":"text","content":"{{elsewhere}} stays literal without a warning"}"#,
    );
    let found: Vec<String> = issues(&text).iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "warning messages[0].segments[3].content: placeholder {{ missing }} has no static_var named \"missing\"; it stays as written",
            "warning messages[0].segments[2].name: static_var \"date\" is already defined at messages[0].segments[0]; the first definition wins",
            "warning messages[0].segments[1].name: static_var \"unused\" is not used by any system_prompt placeholder",
        ]
    );
}

#[test]
fn variables_are_session_scoped() {
    // A static_var in a later user message still serves a system prompt before it.
    let text = envelope(&format!(
        "{},{}",
        message(
            "s",
            "system",
            1,
            r#"{"kind":"system_prompt","content":"{{lang}}","collapsed":true}"#
        ),
        message(
            "u",
            "user",
            2,
            r#"{"kind":"static_var","name":"lang","value":"中文"},{"kind":"text","content":"hi"}"#
        )
    ));
    assert_eq!(issue_paths(&text), vec![]);
}

fn request(tool: &str) -> String {
    format!(
        r#"{{"kind":"tool_call_request","toolName":"{tool}","arguments":{{}},"collapsed":false}}"#
    )
}

fn result(tool: &str) -> String {
    format!(
        r#"{{"kind":"tool_call_result","toolName":"{tool}","result":"ok","success":true,"collapsed":true}}"#
    )
}

#[test]
fn tool_pairing_warnings() {
    let text = envelope(
        &[
            message("t0", "tool", 1, &result("early")),
            message(
                "a1",
                "assistant",
                2,
                &format!(
                    "{},{},{}",
                    request("search"),
                    request("search"),
                    request("calc")
                ),
            ),
            message(
                "t1",
                "tool",
                3,
                &format!("{},{}", result("search"), result("calc")),
            ),
            message(
                "t2",
                "tool",
                4,
                &format!("{},{}", result("calc"), result("unknown")),
            ),
        ]
        .join(","),
    );
    let found: Vec<String> = issues(&text).iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "warning messages[0].segments[0]: tool_call_result for \"early\" has no earlier unanswered tool_call_request",
            "warning messages[3].segments[0]: tool_call_result for \"calc\" has no earlier unanswered tool_call_request",
            "warning messages[3].segments[1]: tool_call_result for \"unknown\" has no earlier unanswered tool_call_request",
            "warning messages[1].segments[1]: tool_call_request for \"search\" is never answered by a tool_call_result",
        ]
    );
}

#[test]
fn timestamps_going_backwards_warn() {
    let text = envelope(&format!(
        "{},{},{}",
        message("a", "user", 5, TEXT),
        message("b", "assistant", 3, TEXT),
        message("c", "user", 3, TEXT)
    ));
    let found = issues(&text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].path, "messages[1].timestamp");
    assert_eq!(
        found[0].problem,
        Problem::TimestampBackwards {
            previous: 5,
            current: 3
        }
    );
}

#[test]
fn media_url_schemes() {
    let media = |url: &str| {
        one_message(&format!(
            r#"{{"kind":"media","mediaType":"image","url":"{url}"}}"#
        ))
    };
    for url in [
        "https://a/b.png",
        "http://a",
        "cat.svg",
        "data:image/png;base64,AA",
        "data:video/mp4,AA",
    ] {
        assert_eq!(issue_paths(&media(url)), vec![], "{url}");
    }
    for url in [
        "javascript:alert(1)",
        "data:text/html,x",
        "ftp://a/b",
        "file:///etc/passwd",
    ] {
        assert_eq!(
            issue_paths(&media(url)),
            paths(&[(Warning, "messages[0].segments[0].url")]),
            "{url}"
        );
    }
}

#[test]
fn skill_body_and_empty_model_warn() {
    let text = one_message(r#"{"kind":"skills","items":[{"name":"pdf","description":"d","body":"Body"}],"collapsed":true}"#)
        .replace(r#""model":"gpt-4-turbo""#, r#""model":"""#);
    let found: Vec<String> = issues(&text).iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "warning model: model is empty",
            "warning messages[0].segments[0].items[0].body: a skill `body` is not part of the protocol (spec §4.3) and is ignored",
        ]
    );
    let numeric = one_message(
        r#"{"kind":"skills","items":[{"name":"pdf","description":"d","body":5}],"collapsed":true}"#,
    );
    assert_eq!(
        issue_paths(&numeric),
        paths(&[(Warning, "messages[0].segments[0].items[0].body")]),
        "a body of any type is only ignored"
    );
    let absent = one_message(TEXT).replace(r#""model":"gpt-4-turbo","#, "");
    assert_eq!(
        issue_paths(&absent),
        vec![],
        "an absent model is fine for validation"
    );
}

#[test]
fn repair_mode_fills_collapsed_and_char_count_with_warnings() {
    let text = envelope(&format!(
        "{},{}",
        message(
            "a",
            "assistant",
            1,
            &format!(
                r#"{},{{"kind":"long_text","content":"日志🙂"}}"#,
                r#"{"kind":"tool_call_request","toolName":"t","arguments":{}}"#
            )
        ),
        message(
            "t",
            "tool",
            2,
            r#"{"kind":"tool_call_result","toolName":"t","result":"boom","success":false}"#
        )
    ));
    let loaded = pep_core::load(&text, Mode::Repair);
    let found: Vec<String> = loaded
        .issues
        .iter()
        .filter(|issue| !issue.problem.is_request_check())
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        found,
        [
            "warning messages[0].segments[0].collapsed: missing `collapsed` repaired with the default (false)",
            "warning messages[0].segments[1].charCount: missing `charCount` repaired with the computed value 3",
            "warning messages[0].segments[1].collapsed: missing `collapsed` repaired with the default (true)",
            "warning messages[1].segments[0].collapsed: missing `collapsed` repaired with the default (false)",
        ]
    );
    let envelope = loaded.envelope.as_ref().and_then(|e| e.messages[1].valid());
    let collapsed = envelope
        .and_then(|m| m.segments[0].valid())
        .and_then(|s| s.collapsed());
    assert_eq!(
        collapsed,
        Some(false),
        "a failed result stays open (spec §7.2)"
    );
    assert!(
        pep_core::validate(&text)
            .iter()
            .filter(|i| i.is_error())
            .count()
            == 4,
        "strict mode: errors"
    );
}

#[test]
fn invalid_segments_fall_back_without_taking_the_envelope_down() {
    let text = one_message(&format!(
        "{TEXT},{{\"kind\":\"text\",\"content\":5}},{TEXT}"
    ));
    let loaded = pep_core::load(&text, Mode::Repair);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope")
    };
    let Some(message) = envelope.messages[0].valid() else {
        panic!("message invalid")
    };
    assert!(message.segments[0].valid().is_some());
    assert!(message.segments[2].valid().is_some());
    match &message.segments[1] {
        pep_core::model::Entry::Invalid(invalid) => {
            assert_eq!(invalid.path, "messages[0].segments[1]");
            assert_eq!(invalid.raw, common::json(r#"{"kind":"text","content":5}"#));
            assert_eq!(invalid.errors.len(), 1);
            assert_eq!(invalid.errors[0].path, "messages[0].segments[1].content");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_envelope_without_a_messages_array() {
    for text in [
        r#"{"version":"1.0"}"#,
        r#"{"version":"1.0","messages":{}}"#,
        "[]",
        "\"x\"",
        "nope",
    ] {
        let loaded = pep_core::load(text, Mode::Repair);
        assert!(loaded.envelope.is_none(), "{text}");
        assert!(loaded.has_errors(), "{text}");
    }
    let not_object = issues("[1]");
    assert_eq!(
        not_object[0].to_string(),
        "error $: must be an object, found an array"
    );
}

#[test]
fn an_invalid_message_still_counts_for_ids_times_and_its_own_segments() {
    let text = envelope(&format!(
        "{},{},{}",
        // Invalid (unknown role), but its id, timestamp and long_text are still checked.
        message(
            "a",
            "robot",
            5,
            r#"{"kind":"long_text","content":"ab","charCount":3,"collapsed":true}"#
        ),
        message("a", "user", 3, TEXT),
        message("b", "assistant", 4, TEXT)
    ));
    let found: Vec<String> = issues(&text).iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "error messages[0].role: unknown role \"robot\" (expected system, user, assistant or tool)",
            "warning messages[0].segments[0].charCount: charCount is 3 but the content has 2 characters",
            "error messages[1].id: duplicate message id \"a\" (first used at messages[0])",
            "warning messages[1].timestamp: timestamp 3 is earlier than the previous message's 5",
        ]
    );
}

#[test]
fn a_request_outside_an_assistant_message_is_flagged_by_validate_too() {
    let text = envelope(&format!(
        "{},{}",
        message("u", "user", 1, &request("calc")),
        message("t", "tool", 2, &result("calc"))
    ));
    let found: Vec<String> = issues(&text).iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "warning messages[1].segments[0]: tool_call_result for \"calc\" has no earlier unanswered tool_call_request",
            "warning messages[0].segments[0]: tool_call_request in a message with role \"user\" is left out (only assistant messages call tools)",
        ]
    );
}
