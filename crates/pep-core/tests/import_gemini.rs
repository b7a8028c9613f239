//! Import of Google Gemini `generateContent` bodies (DECISIONS §14): hand-written golden
//! envelopes, one rule at a time, the errors with their paths, detection and Batch files.

mod common;
#[path = "import/support.rs"]
mod support;

use common::assert_warnings;
use pep_core::import::{Source, detect, import_all};
use serde_json::json;
use support::{golden, import_errors, imported};

/// Every part rule in one snake_case body: texts, thought parts and signatures, media and
/// documents from inline data and file uris, a call and its response, a text after a call.
#[test]
fn every_part_rule() {
    let body = r#"{
      "system_instruction": {"role": "user", "parts": [{"text": "Be terse."}, {"text": "Cite."}]},
      "contents": [
        {"parts": [
          {"text": "Look"},
          {"inline_data": {"mime_type": "image/png", "data": "iVBORw0KGgo="}},
          {"inline_data": {"mime_type": "application/pdf", "data": "JVBERi0xLjQK"}},
          {"file_data": {"file_uri": "gs://b/clip.mp4"}},
          {"file_data": {"mime_type": "application/pdf", "file_uri": "https://x.org/papers/a.pdf"}},
          {"file_data": {"mime_type": "text/plain", "file_uri": "https://x.org"}},
          {"video_metadata": {"fps": 1}}
        ]},
        {"role": "model", "parts": [
          {"text": "Planning", "thought": true},
          {"function_call": {"name": "f", "args": {"q": 1}}, "thought_signature": "c2ln"},
          {"text": "Asked."},
          {"thoughtSignature": "c2ln", "text": "More"}
        ]},
        {"role": "function", "parts": [
          {"function_response": {"name": "f", "response": {"output": "one"}}}
        ]}
      ]
    }"#;
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "Be terse.\n\nCite.", "collapsed": true}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [
        {"kind": "text", "content": "Look"},
        {"kind": "media", "mediaType": "image", "url": "data:image/png;base64,iVBORw0KGgo="},
        {"kind": "document", "fileName": "file", "mimeType": "application/pdf", "snippet": "", "sizeBytes": 9},
        {"kind": "media", "mediaType": "video", "url": "gs://b/clip.mp4"},
        {"kind": "document", "fileName": "a.pdf", "mimeType": "application/pdf", "snippet": "", "sizeBytes": 0},
        {"kind": "document", "fileName": "file", "mimeType": "text/plain", "snippet": "", "sizeBytes": 0}],
       "timestamp": 2},
      {"id": "m-3", "role": "assistant", "segments": [
        {"kind": "tool_call_request", "toolName": "f", "arguments": {"q": 1}, "collapsed": false}],
       "timestamp": 3},
      {"id": "m-4", "role": "assistant", "segments": [
        {"kind": "text", "content": "Asked."}, {"kind": "text", "content": "More"}], "timestamp": 4},
      {"id": "m-5", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "f", "result": "one", "success": true, "collapsed": true}],
       "timestamp": 5}]});
    let warnings = golden(body, Source::Gemini, &expected);
    let not_kept = "the file's content is not kept";
    assert_warnings(
        &warnings,
        &[
            ("contents[0].parts[2].inline_data", not_kept),
            ("contents[0].parts[4].file_data", not_kept),
            ("contents[0].parts[5].file_data", not_kept),
            (
                "contents[0].parts[6].video_metadata",
                "the key `video_metadata`",
            ),
            (
                "contents[1].parts[0]",
                "1 thinking or reasoning block left out",
            ),
            (
                "contents[1].parts[1].thought_signature",
                "2 thoughtSignatures left out",
            ),
        ],
    );
}

/// functionResponse rules: `output` and `error` alone give the text (an error fails), any other
/// response its compact JSON; responses go first in a user turn (warned) and split a model
/// turn; a functionCall in a user turn is left out; ids are callIds.
#[test]
fn responses_and_calls() {
    let body = r#"{"contents": [
      {"role": "model", "parts": [
        {"functionCall": {"id": "c1", "name": "f", "args": {}}},
        {"functionCall": {"name": "g"}},
        {"functionCall": {"name": "h"}}
      ]},
      {"role": "user", "parts": [
        {"text": "Here"},
        {"functionResponse": {"id": "c1", "name": "f", "response": {"error": "boom"}}},
        {"functionResponse": {"name": "g", "response": {"output": "x", "n": 2.50}}},
        {"functionCall": {"name": "f"}}
      ]},
      {"role": "MODEL", "parts": [
        {"text": "Before"},
        {"functionResponse": {"name": "h", "response": {"output": {"deep": true}}}},
        {"text": "After"}
      ]}
    ]}"#;
    let imported = imported(body, None);
    support::assert_valid(&imported);
    let messages = imported.to_value()["messages"].clone();
    let shape: Vec<String> = messages
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let segments = m["segments"].as_array().cloned().unwrap_or_default();
            let parts: Vec<String> = segments
                .iter()
                .map(|s| {
                    let text = s["content"].as_str().or(s["result"].as_str()).unwrap_or("");
                    let id = s["callId"].as_str().unwrap_or("-");
                    let ok = s["success"]
                        .as_bool()
                        .map_or("", |ok| if ok { "" } else { " failed" });
                    format!(
                        "{} {id} {text}{ok}",
                        s["toolName"].as_str().unwrap_or("text")
                    )
                })
                .collect();
            format!(
                "{}: {}",
                m["role"].as_str().unwrap_or(""),
                parts.join(" | ")
            )
        })
        .collect();
    assert_eq!(
        shape,
        [
            "assistant: f c1  | g -  | h - ",
            "tool: f c1 boom failed | g - {\"output\":\"x\",\"n\":2.50}",
            "user: text - Here",
            "assistant: text - Before",
            "tool: h - {\"output\":{\"deep\":true}}",
            "assistant: text - After",
        ]
    );
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_warnings(
        &warnings,
        &[
            (
                "contents[1].parts[1]",
                "functionResponse parts are moved before",
            ),
            (
                "contents[1].parts[3].functionCall",
                "a part of type `functionCall`",
            ),
        ],
    );
}

/// The Code Assist wrapper: its bookkeeping dropped silently, its model cut after `models/`,
/// paths inside `request`; the body's own model wins over the wrapper's.
#[test]
fn code_assist_wrapper() {
    let body = r#"{"model": "projects/p/locations/l/publishers/google/models/gemini-2.5-flash",
      "project": "p", "user_prompt_id": "", "enabled_credit_types": [], "extra": 1,
      "request": {"session_id": "s", "contents": {"role": "user", "parts": {"text": "Hi"}},
        "systemInstruction": "Be brief.", "cachedContent": "cachedContents/1", "tools": {"googleSearch": {}}}}"#;
    let expected = json!({"version": "1.0", "model": "gemini-2.5-flash", "messages": [
      {"id": "m-1", "role": "system", "segments": [
        {"kind": "system_prompt", "content": "Be brief.", "collapsed": true}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [{"kind": "text", "content": "Hi"}], "timestamp": 2}]});
    let warnings = golden(body, Source::Gemini, &expected);
    assert_warnings(
        &warnings,
        &[
            ("extra", "the key `extra`"),
            ("request.cachedContent", "earlier turns the server keeps"),
            ("request.tools.googleSearch", "built-in tool `googleSearch`"),
        ],
    );
    let inner = r#"{"model": "models/outer", "request": {"model": "models/inner", "contents": [{"parts": [{"text": "x"}]}]}}"#;
    assert_eq!(
        imported(inner, None).envelope.model.as_deref(),
        Some("inner")
    );
    // A bare body's session_id is not bookkeeping: warned.
    let bare = r#"{"session_id": "s", "contents": [{"parts": [{"text": "x"}]}]}"#;
    let warnings: Vec<String> = imported(bare, None)
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_warnings(&warnings, &[("session_id", "the key `session_id`")]);
}

/// Declarations: `parametersJsonSchema` exactly (and `parameters` warned beside it), else
/// `parameters` with every `type` lower-cased; both spellings of one key: camelCase read.
#[test]
fn declarations_and_spellings() {
    let body = r#"{"contents": [{"parts": [{"text": "x"}]}],
      "tools": [{"functionDeclarations": [
        {"name": "a", "parametersJsonSchema": {"type": "object", "properties": {"q": {"type": "STRING"}}},
         "parameters": {"type": "OBJECT"}, "behavior": "BLOCKING"},
        {"name": "b", "description": "B", "parameters": {"type": "OBJECT",
          "properties": {"type": {"type": "ARRAY", "items": {"type": "INTEGER"}}, "n": {"type": ["NUMBER", "NULL"]}},
          "required": ["type"]}}
      ], "function_declarations": [{"name": "never"}]}]}"#;
    let imported = imported(body, None);
    support::assert_valid(&imported);
    let overview = &imported.to_value()["messages"][0]["segments"][0];
    assert_eq!(
        overview["items"].to_string(),
        json!([
          {"name": "a", "description": "", "parameters": "q?: STRING",
           "schema": {"type": "object", "properties": {"q": {"type": "STRING"}}}},
          {"name": "b", "description": "B", "parameters": "type: array, n?: number|null",
           "schema": {"type": "object", "properties": {"type": {"type": "array", "items": {"type": "integer"}},
             "n": {"type": ["number", "null"]}}, "required": ["type"]}}])
        .to_string()
    );
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_warnings(
        &warnings,
        &[
            (
                "tools[0].function_declarations",
                "the camelCase spelling of this key",
            ),
            (
                "tools[0].functionDeclarations[0].parameters",
                "the key `parameters`",
            ),
            (
                "tools[0].functionDeclarations[0].behavior",
                "the key `behavior`",
            ),
            (
                "tools[0].functionDeclarations[1].parameters",
                "the tool `b`'s parameters",
            ),
        ],
    );
}

/// What cannot be imported, each at its path.
#[test]
fn errors_name_their_paths() {
    let cases = [
        (
            r#"{"contents": [{"role": "bot", "parts": []}]}"#,
            "error contents[0].role: unknown role \"bot\" (expected user, model or function)",
        ),
        (
            r#"{"contents": [{"role": "user"}]}"#,
            "error contents[0]: missing required field `parts`",
        ),
        (
            r#"{"contents": "hi"}"#,
            "error contents: must be an object or an array, found a string",
        ),
        (
            r#"{"contents": [{"parts": [{"functionResponse": {"response": {}}}]}]}"#,
            "error contents[0].parts[0].functionResponse: missing required field `name`",
        ),
        (
            r#"{"contents": [{"role": "model", "parts": [{"function_call": {"name": "f", "args": [1]}}]}]}"#,
            "error contents[0].parts[0].function_call.args: not a JSON object, found an array",
        ),
        (
            r#"{"contents": [{"parts": [{"inlineData": {"data": "AA=="}}]}]}"#,
            "error contents[0].parts[0].inlineData: missing required field `mimeType`",
        ),
        (
            r#"{"contents": [], "systemInstruction": 3}"#,
            "error systemInstruction: must be a string or an object, found a number",
        ),
        (r#"{"contents": []}"#, "error contents: nothing to import"),
    ];
    for (body, error) in cases {
        let errors = import_errors(body, Some(Source::Gemini));
        assert!(
            errors.iter().any(|e| e.starts_with(error)),
            "{body}: {errors:#?}"
        );
    }
}

/// `--from auto`: `contents` without `messages` or `input`, bare or in `request`.
#[test]
fn detection() {
    let gemini = [
        json!({"contents": []}),
        json!({"request": {"contents": []}, "model": "m"}),
        json!({"key": "k", "request": {"contents": {}}}),
    ];
    for value in gemini {
        assert_eq!(detect(&value), Ok(Source::Gemini), "{value}");
    }
    assert_eq!(
        detect(&json!({"contents": [], "messages": []})),
        Ok(Source::OpenAi)
    );
    assert_eq!(
        detect(&json!({"contents": [], "input": "x"})),
        Ok(Source::Responses)
    );
    assert_eq!(
        detect(&json!({"contents": [], "version": "1.0"})),
        Ok(Source::Envelope)
    );
}

/// A Batch file (DECISIONS §13): one request per line, each line's paths under `request`.
#[test]
fn batch_file_holds_many_requests() {
    let text = common::read("tests/fixtures/import/gemini/batch-requests.jsonl");
    let requests = match import_all(&text) {
        Some(Ok(requests)) => requests,
        other => panic!("{other:?}"),
    };
    assert_eq!(requests.count, 2);
    assert!(
        requests
            .imported
            .iter()
            .all(|r| r.imported.source == Source::Gemini)
    );
    let bad = "{\"key\": \"a\", \"request\": {\"contents\": [{\"parts\": [{\"text\": \"x\"}]}]}}\n\
               {\"key\": \"b\", \"request\": {\"contents\": [{\"role\": \"bot\", \"parts\": []}]}}\n";
    let requests = match import_all(bad) {
        Some(Ok(requests)) => requests,
        other => panic!("{other:?}"),
    };
    assert_eq!(requests.imported.len(), 1);
    assert!(
        requests.warnings[0]
            .to_string()
            .starts_with("warning line 2: the request is skipped: error request.contents[0].role"),
        "{:?}",
        requests.warnings
    );
}

/// What a reader could lose unseen, each warned or kept: a fileData mimeType the url cannot give
/// back, the wrapper's model when the body names another; `example` and `default` values keep
/// their `type` as written (they are data, not schemas); an empty role is an unset one.
#[test]
fn nothing_lost_unseen() {
    let body = r#"{"model": "models/outer", "request": {"model": "inner", "contents": [
      {"role": "", "parts": [
        {"fileData": {"mimeType": "image/png", "fileUri": "https://x.org/v1beta/files/abc"}},
        {"fileData": {"mimeType": "video/mp4", "fileUri": "https://x.org/v1beta/files/def"}},
        {"fileData": {"mimeType": "image/png", "fileUri": "gs://b/cat.png"}}]}],
      "tools": [{"functionDeclarations": [{"name": "f", "parameters": {"type": "OBJECT",
        "properties": {"p": {"type": "STRING", "example": {"type": "KEEP"}, "default": {"type": "KEEP"}}},
        "example": {"type": "KEEP"}}}]}]}}"#;
    let imported = imported(body, None);
    support::assert_valid(&imported);
    assert_eq!(imported.envelope.model.as_deref(), Some("inner"));
    let value = imported.to_value();
    assert_eq!(value["messages"][1]["role"], "user");
    assert_eq!(
        value["messages"][0]["segments"][0]["items"][0]["schema"].to_string(),
        r#"{"type":"object","properties":{"p":{"type":"string","example":{"type":"KEEP"},"default":{"type":"KEEP"}}},"example":{"type":"KEEP"}}"#
    );
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_warnings(
        &warnings,
        &[
            ("model", "the key `model`"),
            (
                "request.contents[0].parts[0].fileData.mimeType",
                "the mimeType `image/png` is not kept: a media segment holds only the url, whose export names image/jpeg",
            ),
            (
                "request.tools[0].functionDeclarations[0].parameters",
                "the tool `f`'s parameters",
            ),
        ],
    );
    // The same model twice is no loss.
    let same = r#"{"model": "models/m", "request": {"model": "m", "contents": [{"parts": [{"text": "x"}]}]}}"#;
    assert!(self::imported(same, None).warnings.is_empty());
}
