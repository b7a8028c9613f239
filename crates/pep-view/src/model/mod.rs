//! The view model: plain data the worker computes from an envelope source and the page
//! renders, as it travels between them ([`crate::wire`]). No part of it needs the core's
//! decoder, exports or markdown renderer to be shown.

pub mod compare;
mod message;

use std::sync::Arc;

use pep_core::budget::{KindBudget, MessageBudget, RequestBudget, Size};
use pep_core::export::Format;
use pep_core::{Place, SegmentRef, Severity};

use crate::links::LineLinks;
use crate::panel_tab::PanelTab;

pub use message::{
    InvalidModel, Markdown, MessageModel, MessageView, PromptPiece, SegmentModel, SegmentView,
    SkillView, ToolView, ValueClass,
};

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

/// What the page asks the worker.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Show `source` as document `doc`: answer [`Response::Opened`] at once, then the rest.
    Open {
        /// The page's id for this view.
        doc: u32,
        /// The envelope text, exactly as given.
        source: String,
        /// Whether a request (not an envelope) is imported first ([`Response::Recognised`]
        /// comes before everything else then).
        recognise: bool,
        /// The tab in view, whose export comes first.
        tab: PanelTab,
        /// How many messages the first view renders (the rest are asked for).
        first: usize,
    },
    /// The models of messages `start..end` of `doc`.
    Messages {
        /// The document.
        doc: u32,
        /// The first message.
        start: usize,
        /// One past the last.
        end: usize,
    },
    /// The segments of `doc` whose text contains `query`.
    Search {
        /// The document.
        doc: u32,
        /// The page's number for this search (answers to older ones are dropped).
        seq: u32,
        /// What to find.
        query: String,
    },
    /// Markdown a disclosure of `doc` shows when opened.
    Markdown {
        /// The document.
        doc: u32,
        /// Which markdown.
        key: MarkdownKey,
    },
    /// The raw tab's text of `doc`, for a large source.
    Raw {
        /// The document.
        doc: u32,
    },
    /// Keep `source` as document `doc` for later requests (search, markdown, messages)
    /// without answering with views: the page has them already (a demo's bundle).
    Keep {
        /// The page's id for this view.
        doc: u32,
        /// The envelope text.
        source: String,
    },
    /// `doc` is no longer shown.
    Close {
        /// The document.
        doc: u32,
    },
    /// The performance harness: the load pipeline on `text`, the first tab only or all.
    Perf {
        /// An envelope text.
        text: String,
        /// All tabs and the budget, or only what the first render needs.
        all: bool,
    },
    /// Compare document `a` with document `b` (DECISIONS §13), answered as
    /// [`Response::Compared`] for the page's comparison `doc`.
    Compare {
        /// The page's id for this comparison.
        doc: u32,
        /// Side A.
        a: u32,
        /// Side B.
        b: u32,
    },
    /// The secrets in `source`, the text Share is about to put in a link (DECISIONS §8),
    /// answered with [`Response::Redacted`] for the page's `doc`.
    Redact {
        /// The page's id for this scan.
        doc: u32,
        /// The envelope text.
        source: String,
    },
    /// Step `step` of `doc` (DECISIONS §13): the envelope cut to its first `step` messages,
    /// answered with [`Response::Stepped`] for each tab (`tab` first) and
    /// [`Response::SteppedBudget`].
    Step {
        /// The document.
        doc: u32,
        /// How many messages the cut envelope keeps (at least 1).
        step: usize,
        /// The tab in view, whose export comes first.
        tab: PanelTab,
    },
}

impl Request {
    /// About how many bytes the request takes on the wire (its text, if it carries one).
    pub fn size_hint(&self) -> usize {
        let text = match self {
            Request::Open { source, .. }
            | Request::Keep { source, .. }
            | Request::Redact { source, .. } => source.len(),
            Request::Search { query, .. } => query.len(),
            Request::Perf { text, .. } => text.len(),
            Request::Messages { .. }
            | Request::Markdown { .. }
            | Request::Raw { .. }
            | Request::Close { .. }
            | Request::Step { .. }
            | Request::Compare { .. } => 0,
        };
        text + 64
    }
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq)]
pub enum Response {
    /// The source was a request and this envelope was imported from it.
    Recognised {
        /// The document.
        doc: u32,
        /// The envelope's text.
        text: String,
        /// What was imported.
        summary: ImportSummary,
    },
    /// The first view of `doc`.
    Opened {
        /// The document.
        doc: u32,
        /// What it is.
        opened: Opened,
    },
    /// An export of `doc` made after its first view.
    Export {
        /// The document.
        doc: u32,
        /// The export.
        export: ExportView,
    },
    /// The context budget of `doc`.
    Budget {
        /// The document.
        doc: u32,
        /// The budget.
        budget: BudgetView,
    },
    /// The raw tab's text of `doc`.
    Raw {
        /// The document.
        doc: u32,
        /// The text.
        text: Arc<str>,
    },
    /// Message models of `doc`.
    Messages {
        /// The document.
        doc: u32,
        /// The first one's index.
        start: usize,
        /// The models.
        messages: Vec<MessageView>,
    },
    /// The answer to a search.
    Hits {
        /// The document.
        doc: u32,
        /// The search's number.
        seq: u32,
        /// The first matching segments, in envelope order.
        hits: Vec<SegmentRef>,
        /// How many match in all.
        total: usize,
    },
    /// Markdown asked for.
    Markdown {
        /// The document.
        doc: u32,
        /// Which markdown.
        key: MarkdownKey,
        /// It, rendered.
        markdown: Markdown,
    },
    /// An export of `doc` cut to its first `step` messages.
    Stepped {
        /// The document.
        doc: u32,
        /// The step it was made for.
        step: usize,
        /// The export of the cut envelope.
        export: ExportView,
    },
    /// The context budget of `doc` cut to its first `step` messages.
    SteppedBudget {
        /// The document.
        doc: u32,
        /// The step it was made for.
        step: usize,
        /// The budget of the cut envelope.
        budget: BudgetView,
    },
    /// Two documents compared.
    Compared {
        /// The page's id for the comparison.
        doc: u32,
        /// The comparison.
        compare: Box<compare::CompareView>,
    },
    /// The secrets found in a text Share was given ([`Request::Redact`]).
    Redacted {
        /// The page's id for the scan.
        doc: u32,
        /// Each secret, in envelope order (none: share the text as it is).
        found: Vec<SecretFound>,
        /// The envelope with every secret replaced by `[redacted: KIND]`, pretty-printed;
        /// `None` when nothing was found or the text is no envelope.
        redacted: Option<String>,
    },
    /// The performance harness's figure.
    Perf {
        /// Milliseconds the pipeline took.
        ms: f64,
        /// Bytes of export text it made.
        bytes: usize,
    },
}

impl Response {
    /// About how many bytes the response takes on the wire (its big texts and line lists).
    pub fn size_hint(&self) -> usize {
        let export = |export: &ExportView| export.text.len() + 8 * export.line_starts.len();
        let big = match self {
            Response::Recognised { text, .. } => text.len(),
            Response::Opened {
                opened: Opened::Envelope(first),
                ..
            } => {
                first.export.as_ref().map_or(0, export)
                    + first.raw.as_ref().map_or(0, |raw| raw.len())
                    + 4 * first.heights.len()
            }
            Response::Export { export: made, .. } | Response::Stepped { export: made, .. } => {
                export(made)
            }
            Response::Raw { text, .. } => text.len(),
            Response::Redacted { redacted, .. } => redacted.as_ref().map_or(0, String::len),
            Response::Opened { .. }
            | Response::Budget { .. }
            | Response::SteppedBudget { .. }
            | Response::Compared { .. }
            | Response::Messages { .. }
            | Response::Hits { .. }
            | Response::Markdown { .. }
            | Response::Perf { .. } => 0,
        };
        big + 4096
    }
}

/// A view made at build time (a demo's): the source as written, and every response the
/// engine gives for it, with every message.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// The envelope text, exactly as the demo file has it (Share, Edit a copy).
    pub source: String,
    /// The responses, in the order the engine gave them.
    pub responses: Vec<Response>,
}
