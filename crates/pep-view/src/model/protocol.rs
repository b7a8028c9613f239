//! The messages between the page and the worker: what the page asks ([`Request`]) and what
//! the worker answers ([`Response`]), each about one document of the page.

use std::sync::Arc;

use pep_core::SegmentRef;

use super::compare;
use super::{
    BudgetView, ExportView, ImportSummary, Markdown, MarkdownKey, MessageView, Opened, SecretFound,
};
use crate::panel_tab::PanelTab;

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
    /// without answering with views: the page has them already (a demo's bundle), all but
    /// the `exports` asked for, each answered with [`Response::Export`].
    Keep {
        /// The page's id for this view.
        doc: u32,
        /// The envelope text.
        source: String,
        /// The exports the page lacks.
        exports: Vec<pep_core::export::Format>,
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
    /// The requests of `source`, a file of many (DECISIONS §13), as list `doc`: answered with
    /// [`Response::Listed`]; the requests stay for [`Request::Pick`] until the next list.
    List {
        /// The page's id for the list.
        doc: u32,
        /// The file's text.
        source: String,
    },
    /// Request `number` of list `doc`, answered with [`Response::Picked`]; `show` is handed
    /// back (to show it, or to compare it).
    Pick {
        /// The list.
        doc: u32,
        /// The request's number (1-based).
        number: usize,
        /// What the page wants it for.
        show: bool,
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
            | Request::Redact { source, .. }
            | Request::List { source, .. } => source.len(),
            Request::Search { query, .. } => query.len(),
            Request::Perf { text, .. } => text.len(),
            Request::Messages { .. }
            | Request::Markdown { .. }
            | Request::Raw { .. }
            | Request::Close { .. }
            | Request::Step { .. }
            | Request::Pick { .. }
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
    /// The requests of a file of many ([`Request::List`]).
    Listed {
        /// The list.
        doc: u32,
        /// Its rows (with none, why): a [`super::RequestListView`] in wire bytes
        /// ([`crate::wire::encode`]), decoded by the lazy module that shows it, so the
        /// page's own decoder (in its first render) does not carry the list's types.
        list: Vec<u8>,
    },
    /// A request of a list, as an envelope ([`Request::Pick`]).
    Picked {
        /// The list.
        doc: u32,
        /// The request's number.
        number: usize,
        /// What the page asked it for.
        show: bool,
        /// The envelope's text, pretty-printed.
        text: String,
        /// What its import said.
        summary: ImportSummary,
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
            Response::Recognised { text, .. } | Response::Picked { text, .. } => text.len(),
            Response::Listed { list, .. } => list.len(),
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
