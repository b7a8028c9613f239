//! Import of MCP `prompts/get` results (DECISIONS §7): hand-written golden envelopes.

mod common;
#[path = "import/support.rs"]
mod support;

use common::assert_warnings;
use pep_core::import::Source;
use serde_json::json;
use support::{golden, import_errors};

/// Every mapping rule, inside a JSON-RPC response.
#[test]
fn every_rule() {
    let long = "é".repeat(250);
    let input = format!(
        r#"{{"jsonrpc": "2.0", "id": 7, "result": {{
      "description": "Code review",
      "_meta": {{"k": 1}},
      "messages": [
        {{"role": "user", "content": {{"type": "text", "text": "Review this:"}}}},
        {{"role": "user", "content": {{"type": "resource", "resource": {{"uri": "file:///project/src/main.rs", "mimeType": "text/x-rust", "text": "fn main() {{}}"}}}}}},
        {{"role": "user", "content": {{"type": "resource", "resource": {{"uri": "urn:example:blob", "blob": "AAEC"}}}}}},
        {{"role": "user", "content": {{"type": "image", "data": "iVBORw0K", "mimeType": "image/png", "annotations": {{"audience": ["user"]}}}}}},
        {{"role": "assistant", "content": {{"type": "audio", "data": "UklG", "mimeType": "audio/wav"}}}},
        {{"role": "user", "content": {{"type": "resource_link", "uri": "https://example.com/spec.md", "name": "spec.md", "mimeType": "text/markdown", "description": "The spec"}}}},
        {{"role": "assistant", "content": {{"type": "text", "text": ""}}}},
        {{"role": "user", "content": {{"type": "video", "data": "AAAA"}}}},
        {{"role": "assistant", "content": {{"type": "resource", "resource": {{"uri": "memo://insights", "text": "{long}"}}, "_meta": {{}}}}, "name": "x"}}
      ]}}, "extra": true}}"#
    );
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "user", "segments": [{"kind": "text", "content": "Review this:"}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [
        {"kind": "document", "fileName": "main.rs", "mimeType": "text/x-rust", "snippet": "fn main() {}", "sizeBytes": 12, "parsedContent": "fn main() {}"}],
       "timestamp": 2},
      {"id": "m-3", "role": "user", "segments": [
        {"kind": "document", "fileName": "urn:example:blob", "mimeType": "application/octet-stream", "snippet": "", "sizeBytes": 3}],
       "timestamp": 3},
      {"id": "m-4", "role": "user", "segments": [{"kind": "media", "mediaType": "image", "url": "data:image/png;base64,iVBORw0K"}], "timestamp": 4},
      {"id": "m-5", "role": "assistant", "segments": [{"kind": "media", "mediaType": "audio", "url": "data:audio/wav;base64,UklG"}], "timestamp": 5},
      {"id": "m-6", "role": "user", "segments": [{"kind": "text", "content": "[spec.md](https://example.com/spec.md)"}], "timestamp": 6},
      {"id": "m-7", "role": "assistant", "segments": [
        {"kind": "document", "fileName": "memo://insights", "mimeType": "text/plain", "snippet": "é".repeat(200), "sizeBytes": 500, "parsedContent": long}],
       "timestamp": 7}]});
    let warnings = golden(&input, Source::Mcp, &expected);
    assert_warnings(
        &warnings,
        &[
            ("extra", "the key `extra`"),
            ("result.description", "the key `description`"),
            ("result._meta", "the key `_meta`"),
            (
                "result.messages[2].content",
                "the file's content is not kept",
            ),
            (
                "result.messages[3].content.annotations",
                "the key `annotations`",
            ),
            ("result.messages[5].content.mimeType", "the key `mimeType`"),
            (
                "result.messages[5].content.description",
                "the key `description`",
            ),
            ("result.messages[6].content.text", "an empty text"),
            ("result.messages[6]", "a message with nothing"),
            (
                "result.messages[7].content",
                "a content block of type `video`",
            ),
            ("result.messages[7]", "a message with nothing"),
            ("result.messages[8].name", "the key `name`"),
            ("result.messages[8].content._meta", "the key `_meta`"),
            (
                "result.messages[8].content",
                "the document's text has 250 characters",
            ),
        ],
    );
}

/// A bare result (no JSON-RPC response around it).
#[test]
fn bare_result() {
    let input = r#"{"messages": [{"role": "user", "content": {"type": "text", "text": "Hi"}},
      {"role": "assistant", "content": {"type": "text", "text": "Hello"}}]}"#;
    let expected = json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "user", "segments": [{"kind": "text", "content": "Hi"}], "timestamp": 1},
      {"id": "m-2", "role": "assistant", "segments": [{"kind": "text", "content": "Hello"}], "timestamp": 2}]});
    assert_warnings(&golden(input, Source::Mcp, &expected), &[]);
}

/// File names of resources: the URI's last path part, else the whole URI.
#[test]
fn resource_file_names() {
    let cases = [
        ("file:///a/b/notes.txt", "notes.txt"),
        ("test://static/resource/1", "1"),
        ("https://example.com", "https://example.com"),
        ("https://example.com/docs/", "https://example.com/docs/"),
        ("https://example.com/a/b.md?raw=1#top", "b.md"),
        ("memo://insights", "memo://insights"),
        ("urn:isbn:0451450523", "urn:isbn:0451450523"),
        ("docs/guide.md", "guide.md"),
    ];
    for (uri, name) in cases {
        let input = json!({"messages": [{"role": "user", "content": {"type": "resource",
            "resource": {"uri": uri, "text": "x"}}}]})
        .to_string();
        let imported = support::imported(&input, None);
        let file_name = imported.to_value()["messages"][0]["segments"][0]["fileName"].clone();
        assert_eq!(file_name, json!(name), "{uri}");
    }
}

/// Errors: a role MCP does not have, a content that is not one block, a block missing a field.
#[test]
fn errors_name_their_paths() {
    let input = r#"{"messages": [
      {"role": "system", "content": {"type": "text", "text": "x"}},
      {"role": "user", "content": {"type": "image", "data": "AAAA"}},
      {"role": "user", "content": {"type": "resource_link", "uri": "https://x"}},
      {"role": "user", "content": {"type": "resource", "resource": {"uri": "a://b"}}}]}"#;
    assert_eq!(
        import_errors(input, None),
        [
            "error messages[0].role: unknown role \"system\" (expected user or assistant)",
            "error messages[1].content: missing required field `mimeType`",
            "error messages[2].content: missing required field `name`",
            "error messages[3].content.resource: missing required field `text`",
        ]
    );
    assert_eq!(
        import_errors(
            r#"{"messages": [{"role": "user", "content": [{"type": "text", "text": "x"}]}]}"#,
            Some(Source::Mcp)
        ),
        ["error messages[0].content: must be an object, found an array"]
    );
}
