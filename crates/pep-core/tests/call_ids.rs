//! Golden tests for the `callId` extension (DECISIONS §7) in all three exports and in
//! validation; `checks` holds the warnings about the ids themselves (duplicates, look-alikes of
//! generated ids, the type) and `data_urls` the rule that a `data:` url is never written into
//! text (§3).

#[path = "call_ids/checks.rs"]
mod checks;
mod common;
#[path = "call_ids/data_urls.rs"]
mod data_urls;

use common::{
    answer, assert_warnings, call, check_request, envelope_of, export_to, message,
    text_segment as text,
};
use pep_core::export::Format;
use serde_json::{Value, json};

pub(crate) fn check(text: &str, format: Format, expected: &Value) -> Vec<String> {
    check_request(&export_to(text, format), &expected.to_string())
}

/// Display strings of the strict validation issues of `text`.
fn validation(text: &str) -> Vec<String> {
    pep_core::validate(text)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The OpenAI `tool_calls` entry of a call.
fn oa_call(id: &str, name: &str, arguments: &str) -> Value {
    json!({"id": id, "type": "function", "function": {"name": name, "arguments": arguments}})
}

fn oa_calls(calls: &[Value]) -> Value {
    json!({"role": "assistant", "content": null, "tool_calls": calls})
}

fn oa_tool(id: &str, content: &str) -> Value {
    json!({"role": "tool", "tool_call_id": id, "content": content})
}

/// Only the OpenAI messages after the leading user message `问`.
fn oa(messages: &[Value]) -> Value {
    let mut all = vec![json!({"role": "user", "content": "问"})];
    all.extend_from_slice(messages);
    json!({"model": "gpt-4-turbo", "messages": all})
}

fn ask() -> String {
    message("u", "user", 1, &text("问"))
}

#[test]
fn a_call_id_replaces_call_n_in_every_export_and_n_counts_every_request() {
    let env = envelope_of(&[
        ask(),
        message(
            "a",
            "assistant",
            2,
            &[
                call("search", r#"{"q":"a"}"#, Some("toolu_01")),
                call("calc", "{}", None),
            ]
            .join(","),
        ),
        message(
            "t",
            "tool",
            3,
            &[
                answer("search", "A", true, Some("toolu_01")),
                answer("calc", "B", true, None),
            ]
            .join(","),
        ),
    ]);
    assert_eq!(validation(&env), Vec::<String>::new());
    let expected = oa(&[
        oa_calls(&[
            oa_call("toolu_01", "search", r#"{"q":"a"}"#),
            oa_call("call_2", "calc", "{}"),
        ]),
        oa_tool("toolu_01", "A"),
        oa_tool("call_2", "B"),
    ]);
    assert_warnings(&check(&env, Format::OpenAi, &expected), &[]);
    let expected = json!({"model": "gpt-4-turbo", "max_tokens": 4096, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "问"}]},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_01", "name": "search", "input": {"q": "a"}},
            {"type": "tool_use", "id": "call_2", "name": "calc", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01", "content": "A"},
            {"type": "tool_result", "tool_use_id": "call_2", "content": "B"}]}]});
    assert_warnings(&check(&env, Format::Anthropic, &expected), &[]);
    let m =
        |role: &str, text: &str| json!({"role": role, "content": {"type": "text", "text": text}});
    let expected = json!({"messages": [
        m("user", "问"),
        m("assistant", r#"[Tool call toolu_01] search {"q":"a"}"#),
        m("assistant", "[Tool call call_2] calc {}"),
        m("user", "[Tool result toolu_01] search: ok\nA"),
        m("user", "[Tool result call_2] calc: ok\nB")]});
    assert_warnings(
        &check(&env, Format::Mcp, &expected),
        &[("messages[1].segments[0]", "no tool calls")],
    );
}

#[test]
fn a_result_call_id_pairs_whatever_the_tool_name_else_fifo_by_name() {
    let env = envelope_of(&[
        ask(),
        message(
            "a",
            "assistant",
            2,
            &[
                call("search", r#"{"q":"a"}"#, Some("X")),
                call("search", r#"{"q":"b"}"#, Some("Y")),
            ]
            .join(","),
        ),
        message(
            "t",
            "tool",
            3,
            &[
                answer("lookup", "for Y", true, Some("Y")),
                answer("search", "for X", false, None),
            ]
            .join(","),
        ),
    ]);
    assert_eq!(validation(&env), Vec::<String>::new());
    let expected = oa(&[
        oa_calls(&[
            oa_call("X", "search", r#"{"q":"a"}"#),
            oa_call("Y", "search", r#"{"q":"b"}"#),
        ]),
        oa_tool("Y", "for Y"),
        oa_tool("X", "for X"),
    ]);
    assert_warnings(&check(&env, Format::OpenAi, &expected), &[]);
    let results = &export_to(&env, Format::Anthropic).request()["messages"][2];
    assert_eq!(
        results.to_string(),
        r#"{"role":"user","content":[{"type":"tool_result","tool_use_id":"Y","content":"for Y"},{"type":"tool_result","tool_use_id":"X","content":"for X","is_error":true}]}"#
    );
    // The MCP text names the result's own toolName.
    let mcp = export_to(&env, Format::Mcp).request();
    assert_eq!(
        mcp["messages"][3]["content"]["text"],
        "[Tool result Y] lookup: ok\nfor Y"
    );
    assert_eq!(
        mcp["messages"][4]["content"]["text"],
        "[Tool result X] search: error\nfor X"
    );
}

#[test]
fn fifo_by_name_covers_requests_with_call_ids_and_unmatched_result_ids() {
    let env = envelope_of(&[
        ask(),
        message(
            "a1",
            "assistant",
            2,
            &[
                call("s", "{}", Some("A")),
                call("s", "{}", None),
                call("s", "{}", Some("B")),
            ]
            .join(","),
        ),
        message(
            "t1",
            "tool",
            3,
            &[
                answer("s", "1", true, None),      // FIFO: A
                answer("s", "2", true, Some("B")), // by id: B
                answer("s", "3", true, Some("A")), // A is answered: FIFO, call_2
            ]
            .join(","),
        ),
        message("a2", "assistant", 4, &call("t", "{}", None)),
        // No earlier request holds "late": FIFO by name, call_4.
        message("t2", "tool", 5, &answer("t", "4", true, Some("late"))),
        message("a3", "assistant", 6, &call("t", "{}", Some("late"))),
        message("t3", "tool", 7, &answer("u", "5", true, Some("nomatch"))),
    ]);
    let expected = oa(&[
        oa_calls(&[
            oa_call("A", "s", "{}"),
            oa_call("call_2", "s", "{}"),
            oa_call("B", "s", "{}"),
        ]),
        oa_tool("A", "1"),
        oa_tool("B", "2"),
        oa_tool("call_2", "3"),
        oa_calls(&[oa_call("call_4", "t", "{}")]),
        oa_tool("call_4", "4"),
        oa_calls(&[oa_call("late", "t", "{}")]),
    ]);
    let expected_warnings = [
        ("messages[5].segments[0]", "never answered"),
        ("messages[6].segments[0]", "no earlier unanswered"),
    ];
    assert_warnings(&check(&env, Format::OpenAi, &expected), &expected_warnings);
    let validated = validation(&env);
    assert_warnings(&validated, &expected_warnings);
}

#[test]
fn an_empty_call_id_counts_as_absent() {
    let env = envelope_of(&[
        ask(),
        message(
            "a",
            "assistant",
            2,
            &[
                call("s", "{}", Some("")),
                call("s", "{}", Some("K")),
                call("s", "{}", Some("")),
            ]
            .join(","),
        ),
        message(
            "t",
            "tool",
            3,
            &[
                answer("s", "1", true, Some("")),
                answer("s", "2", true, Some("K")),
                answer("s", "3", true, Some("")),
            ]
            .join(","),
        ),
    ]);
    assert_eq!(validation(&env), Vec::<String>::new());
    let expected = oa(&[
        oa_calls(&[
            oa_call("call_1", "s", "{}"),
            oa_call("K", "s", "{}"),
            oa_call("call_3", "s", "{}"),
        ]),
        oa_tool("call_1", "1"),
        oa_tool("K", "2"),
        oa_tool("call_3", "3"),
    ]);
    assert_warnings(&check(&env, Format::OpenAi, &expected), &[]);
}

#[test]
fn a_request_left_out_still_counts_and_is_never_paired() {
    let env = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[text("问"), call("s", "{}", Some("U"))].join(","),
        ),
        message("a1", "assistant", 2, &call("s", "{}", None)),
        message("t1", "tool", 3, &answer("s", "r", true, Some("U"))),
        message("s", "system", 4, &call("t", "{}", None)),
        message("a2", "assistant", 5, &call("t", "{}", None)),
        message("t2", "tool", 6, &answer("t", "x", true, None)),
    ]);
    let expected = oa(&[
        oa_calls(&[oa_call("call_2", "s", "{}")]),
        oa_tool("call_2", "r"),
        oa_calls(&[oa_call("call_4", "t", "{}")]),
        oa_tool("call_4", "x"),
    ]);
    assert_warnings(
        &check(&env, Format::OpenAi, &expected),
        &[
            ("messages[0].segments[1]", "left out"),
            ("messages[3].segments[0]", "left out"),
        ],
    );
    let orphan = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[text("问"), call("s", "{}", Some("V"))].join(","),
        ),
        message("t", "tool", 2, &answer("s", "r", true, Some("V"))),
    ]);
    assert_warnings(
        &check(&orphan, Format::OpenAi, &oa(&[])),
        &[
            ("messages[0].segments[1]", "left out"),
            ("messages[1].segments[0]", "no earlier unanswered"),
        ],
    );
}
