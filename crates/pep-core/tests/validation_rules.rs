//! DECISIONS §1, rule by rule: each test states the input, the expected issues (severity,
//! path and, where it matters, the message) and nothing else. Here the envelope and its
//! messages; the fields of segments are in `fields`, placeholders and tool pairing in
//! `references`, repair mode in `repair`.

mod common;
#[path = "validation_rules/fields.rs"]
mod fields;
#[path = "validation_rules/references.rs"]
mod references;
#[path = "validation_rules/repair.rs"]
mod repair;

use common::{envelope, issue_paths, issues, message, one_message};
use pep_core::{EnvelopeProblem, Problem, Severity::Error, Severity::Warning, StructureProblem};

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
        Problem::Structure(StructureProblem::InvalidJson { line, column, .. }) => {
            assert_eq!((*line, *column), (4, 17))
        }
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
            Problem::Structure(StructureProblem::InvalidJson {
                line: 2,
                column: 17,
                ..
            })
        ),
        "{}",
        chinese[0]
    );
    assert!(matches!(
        issues("")[0].problem,
        Problem::Structure(StructureProblem::InvalidJson {
            line: 1,
            column: 1,
            ..
        })
    ));
    let truncated = issues("{\"version\": \"1.0\"");
    assert!(matches!(
        truncated[0].problem,
        Problem::Structure(StructureProblem::InvalidJson { line: 1, .. })
    ));
    assert!(matches!(
        issues("")[0].problem,
        Problem::Structure(StructureProblem::InvalidJson { .. })
    ));
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
            Problem::Structure(StructureProblem::WrongVersion {
                found: shown.into()
            })
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
        Problem::Envelope(EnvelopeProblem::TimestampBackwards {
            previous: 5,
            current: 3
        })
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
