//! Import of Anthropic Messages requests (DECISIONS §7): hand-written golden envelopes.

mod common;
#[path = "import/support.rs"]
mod support;

use common::assert_warnings;
use pep_core::import::Source;
use serde_json::{Value, json};
use support::{golden, import_errors};

/// Every mapping rule in one request.
#[test]
fn every_rule() {
    let long = "0123456789".repeat(21);
    let expected = every_rule_envelope(&long);
    let warnings = golden(&every_rule_request(&long), Source::Anthropic, &expected);
    assert_warnings(&warnings, EVERY_RULE_WARNINGS);
}

/// The request of `every_rule`; `long` is the text document's 210 characters.
fn every_rule_request(long: &str) -> String {
    format!(
        r#"{{
      "model": "claude-sonnet-4-5",
      "max_tokens": 1024,
      "temperature": 1,
      "thinking": {{"type": "enabled", "budget_tokens": 2000}},
      "system": [{{"type": "text", "text": "You are terse."}}, {{"type": "text", "text": "Cite sources.", "cache_control": {{"type": "ephemeral"}}}}],
      "messages": [
        {{"role": "user", "content": "Hi"}},
        {{"role": "user", "content": [
          {{"type": "text", "text": "Look", "cache_control": {{"type": "ephemeral"}}}},
          {{"type": "image", "source": {{"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}}}},
          {{"type": "image", "source": {{"type": "url", "url": "https://example.com/cat.jpg"}}}},
          {{"type": "image", "source": {{"type": "file", "file_id": "file_01"}}}},
          {{"type": "document", "source": {{"type": "text", "media_type": "text/plain", "data": "{long}"}}, "title": "Digits", "context": "test data", "citations": {{"enabled": true}}}},
          {{"type": "document", "source": {{"type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQK"}}}},
          {{"type": "document", "source": {{"type": "url", "url": "https://example.com/papers/attention.pdf?x=1"}}}},
          {{"type": "document", "source": {{"type": "content", "content": [{{"type": "text", "text": "Part A"}}, {{"type": "text", "text": "Part B"}}]}}, "title": "Parts"}},
          {{"type": "search_result", "source": "https://example.com", "title": "r", "content": []}}]}},
        {{"role": "assistant", "content": [
          {{"type": "thinking", "thinking": "Hmm.", "signature": "sig"}},
          {{"type": "redacted_thinking", "data": "xyz"}},
          {{"type": "text", "text": "Checking."}},
          {{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {{"city": "Paris", "n": 1.50}}}},
          {{"type": "text", "text": "And the time."}},
          {{"type": "tool_use", "id": "toolu_2", "name": "get_time", "input": {{}}}},
          {{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {{"query": "x"}}}}]}},
        {{"role": "user", "content": [
          {{"type": "text", "text": "Here:"}},
          {{"type": "tool_result", "tool_use_id": "toolu_1", "content": "18 °C"}},
          {{"type": "tool_result", "tool_use_id": "toolu_2", "is_error": true, "content": [{{"type": "text", "text": "timeout"}}, {{"type": "text", "text": "retry later"}}, {{"type": "image", "source": {{"type": "url", "url": "https://x/y.png"}}}}]}},
          {{"type": "tool_result", "tool_use_id": "toolu_9"}}]}},
        {{"role": "system", "content": "Late rule."}},
        {{"role": "assistant", "content": ""}}
      ],
      "tools": [
        {{"name": "get_weather", "description": "Weather", "input_schema": {{"type": "object", "properties": {{"city": {{"type": "string"}}, "n": {{"type": "number"}}}}, "required": ["city"]}}, "cache_control": {{"type": "ephemeral"}}}},
        {{"type": "custom", "name": "get_time", "input_schema": {{"type": "object", "properties": {{}}}}}},
        {{"type": "web_search_20250305", "name": "web_search", "max_uses": 5}}
      ]
    }}"#
    )
}

/// The envelope `every_rule` expects from `every_rule_request(long)`.
fn every_rule_envelope(long: &str) -> Value {
    let snippet = &long[..200];
    let expected = json!({"version": "1.0", "model": "claude-sonnet-4-5", "messages": [
      {"id": "m-1", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "You are terse.\n\nCite sources.", "collapsed": true},
        {"kind": "tool_overview", "items": [
          {"name": "get_weather", "description": "Weather", "parameters": "city: string, n?: number",
           "schema": {"type": "object", "properties": {"city": {"type": "string"}, "n": {"type": "number"}}, "required": ["city"]}},
          {"name": "get_time", "description": "", "parameters": "", "schema": {"type": "object", "properties": {}}}],
         "collapsed": true}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [{"kind": "text", "content": "Hi"}], "timestamp": 2},
      {"id": "m-3", "role": "user", "segments": [
        {"kind": "text", "content": "Look"},
        {"kind": "media", "mediaType": "image", "url": "data:image/png;base64,iVBORw0K"},
        {"kind": "media", "mediaType": "image", "url": "https://example.com/cat.jpg"},
        {"kind": "document", "fileName": "Digits", "mimeType": "text/plain", "snippet": snippet, "sizeBytes": 210, "parsedContent": long},
        {"kind": "document", "fileName": "document", "mimeType": "application/pdf", "snippet": "", "sizeBytes": 9},
        {"kind": "document", "fileName": "attention.pdf", "mimeType": "application/pdf", "snippet": "", "sizeBytes": 0},
        {"kind": "document", "fileName": "Parts", "mimeType": "text/plain", "snippet": "Part A\n\nPart B", "sizeBytes": 14, "parsedContent": "Part A\n\nPart B"}],
       "timestamp": 3},
      {"id": "m-4", "role": "assistant", "segments": [
        {"kind": "text", "content": "Checking."},
        {"kind": "tool_call_request", "toolName": "get_weather", "arguments": {"city": "Paris", "n": 1.50}, "collapsed": false, "callId": "toolu_1"}],
       "timestamp": 4},
      {"id": "m-5", "role": "assistant", "segments": [
        {"kind": "text", "content": "And the time."},
        {"kind": "tool_call_request", "toolName": "get_time", "arguments": {}, "collapsed": false, "callId": "toolu_2"}],
       "timestamp": 5},
      {"id": "m-6", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "get_weather", "result": "18 °C", "success": true, "collapsed": true, "callId": "toolu_1"},
        {"kind": "tool_call_result", "toolName": "get_time", "result": "timeout\n\nretry later", "success": false, "collapsed": false, "callId": "toolu_2"},
        {"kind": "tool_call_result", "toolName": "unknown", "result": "", "success": true, "collapsed": true, "callId": "toolu_9"}],
       "timestamp": 6},
      {"id": "m-7", "role": "user", "segments": [{"kind": "text", "content": "Here:"}], "timestamp": 7},
      {"id": "m-8", "role": "system", "segments": [{"kind": "system_prompt", "content": "Late rule.", "collapsed": true}], "timestamp": 8}]});
    // `1.50` is kept as written: compare against the parsed spelling.
    common::json(&expected.to_string().replace("\"n\":1.5}", "\"n\":1.50}"))
}

/// The warnings of `every_rule`, as (path, message fragment).
const EVERY_RULE_WARNINGS: &[(&str, &str)] = &[
    ("max_tokens", "max_tokens 1024 is left out of the envelope"),
    ("temperature", "the key `temperature`"),
    ("thinking", "the key `thinking`"),
    ("system[1].cache_control", "the key `cache_control`"),
    (
        "messages[1].content[0].cache_control",
        "the key `cache_control`",
    ),
    ("messages[1].content[3].source", "a source of type `file`"),
    ("messages[1].content[4].context", "the key `context`"),
    ("messages[1].content[4].citations", "the key `citations`"),
    (
        "messages[1].content[4]",
        "the document's text has 210 characters",
    ),
    ("messages[1].content[5]", "the file's content is not kept"),
    ("messages[1].content[6]", "the file's content is not kept"),
    (
        "messages[1].content[8]",
        "a content block of type `search_result`",
    ),
    (
        "messages[2].content[0]",
        "a content block of type `thinking`",
    ),
    (
        "messages[2].content[1]",
        "a content block of type `redacted_thinking`",
    ),
    (
        "messages[2].content[6]",
        "a content block of type `server_tool_use`",
    ),
    (
        "messages[3].content[1]",
        "tool_result blocks are moved before the other blocks",
    ),
    (
        "messages[3].content[2].content[2]",
        "a content block of type `image`",
    ),
    (
        "messages[3].content[3].tool_use_id",
        "no earlier tool call has the id \"toolu_9\"",
    ),
    ("messages[5].content", "an empty text"),
    ("messages[5]", "a message with nothing an envelope can hold"),
    ("tools[0].cache_control", "the key `cache_control`"),
    ("tools[2]", "the server tool `web_search`"),
];

/// A plain request: `system` as a string, one turn each way.
#[test]
fn system_string() {
    let input = r#"{"model": "claude-opus-4-1", "max_tokens": 64, "system": "Be kind.",
      "messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}]},
                   {"role": "assistant", "content": [{"type": "text", "text": "Hello."}]}]}"#;
    let expected = json!({"version": "1.0", "model": "claude-opus-4-1", "messages": [
      {"id": "m-1", "role": "system", "segments": [{"kind": "system_prompt", "content": "Be kind.", "collapsed": true}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [{"kind": "text", "content": "Hi"}], "timestamp": 2},
      {"id": "m-3", "role": "assistant", "segments": [{"kind": "text", "content": "Hello."}], "timestamp": 3}]});
    assert_warnings(
        &golden(input, Source::Anthropic, &expected),
        &[("max_tokens", "max_tokens 64")],
    );
}

/// A turn of tool results only gives a tool message and no user message; results of two
/// turns stay in two tool messages.
#[test]
fn result_turns() {
    let input = r#"{"max_tokens": 8, "messages": [
      {"role": "user", "content": "Go"},
      {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]},
      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "one"}]},
      {"role": "assistant", "content": [{"type": "tool_use", "id": "t2", "name": "f", "input": {"a": [true]}}]},
      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t2", "content": [{"type": "text", "text": "two"}]}, {"type": "text", "text": "Thanks"}]}]}"#;
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "user", "segments": [{"kind": "text", "content": "Go"}], "timestamp": 1},
      {"id": "m-2", "role": "assistant", "segments": [
        {"kind": "tool_call_request", "toolName": "f", "arguments": {}, "collapsed": false, "callId": "t1"}], "timestamp": 2},
      {"id": "m-3", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "f", "result": "one", "success": true, "collapsed": true, "callId": "t1"}], "timestamp": 3},
      {"id": "m-4", "role": "assistant", "segments": [
        {"kind": "tool_call_request", "toolName": "f", "arguments": {"a": [true]}, "collapsed": false, "callId": "t2"}], "timestamp": 4},
      {"id": "m-5", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "f", "result": "two", "success": true, "collapsed": true, "callId": "t2"}], "timestamp": 5},
      {"id": "m-6", "role": "user", "segments": [{"kind": "text", "content": "Thanks"}], "timestamp": 6}]});
    assert_warnings(
        &golden(input, Source::Anthropic, &expected),
        &[("max_tokens", "max_tokens 8")],
    );
}

/// Errors: a tool_use input that is not an object, an unknown role, a block without a type.
#[test]
fn errors_name_their_paths() {
    let input = r#"{"system": "s", "messages": [
      {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "f", "input": "{}"}]},
      {"role": "tool", "content": "x"},
      {"role": "user", "content": [{"text": "no type"}]},
      {"role": "user"}]}"#;
    assert_eq!(
        import_errors(input, None),
        [
            "error messages[0].content[0].input: not a JSON object, found a string",
            "error messages[1].role: unknown role \"tool\" (expected user, assistant or system)",
            "error messages[2].content[0]: missing required field `type`",
            "error messages[3]: missing required field `content`",
        ]
    );
}
