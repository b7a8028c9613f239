//! The envelope lowered once into a provider-neutral conversation, which every export prints.
//!
//! Spec §5 and DECISIONS §3 say what reaches a model: one head text built from the structural
//! segments, then the turns with their text-like parts, tool calls and tool results, paired.
//! The exports (one per provider, `provider/`) differ only in how they write that
//! down, so the decisions they share are taken here, once, and each part keeps the JSON path
//! of the segment it came from (for warnings and for linking the view to the export).
//! [`crate::export::lower`] lowers an envelope and runs the request checks on the result (the
//! providers' own rules are in their folders, a layer above).

mod build;
mod calls;
pub mod checks;
mod size;
mod text;

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::issue::Issue;
use crate::model::{Envelope, Role};
use crate::path::SegmentRef;
use crate::template::Variables;

pub use crate::pairing::{Answer, DuplicateCallId, Request, ToolCalls};
pub(crate) use build::lower_without_checks;
pub(crate) use calls::call_id_warnings;
pub use size::human_size;
pub(crate) use text::media_text;

/// What validation and every export need of a whole envelope, computed once per source: its
/// variables and how its tool calls pair up.
#[derive(Debug, Clone)]
pub struct Analysis<'e> {
    /// Every static_var (DECISIONS §2).
    pub variables: Variables<'e>,
    /// Requests, results and their pairing (DECISIONS §3, §7).
    pub calls: ToolCalls,
}

impl<'e> Analysis<'e> {
    /// Collects the variables and pairs the tool calls of `envelope`.
    pub fn of(envelope: &'e Envelope) -> Self {
        Analysis {
            variables: Variables::collect(envelope),
            calls: ToolCalls::pair(envelope),
        }
    }
}

/// An envelope as the model receives it, before any provider's syntax.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversation<'e> {
    /// The envelope's `model`, unless absent or empty.
    pub model: Option<&'e str>,
    /// The head text (DECISIONS §3), when any structural content exists.
    pub head: Option<Head>,
    /// The non-structural content, one turn per envelope message that has some, in order.
    pub turns: Vec<Turn<'e>>,
    /// The declared tools, first declaration of each name, in order.
    pub tools: Vec<Tool<'e>>,
    /// Every tool_overview item, duplicates included (MCP counts them all in one warning).
    pub tool_items: usize,
    /// What every export loses alike, in envelope order.
    pub warnings: Vec<Issue>,
    /// The request checks, made once for validation and every export.
    pub checks: checks::Checks,
}

impl Conversation<'_> {
    /// The bytes of text it carries (the head, parts and results): about what an export of
    /// it takes, for sizing the output at once.
    pub fn text_len(&self) -> usize {
        let head = self.head.as_ref().map_or(0, |head| head.text.len());
        let turns = self.turns.iter().map(|turn| {
            let parts: usize = turn.parts.iter().map(|p| p.content.as_text().len()).sum();
            let results: usize = turn.results.iter().map(|r| r.content.len()).sum();
            parts + results
        });
        head + turns.sum::<usize>()
    }
}

/// The head text and where each of its blocks came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// The blocks joined by `"\n\n"`.
    pub text: String,
    /// Each block's segment and its byte range in `text`, in order.
    pub sources: Vec<(SegmentRef, std::ops::Range<usize>)>,
}

/// One envelope message's contribution outside the head.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn<'e> {
    /// The message's role. A system message's texts went to the head; it can still hold
    /// results.
    pub role: Role,
    /// Index of the message in the envelope.
    pub message: usize,
    /// The text-like segments, in order (user and assistant messages only).
    pub parts: Vec<Part<'e>>,
    /// The exported tool_call_requests (assistant messages only).
    pub tool_uses: Vec<ToolUse<'e>>,
    /// The paired tool_call_results, with the texts that follow them in a tool message.
    pub results: Vec<ToolResult<'e>>,
}

/// A text-like segment's contribution, with its segment.
#[derive(Debug, Clone, PartialEq)]
pub struct Part<'e> {
    /// The segment.
    pub at: SegmentRef,
    /// What it contributes.
    pub content: PartContent<'e>,
}

/// What a text-like segment contributes.
#[derive(Debug, Clone, PartialEq)]
pub enum PartContent<'e> {
    /// Text: a text or long_text's content, a document's or media's DECISIONS §3 line.
    Text(Cow<'e, str>),
    /// An image in a user message.
    Image {
        /// The url as written.
        url: &'e str,
        /// Its altText, unless absent or empty.
        alt: Option<&'e str>,
    },
    /// An audio clip: MCP can carry a `data:audio` one as itself; the others write `text`.
    Audio {
        /// The url as written.
        url: &'e str,
        /// Its DECISIONS §3 text.
        text: String,
    },
    /// A video: OpenTelemetry carries one in a user message as itself; the others write
    /// `text`.
    Video {
        /// The url as written.
        url: &'e str,
        /// Its DECISIONS §3 text.
        text: String,
    },
}

impl PartContent<'_> {
    /// The part as text, where images are not carried as images (the OpenAI string content).
    pub fn as_text(&self) -> &str {
        match self {
            PartContent::Text(text) => text,
            PartContent::Image { url, .. } => url,
            PartContent::Audio { text, .. } | PartContent::Video { text, .. } => text,
        }
    }
}

/// An exported tool_call_request.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolUse<'e> {
    /// The segment.
    pub at: SegmentRef,
    /// Its export id: its `callId`, else `call_N`.
    pub id: String,
    /// Its own `callId`, if it has one (Gemini writes an id only then, DECISIONS §14).
    pub call_id: Option<&'e str>,
    /// The called tool.
    pub name: &'e str,
    /// The arguments exactly as written.
    pub arguments: &'e Map<String, Value>,
}

/// A paired tool_call_result.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolResult<'e> {
    /// The segment.
    pub at: SegmentRef,
    /// The export id of the request it answers.
    pub id: String,
    /// The result's own `toolName`.
    pub name: &'e str,
    /// The toolName of the request it answers (Gemini names a response by its call).
    pub request_name: &'e str,
    /// The `callId` of the request it answers, if it has one (Gemini's response `id`).
    pub request_call_id: Option<&'e str>,
    /// Its text, with the texts after it in a tool message appended by `"\n\n"`.
    pub content: Cow<'e, str>,
    /// Each contributing segment and its byte range in `content`: the result's own text
    /// first, then each text appended after it.
    pub sources: Vec<(SegmentRef, std::ops::Range<usize>)>,
    /// Its `success`.
    pub success: bool,
}

/// A declared tool.
#[derive(Debug, Clone, PartialEq)]
pub struct Tool<'e> {
    /// The tool_overview segment declaring it.
    pub at: SegmentRef,
    /// The item's index in that segment.
    pub item: usize,
    /// The name.
    pub name: &'e str,
    /// The description, as written (possibly empty).
    pub description: &'e str,
    /// The JSON Schema exactly as given, if any.
    pub schema: Option<&'e Map<String, Value>>,
}

impl Tool<'_> {
    /// The item's JSON path, `messages[m].segments[s].items[k]`.
    pub fn path(&self) -> String {
        self.at.item_path(self.item)
    }
}
