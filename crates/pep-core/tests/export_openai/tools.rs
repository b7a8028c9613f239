//! Golden tests for tool calls in the OpenAI export (spec §5, DECISIONS §3): the arguments
//! string keeps what was written (key order, number spellings, raw non-ASCII), results pair
//! FIFO per tool name and follow their message, and every request, result or text that is
//! left out or exported out of place says so in a warning.

use super::{HI, check, msgs};
use crate::common::{export, json, message};

fn request(tool: &str, arguments: &str) -> String {
    format!(
        r#"{{"kind":"tool_call_request","toolName":"{tool}","arguments":{arguments},"collapsed":false}}"#
    )
}

fn result(tool: &str, text: &str, success: bool) -> String {
    format!(
        r#"{{"kind":"tool_call_result","toolName":"{tool}","result":"{text}","success":{success},"collapsed":{}}}"#,
        success
    )
}

#[test]
fn tool_calls_arguments_keep_order_numbers_and_raw_non_ascii() {
    let args = r#"{"query": "上下文 \u00e9", "limit": 5, "ratio": 1.0, "big": 12345678901234567890, "exp": 1E5, "neg": -0.50, "nested": {"z": [true, null], "a": 2.50e-3}, "esc": "a\"b\\c\n\u0001"}"#;
    let text = msgs(&[
        message("a", "assistant", 1, &request("search", args)),
        message("t", "tool", 2, &result("search", "ok", true)),
    ]);
    let export = export(&text);
    let call = &export.request()["messages"][0];
    assert_eq!(call["content"], serde_json::Value::Null);
    assert_eq!(
        call["tool_calls"][0]["function"]["arguments"].as_str(),
        Some(
            r#"{"query":"上下文 é","limit":5,"ratio":1.0,"big":12345678901234567890,"exp":1E5,"neg":-0.50,"nested":{"z":[true,null],"a":2.50e-3},"esc":"a\"b\\c\n\u0001"}"#
        )
    );
    assert_eq!(
        export.request().to_string(),
        json(&format!(
            r#"{{"model":"gpt-4-turbo","messages":[
                {{"role":"assistant","content":null,"tool_calls":[{{"id":"call_1","type":"function","function":{{"name":"search","arguments":{}}}}}]}},
                {{"role":"tool","tool_call_id":"call_1","content":"ok"}}]}}"#,
            serde_json::Value::from(call["tool_calls"][0]["function"]["arguments"].as_str().unwrap_or_default())
        ))
        .to_string()
    );
}

#[test]
fn tool_results_pair_fifo_per_name_and_follow_their_message() {
    let text = msgs(&[
        message("u", "user", 1, &format!("{},{}", HI, request("calc", "{}"))),
        message(
            "a1",
            "assistant",
            2,
            &format!(
                r#"{{"kind":"text","content":"查一下"}},{},{},{}"#,
                request("search", r#"{"q":"a"}"#),
                request("search", r#"{"q":"b"}"#),
                request("calc", r#"{"x":1}"#)
            ),
        ),
        message(
            "t1",
            "tool",
            3,
            &format!(
                r#"{{"kind":"text","content":"before"}},{},{{"kind":"text","content":"note"}},{{"kind":"text","content":""}},{},{}"#,
                result("search", "A", true),
                result("calc", "boom", false),
                result("calc", "orphan", true)
            ),
        ),
        message(
            "t2",
            "tool",
            4,
            &format!(
                r#"{},{{"kind":"text","content":"dropped too"}}"#,
                result("weather", "sunny", true)
            ),
        ),
        message("a2", "assistant", 5, r#"{"kind":"text","content":"完成"}"#),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[
            {"role":"user","content":"你好！"},
            {"role":"assistant","content":"查一下","tool_calls":[
                {"id":"call_2","type":"function","function":{"name":"search","arguments":"{\"q\":\"a\"}"}},
                {"id":"call_3","type":"function","function":{"name":"search","arguments":"{\"q\":\"b\"}"}},
                {"id":"call_4","type":"function","function":{"name":"calc","arguments":"{\"x\":1}"}}]},
            {"role":"tool","tool_call_id":"call_2","content":"A\n\nnote"},
            {"role":"tool","tool_call_id":"call_4","content":"boom"},
            {"role":"assistant","content":"完成"}]}"#,
    );
    assert_eq!(
        warnings,
        [
            "warning messages[0].segments[1]: tool_call_request in a message with role \"user\" is left out (only assistant messages call tools)",
            "warning messages[2].segments[0]: text before the first tool_call_result of a tool message is left out",
            "warning messages[2].segments[5]: tool_call_result for \"calc\" has no earlier unanswered tool_call_request",
            "warning messages[3].segments[0]: tool_call_result for \"weather\" has no earlier unanswered tool_call_request",
            "warning messages[3].segments[1]: text after a tool_call_result that was left out is left out too",
            "warning messages[1].segments[2]: tool_call_request for \"search\" is never answered by a tool_call_result",
        ]
    );
}

#[test]
fn results_outside_tool_messages_are_exported_with_a_warning() {
    let text = msgs(&[
        message(
            "a",
            "assistant",
            1,
            &format!("{},{}", request("calc", "{}"), result("calc", "42", true)),
        ),
        message("u", "user", 2, HI),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[
            {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"calc","arguments":"{}"}}]},
            {"role":"tool","tool_call_id":"call_1","content":"42"},
            {"role":"user","content":"你好！"}]}"#,
    );
    assert_eq!(
        warnings,
        [
            "warning messages[0].segments[1]: tool_call_result in a message with role \"assistant\" is exported as a tool message anyway"
        ]
    );
}
