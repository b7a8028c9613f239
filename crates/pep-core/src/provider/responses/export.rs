//! The OpenAI Responses API printer (DECISIONS §10): `{ "model"?, "instructions"?,
//! "input": [...], "tools"? }`. Items stand exactly where §3 puts its Chat Completions
//! messages, so the two OpenAI formats say the same in two shapes.

use crate::issue::{ExportProblem, Issue, Problem};
use crate::lower::{Conversation, Part, PartContent, Tool, Turn};
use crate::model::Role;
use crate::provider::openai_chat::export::schema_or_empty;
use crate::provider::print::Printer;
use crate::provider::print::compact;

/// Prints `conversation`: §3's warnings, and one when there is no input item (the API
/// rejects an empty `input`).
pub(crate) fn print(conversation: &Conversation<'_>, out: &mut Printer<'_>) -> Vec<Issue> {
    let mut warnings = conversation.warnings.clone();
    let w = &mut out.writer;
    w.begin_object();
    if let Some(model) = conversation.model {
        w.key("model");
        w.unmeasured(|w| w.string(model));
    }
    if let Some(head) = &conversation.head {
        w.key("instructions");
        // After the key: it may begin a new line.
        let line = w.line();
        w.string(&head.text);
        let sources = || head.sources.iter().map(|(at, _)| *at).collect();
        out.links.add(line, line, sources);
    }
    out.writer.key("input");
    out.writer.begin_array();
    let mut items = 0;
    for turn in &conversation.turns {
        items += own_items(turn, out);
        for result in &turn.results {
            let fields = [
                ("type", "function_call_output"),
                ("call_id", &result.id),
                ("output", &result.content),
            ];
            out.flat_item(&fields, || {
                result.sources.iter().map(|(at, _)| *at).collect()
            });
            items += 1;
        }
    }
    out.writer.end_array();
    if items == 0 {
        warnings.push(Issue::new(
            "input",
            Problem::Export(ExportProblem::EmptyInput),
        ));
    }
    out.tools("tools", &conversation.tools, print_tool);
    out.writer.end_object();
    warnings
}

/// `{"type":"function","name","description"?,"parameters","strict":false}`: `strict` is
/// written because the API's default (`true`) would change what the schema means.
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
    w.key("parameters");
    schema_or_empty(w, tool.schema);
    w.key("strict");
    w.literal("false");
    w.end_object();
    out.links.add(first, w.line(), || vec![tool.at]);
}

/// The turn's own items (none for a system or tool turn, or an empty one): a user message,
/// or an assistant message with text and then one `function_call` per request. Returns how
/// many it wrote.
fn own_items(turn: &Turn<'_>, out: &mut Printer<'_>) -> usize {
    match turn.role {
        Role::User if !turn.parts.is_empty() => {
            user_message(&turn.parts, out);
            1
        }
        Role::Assistant => {
            let text = usize::from(!turn.parts.is_empty());
            if text == 1 {
                assistant_message(&turn.parts, out);
            }
            function_calls(turn, out);
            text + turn.tool_uses.len()
        }
        Role::User | Role::System | Role::Tool => 0,
    }
}

/// `{"role":"user","content":[…]}`: always parts, one per text-like or image segment.
fn user_message(parts: &[Part<'_>], out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("role", "user");
    w.key("content");
    w.begin_array();
    for part in parts {
        let w = &mut out.writer;
        w.element();
        let line = w.line();
        w.begin_object();
        match &part.content {
            PartContent::Image { url, .. } => w.unmeasured(|w| {
                w.field("type", "input_image");
                w.field("image_url", url);
                w.field("detail", "auto");
            }),
            content => {
                w.field("type", "input_text");
                w.field("text", content.as_text());
            }
        }
        w.end_object();
        out.links.add(line, w.line(), || vec![part.at]);
    }
    let w = &mut out.writer;
    w.end_array();
    w.end_object();
    out.links
        .add(first, w.line(), || parts.iter().map(|p| p.at).collect());
}

/// `{"role":"assistant","content":"texts joined by \n\n"}`.
fn assistant_message(parts: &[Part<'_>], out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("role", "assistant");
    w.key("content");
    let mut pieces = Vec::with_capacity(parts.len() * 2);
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            pieces.push("\n\n");
        }
        pieces.push(part.content.as_text());
    }
    w.string_of(&pieces);
    w.end_object();
    out.links
        .add(first, w.line(), || parts.iter().map(|p| p.at).collect());
}

/// One `{"type":"function_call","call_id","name","arguments"}` per request, §3's id and
/// compact arguments.
fn function_calls(turn: &Turn<'_>, out: &mut Printer<'_>) {
    for call in &turn.tool_uses {
        let arguments = compact(call.arguments);
        let fields = [
            ("type", "function_call"),
            ("call_id", &call.id),
            ("name", call.name),
            ("arguments", &arguments),
        ];
        out.flat_item(&fields, || vec![call.at]);
    }
}
