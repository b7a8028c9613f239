//! The OpenTelemetry GenAI printer (DECISIONS §12): the span attributes
//! `{ "gen_ai.system_instructions"?, "gen_ai.input.messages", "gen_ai.tool.definitions"? }`,
//! each value as the semantic conventions' JSON schemas (v1.41.0) define it. Turns stand
//! where §3 puts them, with one `tool` message per result, so the trace says what the
//! Chat Completions request says; only standard part types are written, each with its
//! required fields.

use crate::issue::Issue;
use crate::lower::{Conversation, Part, PartContent, Tool, Turn};
use crate::model::Role;
use crate::provider::print::Printer;
use crate::provider::print::Writer;
use crate::url::DataUrl;

/// Prints `conversation`; the lowering's warnings are all there is to say.
pub(crate) fn print(conversation: &Conversation<'_>, out: &mut Printer<'_>) -> Vec<Issue> {
    out.writer.begin_object();
    if let Some(head) = &conversation.head {
        let w = &mut out.writer;
        w.key("gen_ai.system_instructions");
        w.begin_array();
        w.element();
        let first = w.line();
        w.begin_object();
        w.field("type", "text");
        w.field("content", &head.text);
        w.end_object();
        w.end_array();
        let sources = || head.sources.iter().map(|(at, _)| *at).collect();
        out.links.add(first, out.writer.line(), sources);
    }
    out.writer.key("gen_ai.input.messages");
    out.writer.begin_array();
    for turn in &conversation.turns {
        own_message(turn, out);
        for result in &turn.results {
            let w = &mut out.writer;
            w.element();
            let first = w.line();
            w.begin_object();
            w.field("role", "tool");
            w.key("parts");
            w.begin_array();
            w.element();
            w.begin_object();
            w.field("type", "tool_call_response");
            w.field("id", &result.id);
            w.field("response", &result.content);
            w.end_object();
            w.end_array();
            w.end_object();
            let sources = || result.sources.iter().map(|(at, _)| *at).collect();
            out.links.add(first, w.line(), sources);
        }
    }
    out.writer.end_array();
    out.tools("gen_ai.tool.definitions", &conversation.tools, print_tool);
    out.writer.end_object();
    conversation.warnings.clone()
}

/// `{"type":"function","name","description"?,"parameters"?}`: the schema exactly as given,
/// and none written when the tool declares none (the convention's `parameters` is optional).
fn print_tool(tool: &Tool<'_>, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("type", "function");
    w.field("name", tool.name);
    if !tool.description.is_empty() {
        w.field("description", tool.description);
    }
    if let Some(schema) = tool.schema {
        w.key("parameters");
        w.object_measured_compact(schema);
    }
    w.end_object();
    out.links.add(first, w.line(), || vec![tool.at]);
}

/// The turn's own message, unless it has no part (a system turn, or one of results only):
/// one part per text-like segment, then one `tool_call` per request.
fn own_message(turn: &Turn<'_>, out: &mut Printer<'_>) {
    let role = match turn.role {
        Role::User => "user",
        Role::Assistant => "assistant",
        Role::System | Role::Tool => return,
    };
    if turn.parts.is_empty() && turn.tool_uses.is_empty() {
        return;
    }
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("role", role);
    w.key("parts");
    w.begin_array();
    let in_user = turn.role == Role::User;
    for part in &turn.parts {
        let w = &mut out.writer;
        w.element();
        let line = w.line();
        content_part(w, part, in_user);
        out.links.add(line, w.line(), || vec![part.at]);
    }
    for call in &turn.tool_uses {
        let w = &mut out.writer;
        w.element();
        let line = w.line();
        w.begin_object();
        w.field("type", "tool_call");
        w.field("id", &call.id);
        w.field("name", call.name);
        w.key("arguments");
        w.object_measured_compact(call.arguments);
        w.end_object();
        out.links.add(line, w.line(), || vec![call.at]);
    }
    let w = &mut out.writer;
    w.end_array();
    w.end_object();
    let sources = || {
        let parts = turn.parts.iter().map(|p| p.at);
        parts.chain(turn.tool_uses.iter().map(|c| c.at)).collect()
    };
    out.links.add(first, w.line(), sources);
}

/// A text part, or in a user message an image, audio or video as itself: a `uri` part, or
/// a `blob` part for a base64 `data:` url (the modality from the segment's kind).
fn content_part(w: &mut Writer<'_>, part: &Part<'_>, in_user: bool) {
    let media = match &part.content {
        PartContent::Image { url, .. } => Some(("image", *url)),
        PartContent::Audio { url, .. } if in_user => Some(("audio", *url)),
        PartContent::Video { url, .. } if in_user => Some(("video", *url)),
        PartContent::Text(_) | PartContent::Audio { .. } | PartContent::Video { .. } => None,
    };
    w.begin_object();
    match media {
        Some((modality, url)) => w.unmeasured(|w| media_part(w, modality, url)),
        None => {
            w.field("type", "text");
            w.field("content", part.content.as_text());
        }
    }
    w.end_object();
}

/// The members of a media part: `blob` with `mime_type` and base64 `content` for a `data:`
/// url (its data as written when it says `;base64`, else its percent-decoded bytes encoded),
/// else `uri`. A `data:` url with no media type stays a uri: a blob without one cannot be
/// read back.
fn media_part(w: &mut Writer<'_>, modality: &str, url: &str) {
    match DataUrl::parse(url).filter(|data| !data.mime.is_empty()) {
        Some(data) => {
            w.field("type", "blob");
            w.field("modality", modality);
            w.field("mime_type", data.mime);
            if data.base64 {
                w.field("content", data.data);
            } else {
                w.field(
                    "content",
                    &crate::provider::print::percent_data_as_base64(data.data),
                );
            }
        }
        None => {
            w.field("type", "uri");
            w.field("modality", modality);
            w.field("uri", url);
        }
    }
}
