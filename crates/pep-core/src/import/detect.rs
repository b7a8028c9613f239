//! Which format a document is in (DECISIONS §7, `--from auto`).

use serde_json::{Map, Value};

use super::Source;
use crate::issue::{ImportProblem, Issue, Problem};

/// Block types only Anthropic Messages has (an `image` counts when it has a `source`).
const ANTHROPIC_BLOCKS: [&str; 5] = [
    "tool_use",
    "tool_result",
    "thinking",
    "redacted_thinking",
    "document",
];

/// The format of `value`, in this order: an object with `version` is an envelope;
/// `messages` whose every `content` is one object (or a JSON-RPC response whose `result` is
/// so) is an MCP prompt; a top-level `system`, a tool with `input_schema`, or a block of type
/// `tool_use`, `tool_result`, `thinking`, `redacted_thinking`, `document` or an `image` with a
/// `source` is Anthropic; any other object with `messages` is OpenAI; an object with `input`
/// and no `messages` is a Responses request (DECISIONS §10). OpenTelemetry GenAI data (an
/// OTLP trace, an object with a `gen_ai.` key, an array of messages with `parts`, §12) comes
/// right after the envelope; a Gemini CLI recording (`sessionId` and a `messages` array) and a
/// Gemini body (`contents` and neither `messages` nor `input`, bare
/// or as a wrapper's `request`, §14) right after that. Anything else is an error saying what was expected.
pub fn detect(value: &Value) -> Result<Source, Issue> {
    let unrecognized = || Issue::new("$", Problem::Import(ImportProblem::Unrecognized));
    let is_envelope = value.get("version").is_some();
    if !is_envelope && crate::provider::otel::is_otel(value) {
        return Ok(Source::Otel);
    }
    let Value::Object(root) = value else {
        return Err(unrecognized());
    };
    if is_envelope {
        return Ok(Source::Envelope);
    }
    // Gemini CLI's older recording, before the `messages` rules, which would take it for
    // OpenAI (DECISIONS §14).
    if crate::provider::logs::gemini_cli::is_single(value) {
        return Ok(Source::GeminiCli);
    }
    if crate::provider::gemini::import::is_gemini(root) {
        return Ok(Source::Gemini);
    }
    let in_result = root.get("result").and_then(Value::as_object);
    if is_mcp(root) || (!root.contains_key("messages") && in_result.is_some_and(is_mcp)) {
        return Ok(Source::Mcp);
    }
    let Some(messages) = root.get("messages") else {
        return if root.contains_key("input") {
            Ok(Source::Responses)
        } else {
            Err(unrecognized())
        };
    };
    if is_anthropic(root, messages) {
        Ok(Source::Anthropic)
    } else {
        Ok(Source::OpenAi)
    }
}

/// A non-empty `messages` array whose every element has one object as its `content`.
pub(super) fn is_mcp(object: &Map<String, Value>) -> bool {
    match object.get("messages") {
        Some(Value::Array(messages)) => {
            !messages.is_empty()
                && messages
                    .iter()
                    .all(|m| m.get("content").is_some_and(Value::is_object))
        }
        _ => false,
    }
}

fn is_anthropic(root: &Map<String, Value>, messages: &Value) -> bool {
    if root.contains_key("system") {
        return true;
    }
    let tools = root.get("tools").and_then(Value::as_array);
    if tools.is_some_and(|tools| tools.iter().any(|t| t.get("input_schema").is_some())) {
        return true;
    }
    let Some(messages) = messages.as_array() else {
        return false;
    };
    messages
        .iter()
        .filter_map(|message| message.get("content").and_then(Value::as_array))
        .flatten()
        .any(is_anthropic_block)
}

fn is_anthropic_block(block: &Value) -> bool {
    match block.get("type").and_then(Value::as_str) {
        Some("image") => block.get("source").is_some(),
        Some(kind) => ANTHROPIC_BLOCKS.contains(&kind),
        None => false,
    }
}
