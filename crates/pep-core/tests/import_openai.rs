//! Import of OpenAI Chat Completions requests (DECISIONS §7): hand-written golden envelopes.

mod common;
#[path = "import/support.rs"]
mod support;

use common::assert_warnings;
use pep_core::import::Source;
use serde_json::json;
use support::{golden, import_errors};

/// The request of [`every_rule`].
const EVERY_RULE: &str = r##"{
      "model": "gpt-4o",
      "temperature": 0.7,
      "tool_choice": "auto",
      "stream": false,
      "messages": [
        {"role": "developer", "content": "Be brief."},
        {"role": "system", "name": "sys", "content": [
          {"type": "text", "text": "Part one."}, {"type": "text", "text": "Part two."}]},
        {"role": "user", "name": "ada", "content": "Hello!"},
        {"role": "user", "content": [
          {"type": "text", "text": "Look:"},
          {"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "high"}},
          {"type": "input_audio", "input_audio": {"data": "SUQz", "format": "mp3"}},
          {"type": "input_audio", "input_audio": {"data": "UklG", "format": "wav"}},
          {"type": "file", "file": {"filename": "report.pdf", "file_data": "data:application/pdf;base64,JVBERi0xLjQK"}},
          {"type": "file", "file": {"file_id": "file-abc123"}},
          {"type": "text", "text": ""},
          {"type": "video_url", "video_url": {"url": "https://example.com/v.mp4"}}]},
        {"role": "assistant", "content": null, "tool_calls": [
          {"id": "call_abc", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\",\"days\":1.0,\"big\":12345678901234567890}"}},
          {"id": "call_def", "type": "function", "function": {"name": "get_time", "arguments": "{}"}},
          {"id": "call_x", "type": "custom", "custom": {"name": "grammar", "input": "x"}}]},
        {"role": "tool", "tool_call_id": "call_abc", "content": "18 °C"},
        {"role": "tool", "tool_call_id": "call_def", "content": [{"type": "text", "text": "10:00"}]},
        {"role": "assistant", "content": "It is 18 °C.", "refusal": null},
        {"role": "user", "content": ""},
        {"role": "assistant", "content": "Let me check.", "function_call": {"name": "lookup", "arguments": "{\"q\":\"x\"}"}},
        {"role": "function", "name": "lookup", "content": "found"},
        {"role": "tool", "tool_call_id": "call_zzz", "content": "orphan"}
      ],
      "tools": [
        {"type": "function", "function": {"name": "get_weather", "description": "Weather", "strict": true,
          "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": ["integer", "null"]},
            "unit": {"anyOf": [{"type": "string"}, {"type": "null"}]}, "kind": {"oneOf": [{"type": "string"}, {"$ref": "#/x"}]},
            "extra": {}}, "required": ["city"], "additionalProperties": false}}},
        {"type": "custom", "custom": {"name": "grammar"}}
      ],
      "functions": [{"name": "lookup", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}]
    }"##;

/// The envelope of [`every_rule`].
fn every_rule_expected() -> serde_json::Value {
    let weather_schema = json!({"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": ["integer", "null"]},
        "unit": {"anyOf": [{"type": "string"}, {"type": "null"}]}, "kind": {"oneOf": [{"type": "string"}, {"$ref": "#/x"}]},
        "extra": {}}, "required": ["city"], "additionalProperties": false});
    json!({"version": "1.0", "model": "gpt-4o", "messages": [
      {"id": "m-1", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "Be brief.", "collapsed": true},
        {"kind": "tool_overview", "items": [
          {"name": "get_weather", "description": "Weather",
           "parameters": "city: string, days?: integer|null, unit?: string|null, kind?: string, extra?: any",
           "schema": weather_schema},
          {"name": "lookup", "description": "", "parameters": "q: string",
           "schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}],
         "collapsed": true}], "timestamp": 1},
      {"id": "m-2", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "Part one.\n\nPart two.", "collapsed": true}], "timestamp": 2},
      {"id": "m-3", "role": "user", "segments": [{"kind": "text", "content": "Hello!"}], "timestamp": 3},
      {"id": "m-4", "role": "user", "segments": [
        {"kind": "text", "content": "Look:"},
        {"kind": "media", "mediaType": "image", "url": "https://example.com/a.png"},
        {"kind": "media", "mediaType": "audio", "url": "data:audio/mpeg;base64,SUQz"},
        {"kind": "media", "mediaType": "audio", "url": "data:audio/wav;base64,UklG"},
        {"kind": "document", "fileName": "report.pdf", "mimeType": "application/pdf", "snippet": "", "sizeBytes": 9},
        {"kind": "document", "fileName": "file", "mimeType": "application/octet-stream", "snippet": "", "sizeBytes": 0}],
       "timestamp": 4},
      {"id": "m-5", "role": "assistant", "segments": [
        {"kind": "tool_call_request", "toolName": "get_weather",
         "arguments": {"city": "Paris", "days": 1.0, "big": 12345678901234567890_u64}, "collapsed": false, "callId": "call_abc"},
        {"kind": "tool_call_request", "toolName": "get_time", "arguments": {}, "collapsed": false, "callId": "call_def"}],
       "timestamp": 5},
      {"id": "m-6", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "get_weather", "result": "18 °C", "success": true, "collapsed": true, "callId": "call_abc"},
        {"kind": "tool_call_result", "toolName": "get_time", "result": "10:00", "success": true, "collapsed": true, "callId": "call_def"}],
       "timestamp": 6},
      {"id": "m-7", "role": "assistant", "segments": [{"kind": "text", "content": "It is 18 °C."}], "timestamp": 7},
      {"id": "m-8", "role": "assistant", "segments": [
        {"kind": "text", "content": "Let me check."},
        {"kind": "tool_call_request", "toolName": "lookup", "arguments": {"q": "x"}, "collapsed": false}], "timestamp": 8},
      {"id": "m-9", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "lookup", "result": "found", "success": true, "collapsed": true},
        {"kind": "tool_call_result", "toolName": "unknown", "result": "orphan", "success": true, "collapsed": true, "callId": "call_zzz"}],
       "timestamp": 9}]})
}

/// Every mapping rule in one request: system / developer, user strings and parts, assistant
/// tool calls, a run of tool messages, legacy function_call / function / functions, tools,
/// and the keys, parts and texts left out.
#[test]
fn every_rule() {
    let expected = every_rule_expected();
    let warnings = golden(EVERY_RULE, Source::OpenAi, &expected);
    assert_warnings(
        &warnings,
        &[
            (
                "temperature",
                "left out of the envelope: the key `temperature`",
            ),
            ("tool_choice", "the key `tool_choice`"),
            ("stream", "the key `stream`"),
            (
                "messages[0].role",
                "a developer message is imported as a system message",
            ),
            ("messages[1].name", "the key `name`"),
            ("messages[2].name", "the key `name`"),
            (
                "messages[3].content[1].image_url.detail",
                "the key `detail`",
            ),
            ("messages[3].content[4]", "the file's content is not kept"),
            ("messages[3].content[5].file.file_id", "the key `file_id`"),
            ("messages[3].content[5]", "the file's content is not kept"),
            ("messages[3].content[6].text", "an empty text"),
            (
                "messages[3].content[7]",
                "a content block of type `video_url`",
            ),
            ("messages[4].tool_calls[2]", "a tool of type `custom`"),
            ("messages[7].refusal", "the key `refusal`"),
            ("messages[8].content", "an empty text"),
            ("messages[8]", "a message with nothing an envelope can hold"),
            (
                "messages[11].tool_call_id",
                "no earlier tool call has the id \"call_zzz\"",
            ),
            ("tools[0].function.strict", "the key `strict`"),
            ("tools[1]", "a tool of type `custom`"),
        ],
    );
}

/// Without a system message, the tools go into a new system message first.
#[test]
fn tools_without_a_system_message() {
    let input = r#"{"messages": [{"role": "user", "content": "Hi"}],
      "tools": [{"type": "function", "function": {"name": "ping"}}]}"#;
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "system", "segments": [
        {"kind": "tool_overview", "items": [{"name": "ping", "description": "", "parameters": ""}], "collapsed": true}],
       "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [{"kind": "text", "content": "Hi"}], "timestamp": 2}]});
    assert_warnings(&golden(input, Source::OpenAi, &expected), &[]);
}

/// The tools join the first system message, even when it is not the first message; an empty
/// system message is left out and the next one is the first.
#[test]
fn tools_join_the_first_system_message() {
    let input = r#"{"model": "m", "messages": [
      {"role": "user", "content": "Hi"},
      {"role": "system", "content": ""},
      {"role": "system", "content": "Rules."},
      {"role": "system", "content": "More rules."}],
      "tools": [{"type": "function", "function": {"name": "ping", "description": "Ping",
        "parameters": {"type": "object", "properties": {"n": {"type": "number"}}}}}]}"#;
    let expected = json!({"version": "1.0", "model": "m", "messages": [
      {"id": "m-1", "role": "user", "segments": [{"kind": "text", "content": "Hi"}], "timestamp": 1},
      {"id": "m-2", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "Rules.", "collapsed": true},
        {"kind": "tool_overview", "items": [{"name": "ping", "description": "Ping", "parameters": "n?: number",
          "schema": {"type": "object", "properties": {"n": {"type": "number"}}}}], "collapsed": true}],
       "timestamp": 2},
      {"id": "m-3", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "More rules.", "collapsed": true}], "timestamp": 3}]});
    assert_warnings(
        &golden(input, Source::OpenAi, &expected),
        &[
            ("messages[1].content", "an empty text"),
            ("messages[1]", "a message with nothing"),
        ],
    );
}

/// Two runs of tool messages separated by another message stay two tool messages; an
/// assistant message with text and calls keeps its text first.
#[test]
fn runs_of_tool_messages() {
    let input = r#"{"messages": [
      {"role": "assistant", "content": "Checking.", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{\"x\":[1,{\"y\":null}]}"}},
        {"id": "b", "function": {"name": "g", "arguments": "{}"}}]},
      {"role": "tool", "tool_call_id": "a", "content": "1"},
      {"role": "user", "content": "and?"},
      {"role": "tool", "tool_call_id": "b", "content": ""}]}"#;
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "assistant", "segments": [
        {"kind": "text", "content": "Checking."},
        {"kind": "tool_call_request", "toolName": "f", "arguments": {"x": [1, {"y": null}]}, "collapsed": false, "callId": "a"},
        {"kind": "tool_call_request", "toolName": "g", "arguments": {}, "collapsed": false, "callId": "b"}], "timestamp": 1},
      {"id": "m-2", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "f", "result": "1", "success": true, "collapsed": true, "callId": "a"}],
       "timestamp": 2},
      {"id": "m-3", "role": "user", "segments": [{"kind": "text", "content": "and?"}], "timestamp": 3},
      {"id": "m-4", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "g", "result": "", "success": true, "collapsed": true, "callId": "b"}],
       "timestamp": 4}]});
    assert_warnings(&golden(input, Source::OpenAi, &expected), &[]);
}

/// Arguments that are not a JSON object are an error at their path; so is a role OpenAI does
/// not have. Every error is reported at once.
#[test]
fn errors_name_their_paths() {
    let input = r#"{"messages": [
      {"role": "user", "content": "Hi"},
      {"role": "assistant", "tool_calls": [{"id": "a", "type": "function", "function": {"name": "f", "arguments": "[1, 2]"}}]},
      {"role": "critic", "content": "No."},
      {"role": "assistant", "tool_calls": [{"id": "b", "type": "function", "function": {"name": "f", "arguments": "{\"x\": }"}}]},
      {"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f"}}]},
      {"role": "tool", "content": "x"},
      "hello"]}"#;
    assert_eq!(
        import_errors(input, None),
        [
            "error messages[1].tool_calls[0].function.arguments: not a JSON object, found an array",
            "error messages[2].role: unknown role \"critic\" (expected system, developer, user, assistant, tool or function)",
            "error messages[3].tool_calls[0].function.arguments: not a JSON object: invalid JSON at line 1, column 7: expected value",
            "error messages[4].tool_calls[0].function: missing required field `arguments`",
            "error messages[5]: missing required field `tool_call_id`",
            "error messages[6]: must be an object, found a string",
        ]
    );
    assert_eq!(
        import_errors(r#"{"messages": "hi"}"#, Some(Source::OpenAi)),
        ["error messages: must be an array, found a string"]
    );
    assert_eq!(
        import_errors(r#"{"messages": []}"#, None),
        ["error messages: nothing to import: no message has any content an envelope can hold"]
    );
    assert_eq!(
        import_errors(
            r#"{"model": 4, "messages": [{"role": "user", "content": "x"}]}"#,
            None
        ),
        ["error model: must be a string, found a number"]
    );
}

/// Keys written twice in the request, or inside an arguments string, are warned about at
/// their path; the last value is used, as JSON says.
#[test]
fn repeated_keys() {
    let input = r#"{"messages": [{"role": "user", "content": "a", "content": "b"},
      {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{\"x\":1,\"x\":2}"}}]}]}"#;
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "user", "segments": [{"kind": "text", "content": "b"}], "timestamp": 1},
      {"id": "m-2", "role": "assistant", "segments": [
        {"kind": "tool_call_request", "toolName": "f", "arguments": {"x": 2}, "collapsed": false, "callId": "c"}],
       "timestamp": 2}]});
    assert_warnings(
        &golden(input, Source::OpenAi, &expected),
        &[
            ("messages[0].content", "appears more than once"),
            (
                "messages[1].tool_calls[0].function.arguments.x",
                "appears more than once",
            ),
        ],
    );
}

/// The example of `docs/import.md` is what the import gives.
#[test]
fn docs_example() {
    let doc = common::read("docs/import.md");
    let example = doc.split("## Example").nth(1).unwrap_or_default();
    let blocks: Vec<&str> = example
        .split("```json")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .collect();
    assert_eq!(blocks.len(), 2, "two json blocks in the example");
    let expected = common::json(blocks[1]);
    let warnings = golden(blocks[0], Source::OpenAi, &expected);
    assert_eq!(
        warnings,
        ["warning temperature: left out of the envelope: the key `temperature`"]
    );
}
