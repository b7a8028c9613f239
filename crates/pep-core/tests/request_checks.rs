//! Request checks (issue 7): tool-call arguments against the declared schemas, calls of
//! undeclared tools, and the providers' ordering rules; reported by validation (warnings)
//! and, for each format, by the viewer's tab.

mod common;

use common::{envelope, message};
use pep_core::Mode;

/// Every request-check issue of `text`, as `warning PATH: message` lines.
fn checks(text: &str) -> Vec<String> {
    pep_core::load(text, Mode::Strict)
        .issues
        .iter()
        .filter(|issue| issue.problem.is_request_check())
        .map(ToString::to_string)
        .collect()
}

const TOOLS: &str = r#"{"kind":"tool_overview","collapsed":true,"items":[
    {"name":"search","description":"","parameters":"query: string, limit?: integer","schema":{
        "type":"object","required":["query"],"additionalProperties":false,
        "properties":{"query":{"type":"string","minLength":1},"limit":{"type":"integer","maximum":10}}}},
    {"name":"when","description":"","parameters":"at: string","schema":{
        "type":"object","properties":{"at":{"type":"string","format":"date-time"},"zone":{"anyOf":[{"type":"string"}]}}}}]}"#;

fn call(tool: &str, arguments: &str) -> String {
    format!(
        r#"{{"kind":"tool_call_request","toolName":"{tool}","arguments":{arguments},"collapsed":false}}"#
    )
}

fn result(tool: &str) -> String {
    format!(
        r#"{{"kind":"tool_call_result","toolName":"{tool}","result":"ok","success":true,"collapsed":true}}"#
    )
}

const HI: &str = r#"{"kind":"text","content":"hi"}"#;

#[test]
fn arguments_are_checked_against_the_declared_schema() {
    let text = envelope(
        &[
            message("s", "system", 1, TOOLS),
            message("u", "user", 2, HI),
            message(
                "a",
                "assistant",
                3,
                &[
                    call("search", r#"{"query":"","limit":11.0,"extra":true}"#),
                    call("search", r#"{"limit":"3"}"#),
                    call("when", r#"{"at":"yesterday"}"#),
                    call("fly", "{}"),
                ]
                .join(","),
            ),
            message(
                "t",
                "tool",
                4,
                &[
                    result("search"),
                    result("search"),
                    result("when"),
                    result("fly"),
                ]
                .join(","),
            ),
        ]
        .join(","),
    );
    assert_eq!(
        checks(&text),
        [
            r#"warning messages[2].segments[0].arguments.query: arguments of "search" do not match its schema: is shorter than 1 character"#,
            r#"warning messages[2].segments[0].arguments.limit: arguments of "search" do not match its schema: is greater than the maximum 10"#,
            r#"warning messages[2].segments[0].arguments: arguments of "search" do not match its schema: the property "extra" is not allowed by the schema"#,
            r#"warning messages[2].segments[1].arguments: arguments of "search" do not match its schema: the required property "query" is missing"#,
            r#"warning messages[2].segments[1].arguments.limit: arguments of "search" do not match its schema: is a string, the schema wants an integer"#,
            r#"warning messages[0].segments[0].items[1].schema: not checked in the schema of "when": format, anyOf"#,
            r#"warning messages[2].segments[3]: "fly" is called but no tool_overview declares it"#,
        ]
    );
}

#[test]
fn openai_wants_each_call_answered_right_after_it() {
    let text = envelope(
        &[
            message("u", "user", 1, HI),
            message("a", "assistant", 2, &call("s", "{}")),
            message("u2", "user", 3, HI),
            message("t", "tool", 4, &result("s")),
            message("a2", "assistant", 5, r#"{"kind":"text","content":"done"}"#),
        ]
        .join(","),
    );
    assert_eq!(
        checks(&text),
        [
            "warning messages[1].segments[0]: the OpenAI API wants the tool message for call_1 right after this assistant message; another message comes first",
            "warning messages[3].segments[0]: the OpenAI API rejects this tool message: it does not follow the assistant message that calls call_1",
        ]
    );
}

#[test]
fn anthropic_wants_a_user_turn_first_and_no_trailing_whitespace() {
    let text = envelope(
        &[
            message("a", "assistant", 1, HI),
            message("u", "user", 2, HI),
            message(
                "a2",
                "assistant",
                3,
                r#"{"kind":"text","content":"prefill \n"}"#,
            ),
        ]
        .join(","),
    );
    assert_eq!(
        checks(&text),
        [
            "warning messages[0].segments[0]: the first turn is an assistant turn; the Anthropic API wants a user turn first",
            "warning messages[2].segments[0]: the final assistant turn ends with whitespace, which the Anthropic API rejects",
        ]
    );
    // A final turn ending in a tool call has no trailing text to check.
    let ends_in_call = envelope(
        &[
            message("u", "user", 1, HI),
            message(
                "a",
                "assistant",
                2,
                &[
                    r#"{"kind":"text","content":"x "}"#.to_owned(),
                    call("s", "{}"),
                ]
                .join(","),
            ),
        ]
        .join(","),
    );
    assert!(
        checks(&ends_in_call)
            .iter()
            .all(|c| !c.contains("whitespace"))
    );
}

#[test]
fn clean_requests_and_envelopes_with_errors_have_no_checks() {
    for demo in common::DEMOS {
        let text = common::read(&format!("demos/{demo}"));
        assert_eq!(checks(&text), Vec::<String>::new(), "{demo}");
    }
    // An error makes the request moot: its invalid parts would only make noise.
    let broken = envelope(
        &[
            message("a", "assistant", 1, HI),
            message("u", "user", 2, r#"{"kind":"text"}"#),
        ]
        .join(","),
    );
    assert!(pep_core::load(&broken, Mode::Strict).has_errors());
    assert_eq!(checks(&broken), Vec::<String>::new());
}
