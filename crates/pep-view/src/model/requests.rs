//! The request list of a file of many requests (DECISIONS §13) as plain data: one row per
//! request, with what a developer scans for (format, model, size, time) and how much of each
//! request a prompt cache could reuse from the one before, and where that broke.

use pep_core::export::Format;
use pep_core::import::Source;
use pep_core::model::SegmentKind;

use super::IssuesView;

/// The requests of one file.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestListView {
    /// How many requests the file holds (skipped ones included).
    pub count: usize,
    /// The requests that imported, in order.
    pub rows: Vec<RequestRow>,
    /// The requests skipped, each named; or, with no rows, why the file gives none.
    pub issues: IssuesView,
}

/// One request of the list.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestRow {
    /// Its number among the file's requests, 1-based (`pep import --index`).
    pub number: usize,
    /// Where it is in the file: `line 3`, or a span's path.
    pub at: String,
    /// What it was written as.
    pub source: Source,
    /// Its model, when it names one.
    pub model: Option<String>,
    /// Its messages.
    pub messages: usize,
    /// The ≈ tokens of its request in its provider's format (Chat Completions' for a source
    /// that is no provider request: an MCP prompt, a trace).
    pub tokens: usize,
    /// When it was made (Unix milliseconds), when the file says.
    pub time_ms: Option<i64>,
    /// Its prompt cache against the request before it (none for the first).
    pub cache: Option<RowCache>,
}

/// How much of a request a prompt cache could reuse from the one before (an upper bound:
/// providers cache in blocks, from a minimum length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowCache {
    /// The format whose cache order was compared.
    pub format: Format,
    /// The ≈ tokens before the break (all of the request when nothing broke).
    pub prefix_tokens: usize,
    /// Where it broke, when it did.
    pub broke: Option<RowBreak>,
}

/// Where a request's cache prefix broke.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowBreak {
    /// The item's path in this request's export (`messages[3]`, `tools[0]`, `model`); none
    /// when this request ends where the one before goes on.
    pub item: Option<String>,
    /// The segment the difference comes from, when one can be named.
    pub segment: Option<RowSegment>,
}

/// The segment a cache break comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowSegment {
    /// Its path (`messages[3].segments[0]`).
    pub path: String,
    /// Its kind.
    pub kind: SegmentKind,
    /// Whether it is the request before's (one this request no longer has), not this one's.
    pub in_previous: bool,
}
