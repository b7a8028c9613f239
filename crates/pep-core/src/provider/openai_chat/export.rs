//! The OpenAI Chat Completions printer (spec §5, DECISIONS §3):
//! `{ "model"?, "messages": [...], "tools"? }`.

use crate::issue::Issue;
use crate::lower::{Conversation, Part, PartContent, Tool, Turn};
use crate::model::Role;
use crate::path::SegmentRef;
use crate::provider::print::Printer;
use crate::provider::print::{Writer, compact};

/// Prints `conversation`; the lowering's warnings are all there is to say.
pub(crate) fn print(conversation: &Conversation<'_>, out: &mut Printer<'_>) -> Vec<Issue> {
    let w = &mut out.writer;
    w.begin_object();
    if let Some(model) = conversation.model {
        w.key("model");
        w.unmeasured(|w| w.string(model));
    }
    w.key("messages");
    w.begin_array();
    if let Some(head) = &conversation.head {
        w.element();
        let first = w.line();
        w.begin_object();
        w.field("role", "system");
        w.field("content", &head.text);
        w.end_object();
        let sources = || head.sources.iter().map(|(at, _)| *at).collect();
        out.links.add(first, w.line(), sources);
    }
    for turn in &conversation.turns {
        own_message(turn, out);
        for result in &turn.results {
            let fields = [
                ("role", "tool"),
                ("tool_call_id", &result.id),
                ("content", &result.content),
            ];
            out.flat_item(&fields, || {
                result.sources.iter().map(|(at, _)| *at).collect()
            });
        }
    }
    let w = &mut out.writer;
    w.end_array();
    out.tools("tools", &conversation.tools, print_tool);
    out.writer.end_object();
    conversation.warnings.clone()
}

fn print_tool(tool: &Tool<'_>, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("type", "function");
    w.key("function");
    w.begin_object();
    w.field("name", tool.name);
    w.field("description", tool.description);
    w.key("parameters");
    schema_or_empty(w, tool.schema);
    w.end_object();
    w.end_object();
    out.links.add(first, w.line(), || vec![tool.at]);
}

/// A declared tool's schema exactly as given, or `{"type":"object","properties":{}}`;
/// measured as its compact JSON.
pub(crate) fn schema_or_empty(
    w: &mut Writer<'_>,
    schema: Option<&serde_json::Map<String, serde_json::Value>>,
) {
    match schema {
        Some(schema) => w.object_measured_compact(schema),
        None => {
            let empty = serde_json::Map::from_iter([
                ("type".to_owned(), serde_json::Value::from("object")),
                (
                    "properties".to_owned(),
                    serde_json::Value::Object(serde_json::Map::new()),
                ),
            ]);
            w.object_measured_compact(&empty);
        }
    }
}

/// The message's own export, unless it would be empty (then it is dropped silently), with
/// its links: the message, each content part when the content is an array (else the content
/// string), each tool call.
fn own_message(turn: &Turn<'_>, out: &mut Printer<'_>) {
    let has_content = match turn.role {
        Role::System | Role::Tool => return,
        Role::User => !turn.parts.is_empty(),
        Role::Assistant => !(turn.parts.is_empty() && turn.tool_uses.is_empty()),
    };
    if !has_content {
        return;
    }
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("role", turn.role.as_str());
    let image = turn.role == Role::User
        && turn
            .parts
            .iter()
            .any(|part| matches!(part.content, PartContent::Image { .. }));
    if image {
        content_parts(&turn.parts, out);
    } else {
        content_string(&turn.parts, turn.role, out);
    }
    if !turn.tool_uses.is_empty() {
        tool_calls(turn, out);
    }
    let w = &mut out.writer;
    w.end_object();
    let last = w.line();
    out.links.add(first, last, || {
        let parts = turn.parts.iter().map(|p| p.at);
        parts.chain(turn.tool_uses.iter().map(|c| c.at)).collect()
    });
}

/// `"content": [parts…]`, each linked to its segment.
fn content_parts(parts: &[Part<'_>], out: &mut Printer<'_>) {
    out.writer.key("content");
    out.writer.begin_array();
    for part in parts {
        let w = &mut out.writer;
        w.element();
        let first = w.line();
        w.begin_object();
        match &part.content {
            PartContent::Image { url, .. } => w.unmeasured(|w| {
                w.field("type", "image_url");
                w.key("image_url");
                w.begin_object();
                w.field("url", url);
                w.end_object();
            }),
            content => {
                w.field("type", "text");
                w.field("text", content.as_text());
            }
        }
        w.end_object();
        out.links.add(first, w.line(), || vec![part.at]);
    }
    out.writer.end_array();
}

/// `"content": "texts joined by \n\n"` (`null` for an assistant message without text).
fn content_string(parts: &[Part<'_>], role: Role, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.key("content");
    let line = w.line();
    if parts.is_empty() && role == Role::Assistant {
        w.literal("null");
        return;
    }
    let mut pieces = Vec::with_capacity(parts.len() * 2);
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            pieces.push("\n\n");
        }
        pieces.push(part.content.as_text());
    }
    w.string_of(&pieces);
    if !parts.is_empty() {
        out.links.add(line, line, || {
            parts.iter().map(|p| p.at).collect::<Vec<SegmentRef>>()
        });
    }
}

/// `"tool_calls": [...]`, each linked to its request.
fn tool_calls(turn: &Turn<'_>, out: &mut Printer<'_>) {
    out.writer.key("tool_calls");
    out.writer.begin_array();
    for call in &turn.tool_uses {
        let w = &mut out.writer;
        w.element();
        let first = w.line();
        w.begin_object();
        w.field("id", &call.id);
        w.field("type", "function");
        w.key("function");
        w.begin_object();
        w.field("name", call.name);
        w.field("arguments", &compact(call.arguments));
        w.end_object();
        w.end_object();
        out.links.add(first, w.line(), || vec![call.at]);
    }
    out.writer.end_array();
}
