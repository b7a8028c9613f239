//! The MCP `prompts/get` result printer (DECISIONS §6, MCP revision 2025-06-18):
//! `{ "messages": [ {"role", "content": {one block}}, … ] }`.

use crate::issue::{ExportProblem, Issue, McpProblem, Problem};
use crate::lower::{Conversation, Part, PartContent};
use crate::model::Role;
use crate::path::SegmentRef;
use crate::provider::print::Printer;
use crate::provider::print::compact;
use crate::url::{DataUrl, has_scheme};

/// One MCP content block.
enum Content<'a> {
    Text(&'a [&'a str]),
    /// An image or audio clip carried as base64 data.
    Binary(&'static str, DataUrl<'a>),
    Link {
        uri: &'a str,
        name: &'a str,
    },
}

/// Prints `conversation`: one message per block, no merging (MCP allows consecutive messages
/// of one role).
pub(crate) fn print(conversation: &Conversation<'_>, out: &mut Printer<'_>) -> Vec<Issue> {
    // A prompt has no model: its absence is no loss here.
    let mut warnings: Vec<Issue> = conversation
        .warnings
        .iter()
        .filter(|w| w.problem != Problem::Export(ExportProblem::ModelMissing))
        .cloned()
        .collect();
    out.writer.begin_object();
    out.writer.key("messages");
    out.writer.begin_array();
    if let Some(head) = &conversation.head {
        let sources = head.sources.iter().map(|(at, _)| *at).collect();
        message(out, "user", &Content::Text(&[&head.text]), sources);
        warnings.push(Issue::new(
            "messages",
            Problem::Mcp(McpProblem::HeadAsUserMessage),
        ));
    }
    let mut first_call: Option<SegmentRef> = None;
    for turn in &conversation.turns {
        let role = if turn.role == Role::Assistant {
            "assistant"
        } else {
            "user"
        };
        for part in &turn.parts {
            print_part(part, role, &mut warnings, out);
        }
        for call in &turn.tool_uses {
            first_call.get_or_insert(call.at);
            let arguments = compact(call.arguments);
            let line = ["[Tool call ", &call.id, "] ", call.name, " ", &arguments];
            message(out, role, &Content::Text(&line), vec![call.at]);
        }
        for result in &turn.results {
            first_call.get_or_insert(result.at);
            let outcome = if result.success {
                ": ok\n"
            } else {
                ": error\n"
            };
            let line = [
                "[Tool result ",
                &result.id,
                "] ",
                result.name,
                outcome,
                &result.content,
            ];
            let sources = result.sources.iter().map(|(at, _)| *at).collect();
            // A result is a user turn's block in every provider, whoever held it (§5).
            message(out, "user", &Content::Text(&line), sources);
        }
    }
    out.writer.end_array();
    out.writer.end_object();
    if let Some(at) = first_call {
        warnings.push(Issue::in_segment(
            at,
            "",
            Problem::Mcp(McpProblem::ToolCallsAsText),
        ));
    }
    if let Some(first) = conversation.tools.first() {
        let count = conversation.tool_items;
        warnings.push(Issue::in_segment(
            first.at,
            &format!(".items[{}]", first.item),
            Problem::Mcp(McpProblem::ToolsNotInPrompt { count }),
        ));
    }
    warnings
}

/// One message, linked to `sources`.
fn message(out: &mut Printer<'_>, role: &str, content: &Content<'_>, sources: Vec<SegmentRef>) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("role", role);
    w.key("content");
    w.begin_object();
    match content {
        Content::Text(pieces) => {
            w.field("type", "text");
            w.key("text");
            w.string_of(pieces);
        }
        Content::Binary(kind, data) => w.unmeasured(|w| {
            w.field("type", kind);
            w.field("data", data.data);
            w.field("mimeType", data.mime);
        }),
        Content::Link { uri, name } => w.unmeasured(|w| {
            w.field("type", "resource_link");
            w.field("uri", uri);
            w.field("name", name);
        }),
    }
    w.end_object();
    w.end_object();
    out.links.add(first, w.line(), || sources);
}

fn print_part(part: &Part<'_>, role: &str, warnings: &mut Vec<Issue>, out: &mut Printer<'_>) {
    let at = vec![part.at];
    match &part.content {
        PartContent::Text(text) => message(out, role, &Content::Text(&[text]), at),
        PartContent::Image { url, alt } => {
            if let Some(data) = DataUrl::parse(url).filter(|d| d.base64 && d.is("image")) {
                return message(out, role, &Content::Binary("image", data), at);
            }
            if has_scheme(url) {
                let name = alt.unwrap_or(url);
                return message(out, role, &Content::Link { uri: url, name }, at);
            }
            let problem = Problem::Mcp(McpProblem::RelativeImageAsText);
            warnings.push(Issue::in_segment(part.at, "", problem));
            let text = crate::lower::media_text("Image", *alt, url);
            message(out, role, &Content::Text(&[&text]), at);
        }
        PartContent::Audio { url, text } => {
            match DataUrl::parse(url).filter(|d| d.base64 && d.is("audio")) {
                Some(data) => message(out, role, &Content::Binary("audio", data), at),
                None => message(out, role, &Content::Text(&[text]), at),
            }
        }
        PartContent::Video { text, .. } => message(out, role, &Content::Text(&[text]), at),
    }
}
