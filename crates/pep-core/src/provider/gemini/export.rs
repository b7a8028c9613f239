//! The Gemini `generateContent` printer (DECISIONS §14):
//! `{ "systemInstruction"?, "contents": [...], "tools"? }`, camelCase. The model travels in the
//! url (`models/{model}:generateContent`), never in the body.

use std::borrow::Cow;

use serde_json::Value;

use super::media::Media;
use crate::issue::{GeminiProblem, Issue, Problem};
use crate::lower::{Conversation, PartContent, ToolResult, ToolUse, media_text};
use crate::model::{MediaType, Role};
use crate::path::SegmentRef;
use crate::provider::openai_chat::export::schema_or_empty;
use crate::provider::print::turns::{Turn, print_turn, push_merged, results_first};
use crate::provider::print::{Printer, Writer};

/// One part of a content, borrowed from the lowering.
enum Part<'c, 'e> {
    Text(Cow<'c, str>, SegmentRef),
    Media(Media<'e>, SegmentRef),
    Call(&'c ToolUse<'e>),
    Response(&'c ToolResult<'e>),
}

impl Part<'_, '_> {
    fn is_response(&self) -> bool {
        matches!(self, Part::Response(_))
    }

    /// The segment it stands at (for warnings).
    fn at(&self) -> SegmentRef {
        match self {
            Part::Text(_, at) | Part::Media(_, at) => *at,
            Part::Call(call) => call.at,
            Part::Response(result) => result.at,
        }
    }

    /// The segments it came from (a result and the texts appended to it).
    fn sources(&self, into: &mut Vec<SegmentRef>) {
        match self {
            Part::Response(result) => into.extend(result.sources.iter().map(|(at, _)| *at)),
            other => into.push(other.at()),
        }
    }
}

/// A content being built: `user` or `model` (`assistant`), its parts in order.
type Content<'c, 'e> = Turn<Part<'c, 'e>>;

/// Prints `conversation`.
pub(crate) fn print(conversation: &Conversation<'_>, out: &mut Printer<'_>) -> Vec<Issue> {
    let mut warnings = conversation.warnings.clone();
    if let Some(model) = conversation.model {
        let model = model.to_owned();
        warnings.push(Issue::new(
            "model",
            Problem::Gemini(GeminiProblem::ModelInUrl { model }),
        ));
    }
    let mut contents = merged_contents(conversation, &mut warnings);
    for content in &mut contents {
        if let Some(at) = results_first(content, Part::is_response, Part::at) {
            let problem = Problem::Gemini(GeminiProblem::ResponsesMovedFirst);
            warnings.push(Issue::in_segment(at, "", problem));
        }
    }
    let w = &mut out.writer;
    w.begin_object();
    if let Some(head) = &conversation.head {
        w.key("systemInstruction");
        let first = w.line();
        w.begin_object();
        w.key("parts");
        w.begin_array();
        w.element();
        w.begin_object();
        w.field("text", &head.text);
        w.end_object();
        w.end_array();
        w.end_object();
        let sources = || head.sources.iter().map(|(at, _)| *at).collect();
        out.links.add(first, out.writer.line(), sources);
    }
    out.writer.key("contents");
    out.writer.begin_array();
    for content in &contents {
        print_turn(
            content,
            ["user", "model"],
            "parts",
            out,
            print_part,
            Part::sources,
        );
    }
    out.writer.end_array();
    if !conversation.tools.is_empty() {
        print_tools(conversation, out);
    }
    out.writer.end_object();
    warnings
}

/// The contents in API order: each message's own parts, then its results as a user content;
/// consecutive contents of one role merged (the turns of DECISIONS §5).
fn merged_contents<'c, 'e>(
    conversation: &'c Conversation<'e>,
    warnings: &mut Vec<Issue>,
) -> Vec<Content<'c, 'e>> {
    let mut contents: Vec<Content<'c, 'e>> = Vec::new();
    for turn in &conversation.turns {
        let own = own_parts(turn, warnings);
        push_merged(&mut contents, turn.role == Role::Assistant, own);
        let results = turn.results.iter().map(Part::Response).collect();
        push_merged(&mut contents, false, results);
    }
    contents
}

/// A message's texts and media, then its function calls (texts first, as DECISIONS §5).
fn own_parts<'c, 'e>(
    turn: &'c crate::lower::Turn<'e>,
    warnings: &mut Vec<Issue>,
) -> Vec<Part<'c, 'e>> {
    let in_user = turn.role == Role::User;
    let mut parts = Vec::with_capacity(turn.parts.len() + turn.tool_uses.len());
    for part in &turn.parts {
        let media = match &part.content {
            PartContent::Image { url, .. } => Some((*url, MediaType::Image)),
            PartContent::Audio { url, .. } if in_user => Some((*url, MediaType::Audio)),
            PartContent::Video { url, .. } if in_user => Some((*url, MediaType::Video)),
            PartContent::Text(_) | PartContent::Audio { .. } | PartContent::Video { .. } => None,
        };
        let Some((url, media_type)) = media else {
            parts.push(Part::Text(Cow::Borrowed(part.content.as_text()), part.at));
            continue;
        };
        match Media::of(url, media_type) {
            None => {
                warnings.push(Issue::in_segment(
                    part.at,
                    ".url",
                    Problem::Gemini(GeminiProblem::MediaAsText),
                ));
                parts.push(Part::Text(media_line(&part.content), part.at));
            }
            Some(media) => {
                if let Media::File {
                    mime,
                    guessed: true,
                    ..
                } = media
                {
                    warnings.push(Issue::in_segment(
                        part.at,
                        ".url",
                        Problem::Gemini(GeminiProblem::MimeGuessed { mime }),
                    ));
                }
                parts.push(Part::Media(media, part.at));
            }
        }
    }
    parts.extend(turn.tool_uses.iter().map(Part::Call));
    parts
}

/// The DECISIONS §3 line of a media part Gemini cannot fetch.
fn media_line<'c>(content: &'c PartContent<'_>) -> Cow<'c, str> {
    match content {
        PartContent::Image { url, alt } => Cow::Owned(media_text("Image", *alt, url)),
        other => Cow::Borrowed(other.as_text()),
    }
}

fn print_part(part: &Part<'_, '_>, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.begin_object();
    match part {
        Part::Text(text, _) => w.field("text", text),
        Part::Media(media, _) => w.unmeasured(|w| print_media(media, w)),
        Part::Call(call) => {
            w.key("functionCall");
            w.begin_object();
            // The export id: the callId itself, or the `call_N` a repeated one gets (warned).
            if call.call_id.is_some() {
                w.field("id", &call.id);
            }
            w.field("name", call.name);
            w.key("args");
            w.object_measured_compact(call.arguments);
            w.end_object();
        }
        Part::Response(result) => {
            w.key("functionResponse");
            w.begin_object();
            if result.request_call_id.is_some() {
                w.field("id", &result.id);
            }
            w.field("name", result.request_name);
            w.key("response");
            print_response(result, w);
            w.end_object();
        }
    }
    out.writer.end_object();
}

/// `inlineData` or `fileData`.
fn print_media(media: &Media<'_>, w: &mut Writer<'_>) {
    match media {
        Media::Inline { mime, data } => {
            w.key("inlineData");
            w.begin_object();
            w.field("mimeType", &mime.to_ascii_lowercase());
            w.field("data", data);
            w.end_object();
        }
        Media::File { mime, uri, .. } => {
            w.key("fileData");
            w.begin_object();
            w.field("mimeType", mime);
            w.field("fileUri", uri);
            w.end_object();
        }
    }
}

/// A result's `response`: its text itself when that is a JSON object (key order and numbers
/// as written), else `{"output": text}`, or `{"error": text}` for a failed call (G-3).
fn print_response(result: &ToolResult<'_>, w: &mut Writer<'_>) {
    let object = result
        .content
        .trim_start()
        .starts_with('{')
        .then(|| {
            crate::decode::parse_json(&result.content)
                .ok()
                .map(|parsed| parsed.value)
        })
        .flatten();
    let map = match object {
        Some(Value::Object(map)) => map,
        _ => {
            let key = if result.success { "output" } else { "error" };
            serde_json::Map::from_iter([(key.to_owned(), Value::from(&*result.content))])
        }
    };
    // Measured as its compact JSON, as `args` is (the budget and `pep diff` count it so).
    w.object_measured_compact(&map);
}

/// `"tools": [{"functionDeclarations": [...]}]`: every declared tool in one Tool.
fn print_tools(conversation: &Conversation<'_>, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.key("tools");
    w.begin_array();
    w.element();
    let first = w.line();
    w.begin_object();
    out.tools(
        "functionDeclarations",
        &conversation.tools,
        print_declaration,
    );
    let w = &mut out.writer;
    w.end_object();
    let sources = || conversation.tools.iter().map(|tool| tool.at).collect();
    out.links.add(first, w.line(), sources);
    out.writer.end_array();
}

fn print_declaration(tool: &crate::lower::Tool<'_>, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("name", tool.name);
    if !tool.description.is_empty() {
        w.field("description", tool.description);
    }
    w.key("parametersJsonSchema");
    schema_or_empty(w, tool.schema);
    w.end_object();
    out.links.add(first, w.line(), || vec![tool.at]);
}
