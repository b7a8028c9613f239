//! The budget of small envelopes, computed by hand.

use serde_json::{Value, json};

use super::*;
use crate::export::lower;
use crate::lower::Analysis;
use crate::{Envelope, Mode};

/// One token per whitespace-separated word: easy to count by hand.
struct Words;

impl TokenCounter for Words {
    fn count(&self, text: &str) -> usize {
        text.split_whitespace().count()
    }
}

fn load(envelope: &Value) -> Envelope {
    let loaded = crate::load(&envelope.to_string(), Mode::Strict);
    assert!(!loaded.has_errors(), "{:?}", loaded.issues);
    loaded.envelope.unwrap_or_else(|| panic!("no envelope"))
}

/// The budget of `envelope` with `counter`, with its three exports.
fn budget_of(envelope: &Envelope, counter: &dyn TokenCounter) -> Budget {
    let analysis = Analysis::of(envelope);
    let conversation = lower(envelope, &analysis);
    let requests = request_budgets(&conversation, &Format::ALL, counter);
    budget(&conversation, envelope, counter, requests)
}

fn one_of_each() -> Value {
    json!({"version": "1.0", "model": "gpt-4o-mini", "messages": [
        {"id": "m0", "role": "system", "timestamp": 1, "segments": [
            {"kind": "static_var", "name": "who", "value": "Ann"},
            {"kind": "system_prompt", "content": "Hi {{who}}", "collapsed": false},
            {"kind": "tool_overview", "collapsed": true, "items": [
                {"name": "search", "parameters": "q", "description": "find it"}]}]},
        {"id": "m1", "role": "user", "timestamp": 2, "segments": [
            {"kind": "text", "content": "hello world"},
            {"kind": "media", "mediaType": "image", "url": "https://x.test/a.png"},
            {"kind": "text", "content": ""}]},
        {"id": "m2", "role": "assistant", "timestamp": 3, "segments": [
            {"kind": "tool_call_request", "toolName": "search", "callId": "c1",
             "arguments": {"q": "cats"}, "collapsed": false}]},
        {"id": "m3", "role": "tool", "timestamp": 4, "segments": [
            {"kind": "tool_call_result", "toolName": "search", "callId": "c1",
             "result": "found it", "success": true, "collapsed": true},
            {"kind": "text", "content": "more"}]}]})
}

fn size(chars: usize, tokens: usize) -> Size {
    Size { chars, tokens }
}

#[test]
fn one_row_per_segment_that_reaches_the_model() {
    let envelope = load(&one_of_each());
    let budget = budget_of(&envelope, &Words);
    let rows: Vec<(String, SegmentKind, Size, bool)> = budget
        .segments
        .iter()
        .map(|row| (row.at.to_string(), row.kind, row.size, row.media))
        .collect();
    let rows: Vec<(&str, SegmentKind, Size, bool)> = rows
        .iter()
        .map(|(path, kind, size, media)| (path.as_str(), *kind, *size, *media))
        .collect();
    assert_eq!(
        rows,
        [
            // "Hi Ann": the variable expanded.
            (
                "messages[0].segments[1]",
                SegmentKind::SystemPrompt,
                size(6, 2),
                false
            ),
            // "- search(q): find it"
            (
                "messages[0].segments[2]",
                SegmentKind::ToolOverview,
                size(20, 4),
                false
            ),
            (
                "messages[1].segments[0]",
                SegmentKind::Text,
                size(11, 2),
                false
            ),
            // Sent as an image: no text. The empty text reaches no model: no row.
            (
                "messages[1].segments[1]",
                SegmentKind::Media,
                size(0, 0),
                true
            ),
            // "search" and {"q":"cats"}.
            (
                "messages[2].segments[0]",
                SegmentKind::ToolCallRequest,
                size(18, 2),
                false
            ),
            (
                "messages[3].segments[0]",
                SegmentKind::ToolCallResult,
                size(8, 2),
                false
            ),
            // Appended to the result, but still its own segment.
            (
                "messages[3].segments[1]",
                SegmentKind::Text,
                size(4, 1),
                false
            ),
        ]
    );
    let first = &budget.segments[0];
    assert_eq!((first.at.message, first.at.segment), (0, 1));
    assert_eq!(budget.context_window, Some(128_000));
}

#[test]
fn totals_per_kind_and_per_message() {
    let envelope = load(&one_of_each());
    let budget = budget_of(&envelope, &Words);
    let kinds: Vec<SegmentKind> = budget.kinds.iter().map(|k| k.kind).collect();
    assert_eq!(kinds, SegmentKind::ALL);
    let kind = |kind: SegmentKind| {
        budget
            .kinds
            .iter()
            .find(|k| k.kind == kind)
            .map(|k| (k.segments, k.media, k.size))
    };
    assert_eq!(kind(SegmentKind::Text), Some((2, 0, size(15, 3))));
    assert_eq!(kind(SegmentKind::Media), Some((1, 1, size(0, 0))));
    assert_eq!(kind(SegmentKind::StaticVar), Some((0, 0, size(0, 0))));
    assert_eq!(
        kind(SegmentKind::ToolCallRequest),
        Some((1, 0, size(18, 2)))
    );
    let messages: Vec<(usize, Role, usize, usize, Size)> = budget
        .messages
        .iter()
        .map(|m| (m.message, m.role, m.segments, m.media, m.size))
        .collect();
    assert_eq!(
        messages,
        [
            (0, Role::System, 2, 0, size(26, 6)),
            (1, Role::User, 2, 1, size(11, 2)),
            (2, Role::Assistant, 1, 0, size(18, 2)),
            (3, Role::Tool, 2, 0, size(12, 3)),
        ]
    );
}

#[test]
fn requests_count_their_string_leaves_and_compact_json() {
    let envelope = load(&one_of_each());
    let budget = budget_of(&envelope, &Words);
    // OpenAI: "system", the head "Hi Ann\n\n- search(q): find it" (28 chars, 6 words), "user",
    // "text", "hello world", "assistant", "c1", "function", "search", the arguments
    // {"q":"cats"}, "tool", "c1", "found it\n\nmore", and the tool: "function", "search",
    // "find it" and {"type":"object","properties":{}} (33). No model, no image url.
    // Anthropic: the same without "system", "function" ×2 and "tool", with "tool_use",
    // "tool_result" and a second "user". MCP: five roles (the image's message has one: only
    // its block is media), four "text" types, the head, "hello world", "[Tool call c1] search
    // {"q":"cats"}" and "[Tool result c1] search: ok\nfound it\n\nmore". Responses: the
    // head as `instructions` (no role), "user", "input_text", "hello world", then
    // "function_call", "c1", "search", the arguments, "function_call_output", "c1", the
    // result and the tool as OpenAI's (its `strict: false` is no string): 176 chars, 24 words.
    // OpenTelemetry: "text" and the head, "user", "text", "hello world", "assistant",
    // "tool_call", "c1", "search", the arguments, "tool", "tool_call_response", "c1", the
    // result, and the tool's "function", "search", "find it" (no schema, so no parameters):
    // 148 chars, 26 words. Gemini: the head (its `text`), "user", "hello world" (the image is
    // file data: media), "model", "c1", "search", the arguments, "user", "c1", "search", the
    // response as its compact JSON {"output":"found it\n\nmore"} (29 chars, 2 words), and the
    // tool's "search", "find it" and the empty schema (33): 155 chars, 22 words.
    let requests: Vec<(Format, Size)> =
        budget.requests.iter().map(|r| (r.format, r.size)).collect();
    assert_eq!(
        requests,
        [
            (Format::OpenAi, size(164, 26)),
            (Format::Responses, size(176, 24)),
            (Format::Anthropic, size(161, 25)),
            (Format::Mcp, size(156, 30)),
            (Format::Otel, size(148, 26)),
            (Format::Gemini, size(155, 22)),
        ]
    );
}

#[test]
fn left_out_segments_have_no_row() {
    let envelope = load(&json!({"version": "1.0", "messages": [
        {"id": "m0", "role": "user", "timestamp": 1, "segments": [
            {"kind": "text", "content": "a b"},
            {"kind": "tool_call_request", "toolName": "t", "arguments": {}, "collapsed": false}]},
        {"id": "m1", "role": "tool", "timestamp": 2, "segments": [
            {"kind": "text", "content": "before any result"},
            {"kind": "tool_call_result", "toolName": "nobody", "result": "x", "success": false,
             "collapsed": true},
            {"kind": "text", "content": "after a dropped result"}]}]}));
    let budget = budget_of(&envelope, &Words);
    let paths: Vec<String> = budget.segments.iter().map(|r| r.at.to_string()).collect();
    assert_eq!(paths, ["messages[0].segments[0]"]);
    assert_eq!(budget.messages.len(), 2);
    assert_eq!(budget.messages[1].size, Size::default());
    assert_eq!(budget.context_window, None);
}

#[test]
fn rows_come_in_envelope_order() {
    // The head is lowered first, but its block from message 1 comes after message 0's text;
    // a request's row comes before the text after it in the same message.
    let envelope = load(&json!({"version": "1.0", "messages": [
        {"id": "m0", "role": "user", "timestamp": 1, "segments": [
            {"kind": "text", "content": "first"}]},
        {"id": "m1", "role": "assistant", "timestamp": 2, "segments": [
            {"kind": "system_prompt", "content": "be brief", "collapsed": false},
            {"kind": "tool_call_request", "toolName": "t", "arguments": {}, "collapsed": false},
            {"kind": "text", "content": "then"}]},
        {"id": "m2", "role": "tool", "timestamp": 3, "segments": [
            {"kind": "tool_call_result", "toolName": "t", "result": "ok", "success": true,
             "collapsed": true}]}]}));
    let budget = budget_of(&envelope, &Words);
    let rows: Vec<(usize, usize)> = budget
        .segments
        .iter()
        .map(|r| (r.at.message, r.at.segment))
        .collect();
    assert_eq!(rows, [(0, 0), (1, 0), (1, 1), (1, 2), (2, 0)]);
}

#[test]
fn an_image_outside_a_user_message_is_its_text_line() {
    let envelope = load(&json!({"version": "1.0", "messages": [
        {"id": "m0", "role": "assistant", "timestamp": 1, "segments": [
            {"kind": "media", "mediaType": "image", "url": "https://x.test/a.png",
             "altText": "a cat"}]}]}));
    let budget = budget_of(&envelope, &Words);
    // "[Image: a cat]"
    assert_eq!(budget.segments[0].size, size(14, 3));
    assert!(!budget.segments[0].media);
}

#[test]
fn estimate_prices_pieces() {
    let cases: [(&str, usize); 12] = [
        ("", 0),
        ("hello", 1),
        ("Hello world", 2),
        // Up to three digits a token.
        ("12345", 2),
        // A listed pair (5 + 39) and a fullwidth mark (32): 76/32, rounded.
        ("你好！", 2),
        // Han outside the list: 5 + 3 × 28 = 89.
        ("橘猫们", 3),
        // Two spaces before a word: one of them is a token of its own.
        ("  x", 2),
        ("a\n\nb", 3),
        // 32 + 3 repeats × 11.
        ("----", 2),
        ("🎉", 2),
        // camel|Case: two words.
        ("camelCase", 2),
        // 32 + 8 capitals beyond 3 × 13 + 4 letters beyond 7 × 8 = 168: 5.
        ("ABCDEFGHIJK", 5),
    ];
    for (text, tokens) in cases {
        assert_eq!(Estimate.count(text), tokens, "{text:?}");
    }
    // Linear, and no overflow on a long text: "a a a …" is one token a word, and the
    // trailing space one more.
    let long = "a ".repeat(100_000);
    assert_eq!(Estimate.count(&long), 100_001);
}

#[test]
fn context_windows_by_model_name() {
    let cases: [(&str, Option<u64>); 13] = [
        ("gpt-4", Some(8_192)),
        ("gpt-4-0613", None),
        ("gpt-4-32k-0314", Some(32_768)),
        ("gpt-4-turbo-2024-04-09", Some(128_000)),
        ("gpt-4o", Some(128_000)),
        ("gpt-4o1", None),
        ("gpt-4.1-nano", Some(1_047_576)),
        ("gpt-5-mini", Some(400_000)),
        ("o1-mini", Some(128_000)),
        ("o3-2025-04-16", Some(200_000)),
        ("claude-opus-4-8", Some(200_000)),
        ("claude-2.0", Some(100_000)),
        ("llama-3", None),
    ];
    for (model, window) in cases {
        assert_eq!(context_window(model), window, "{model}");
    }
}
