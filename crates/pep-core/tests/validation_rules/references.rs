//! DECISIONS §1 for what refers across segments and messages: placeholders and the
//! static_vars they name (for the whole session), and tool requests paired with their results.
//! These are warnings, not errors: the envelope stays usable, but an export would leave a
//! placeholder as written or a call unanswered.

use super::TEXT;
use crate::common::{envelope, issue_paths, issues, message};

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
