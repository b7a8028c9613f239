//! The compare view (DECISIONS §13) as plain data: the core's comparison of two documents
//! ([`pep_core::diff`]), with the lines of each side's export where each format's prompt
//! cache breaks, so the page marks them in both panels.

use pep_core::SegmentRef;
pub use pep_core::diff::{Op, Status};
use pep_core::export::Format;
use pep_core::model::{Role, SegmentKind};

/// Two documents compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareView {
    /// Whether the envelopes are the same (ids, timestamps and `collapsed` aside).
    pub same: bool,
    /// How many messages are same, changed, added and removed, in that order.
    pub messages: Vec<usize>,
    /// How many segments are same, changed, added and removed.
    pub segments: Vec<usize>,
    /// The ≈ tokens of each kind on each side (kinds with none on either side left out).
    pub tokens: Vec<KindDelta>,
    /// The models, when they differ (empty: absent).
    pub model: Option<(String, String)>,
    /// The alignment, message by message, in order.
    pub rows: Vec<DiffRow>,
    /// The prompt cache of each format.
    pub caches: Vec<CacheView>,
}

/// The ≈ tokens of one segment kind in A and in B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindDelta {
    /// The kind.
    pub kind: SegmentKind,
    /// In A.
    pub a: usize,
    /// In B.
    pub b: usize,
}

/// One message of the alignment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffRow {
    /// Same, changed, added (B only) or removed (A only).
    pub status: Status,
    /// Its index in A.
    pub a: Option<usize>,
    /// Its index in B.
    pub b: Option<usize>,
    /// Its role; `None` for a message that did not decode.
    pub role: Option<Role>,
    /// Its segments that are not the same (a same message has none).
    pub segments: Vec<DiffSegment>,
}

/// One segment of a message's alignment that is not the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffSegment {
    /// Changed, added or removed.
    pub status: Status,
    /// Its kind; `None` for one that did not decode.
    pub kind: Option<SegmentKind>,
    /// It in A.
    pub a: Option<SegmentRef>,
    /// It in B.
    pub b: Option<SegmentRef>,
    /// A changed text's word diff from A to B (empty otherwise).
    pub words: Vec<(Op, String)>,
}

/// One format's prompt cache: how much of A's request B's could reuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheView {
    /// The format.
    pub format: Format,
    /// The ≈ tokens before the break (of the whole request without one): an upper bound.
    pub prefix_tokens: usize,
    /// Where the requests first differ; `None` when they are the same.
    pub cache_break: Option<BreakView>,
}

/// Where two requests first differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BreakView {
    /// The item's path in A's export (`messages[3]`); `None` when A's request ends before it.
    pub a: Option<String>,
    /// The item's path in B's export.
    pub b: Option<String>,
    /// The lines of that item in A's export, first and last.
    pub lines_a: Option<(u32, u32)>,
    /// The lines of that item in B's export.
    pub lines_b: Option<(u32, u32)>,
    /// The segment it comes from, when one can be named, and why.
    pub segment: Option<BreakSegmentView>,
}

/// The segment a cache break comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BreakSegmentView {
    /// Whether it is named in B (else in A).
    pub in_b: bool,
    /// The segment.
    pub at: SegmentRef,
    /// Its kind.
    pub kind: SegmentKind,
    /// Why: its status, or the variable whose value changed (`Same`: exported differently).
    pub status: Status,
    /// The static_var whose value changed, when that is why.
    pub variable: Option<String>,
}
