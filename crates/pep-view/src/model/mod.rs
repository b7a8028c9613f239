//! The view model: plain data the worker computes from an envelope source and the page
//! renders, as it travels between them ([`crate::wire`]). No part of it needs the core's
//! decoder, exports or markdown renderer to be shown.

pub mod compare;
mod message;
mod protocol;
mod requests;

use std::sync::Arc;

use pep_core::budget::{KindBudget, MessageBudget, RequestBudget, Size};
use pep_core::export::Format;
use pep_core::{Place, SegmentRef, Severity};

use crate::links::LineLinks;

pub use message::{
    InvalidModel, Markdown, MessageModel, MessageView, PromptPiece, SegmentModel, SegmentView,
    SkillView, ToolView, ValueClass,
};
pub use protocol::{Request, Response};
pub use requests::{RequestListView, RequestRow, RowBreak, RowCache, RowSegment};

/// At most this many issues of one list travel and are listed (DECISIONS §9); the rest are
/// counted.
pub const MAX_LISTED: usize = 500;

/// One issue as the page lists it, with its message in both languages.
#[derive(Debug, Clone, PartialEq)]
pub struct IssueView {
    /// Error or warning.
    pub severity: Severity,
    /// Its JSON path, for display.
    pub path: String,
    /// Where it lies in the envelope, for the jump link.
    pub place: Option<Place>,
    /// The English message.
    pub en: String,
    /// The Chinese message.
    pub zh: String,
}

/// A list of issues: the first [`MAX_LISTED`], and the counts of all of them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IssuesView {
    /// The issues listed, in order.
    pub listed: Vec<IssueView>,
    /// Errors in all.
    pub errors: usize,
    /// Warnings in all.
    pub warnings: usize,
}

impl IssuesView {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.errors + self.warnings == 0
    }

    /// How many there are in all.
    pub fn total(&self) -> usize {
        self.errors + self.warnings
    }
}

/// One export as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportView {
    /// Which format.
    pub format: Format,
    /// The request, exactly as `pep export --to FORMAT` prints it (without the final
    /// newline); shared by the view, Copy and Download.
    pub text: Arc<str>,
    /// Where each line of `text` starts.
    pub line_starts: Vec<u32>,
    /// Its export warnings.
    pub warnings: IssuesView,
    /// The request checks of its format.
    pub checks: IssuesView,
    /// Its model-visible size, for the context budget.
    pub size: Size,
    /// Which lines came from which segments.
    pub links: LineLinks,
    /// The envelope's model, for a format that takes it in the url (Gemini's cURL and SDK
    /// code name it; the others carry it in the body).
    pub model: Option<Arc<str>>,
}

/// The context budget, as the page draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct BudgetView {
    /// One total per kind.
    pub kinds: Vec<KindBudget>,
    /// One total per valid message.
    pub messages: Vec<MessageBudget>,
    /// One total per exported request.
    pub requests: Vec<RequestBudget>,
    /// The model's context window, when known.
    pub context_window: Option<u64>,
}

/// What a source is, as first shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Opened {
    /// Not JSON, or no `messages` array: one error panel with these issues, and the input
    /// shown as it is (the page has it).
    Unreadable(IssuesView),
    /// An envelope.
    Envelope(Box<EnvelopeView>),
    /// A file of many requests (DECISIONS §13): the request list chooses one. The issue says
    /// how many, and is what a page without a list shows.
    Requests(IssuesView),
}

/// An envelope's first view: what the first render needs, and nothing else.
#[derive(Debug, Clone, PartialEq)]
pub struct EnvelopeView {
    /// A first estimate of each message's height, in CSS pixels (windowing).
    pub heights: Vec<u32>,
    /// Segments of valid messages (invalid ones included), for the chat header.
    pub segment_count: usize,
    /// Validation issues, including the viewer's repairs.
    pub issues: IssuesView,
    /// The first messages rendered, from message `start` on.
    pub start: usize,
    /// Those messages.
    pub messages: Vec<MessageView>,
    /// The visible tab's export (none when the raw tab or no panel is shown).
    pub export: Option<ExportView>,
    /// The raw tab's text, when the source is small enough to make it with the view.
    pub raw: Option<Arc<str>>,
}

/// What markdown a disclosure asks for when it is opened.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MarkdownKey {
    /// A registry skill's L2 body.
    Skill(String),
    /// A document segment's parsed content.
    Parsed(SegmentRef),
}

/// What an opened, dropped or pasted text was, when it was a request and was imported.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportSummary {
    /// The request's format.
    pub source: pep_core::import::Source,
    /// Messages of the envelope made from it.
    pub messages: usize,
    /// What the import left out or changed, at paths in the input.
    pub warnings: Vec<IssueView>,
}

/// One secret Share found: where, and what (DECISIONS §8).
#[derive(Debug, Clone, PartialEq)]
pub struct SecretFound {
    /// The JSON path of the string that holds it.
    pub path: String,
    /// What it is.
    pub kind: pep_core::redact::SecretKind,
}

/// A view made at build time (a demo's): the source as written, every response the engine
/// gives for it, with every message, and the demo's presenter note (here rather than built
/// into the page: only presenter mode shows it, and only for the demo shown).
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// The envelope text, exactly as the demo file has it (Share, Edit a copy).
    pub source: String,
    /// The responses, in the order the engine gave them.
    pub responses: Vec<Response>,
    /// The presenter note ("what to look at") in Chinese.
    pub note_zh: String,
    /// The presenter note in English.
    pub note_en: String,
}
