//! Repair mode (DECISIONS §1), the viewer's way of loading: missing defaults are filled in with
//! a warning, an invalid segment becomes a fallback next to the valid ones instead of taking the
//! envelope down, and text without a messages array gives no envelope at all.

use pep_core::Mode;

use super::TEXT;
use crate::common::{self, envelope, issues, message, one_message};

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
