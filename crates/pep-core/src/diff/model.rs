//! What a comparison gives: plain data, for the CLI to print and the viewer to turn into its
//! own view model.

use crate::model::{Role, SegmentKind};
use crate::path::SegmentRef;

/// How a message or segment of A relates to B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The same in both (ids, timestamps and `collapsed` aside).
    Same,
    /// In both, different.
    Changed,
    /// Only in B.
    Added,
    /// Only in A.
    Removed,
}

impl Status {
    /// The four statuses, in the order the counts list them.
    pub const ALL: [Status; 4] = [
        Status::Same,
        Status::Changed,
        Status::Added,
        Status::Removed,
    ];

    /// `same`, `changed`, `added` or `removed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Same => "same",
            Status::Changed => "changed",
            Status::Added => "added",
            Status::Removed => "removed",
        }
    }
}

/// How many messages or segments have each [`Status`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Same in both.
    pub same: usize,
    /// Changed.
    pub changed: usize,
    /// Only in B.
    pub added: usize,
    /// Only in A.
    pub removed: usize,
}

impl Counts {
    /// The count of `status`.
    pub fn of(&self, status: Status) -> usize {
        match status {
            Status::Same => self.same,
            Status::Changed => self.changed,
            Status::Added => self.added,
            Status::Removed => self.removed,
        }
    }

    /// Counts one more of `status`.
    pub fn add(&mut self, status: Status) {
        match status {
            Status::Same => self.same += 1,
            Status::Changed => self.changed += 1,
            Status::Added => self.added += 1,
            Status::Removed => self.removed += 1,
        }
    }
}

/// One side of a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first input.
    A,
    /// The second input.
    B,
}

impl Side {
    /// `A` or `B`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// One message of the alignment: a message of A, of B, or one of each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageDiff {
    /// Same, changed, added (B only) or removed (A only).
    pub status: Status,
    /// Its index in A's messages; `None` when added.
    pub a: Option<usize>,
    /// Its index in B's messages; `None` when removed.
    pub b: Option<usize>,
    /// Its role (both sides have the same one); `None` for a message that did not decode.
    pub role: Option<Role>,
    /// Its segments' alignment, in order; every segment is added in an added message and
    /// removed in a removed one.
    pub segments: Vec<SegmentDiff>,
}

/// One segment of a message's alignment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentDiff {
    /// Same, changed, added (B only) or removed (A only).
    pub status: Status,
    /// The segment in A; `None` when added.
    pub a: Option<SegmentRef>,
    /// The segment in B; `None` when removed.
    pub b: Option<SegmentRef>,
    /// Its kind (both sides have the same one); `None` for a segment that did not decode.
    pub kind: Option<SegmentKind>,
    /// For a changed segment whose content is one text (text, long_text, system_prompt,
    /// static_var value, tool_call_result result, document snippet): that text's word-level
    /// diff from A to B. Joining the same and removed texts gives A's, the same and added
    /// ones give B's.
    pub words: Option<Vec<WordOp>>,
}

/// A piece of a word-level diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordOp {
    /// In both texts, only in B's, or only in A's.
    pub op: Op,
    /// The words and whitespace it covers.
    pub text: String,
}

/// What a [`WordOp`] does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// In both texts.
    Same,
    /// Only in B's.
    Added,
    /// Only in A's.
    Removed,
}

impl Op {
    /// `same`, `added` or `removed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Same => "same",
            Op::Added => "added",
            Op::Removed => "removed",
        }
    }
}

/// The models, when they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelChange {
    /// A's model (`None`: absent or empty).
    pub a: Option<String>,
    /// B's model.
    pub b: Option<String>,
}

/// The ≈ tokens of one segment kind on each side (the budget's [`crate::budget::Estimate`],
/// what the viewer shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindTokens {
    /// The kind.
    pub kind: SegmentKind,
    /// Its ≈ tokens in A.
    pub a: usize,
    /// Its ≈ tokens in B.
    pub b: usize,
}

impl KindTokens {
    /// B's tokens minus A's.
    pub fn delta(&self) -> i64 {
        let signed = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        signed(self.b) - signed(self.a)
    }
}

pub use crate::provider::CacheFormat;

/// How much of one format's request a prompt cache could reuse from A's for B's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheReport {
    /// The format.
    pub format: CacheFormat,
    /// The first item that differs; `None` when the two requests are the same.
    pub cache_break: Option<CacheBreak>,
    /// The ≈ tokens of the items before the break (0 when the models differ), or of the
    /// whole request when there is none. An upper bound: providers cache in blocks, and only
    /// from a minimum length.
    pub prefix_tokens: usize,
}

/// Where two requests first differ, in cache order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheBreak {
    /// The item's path in A's export (`model`, `tools[0]`, `system`, `messages[3]`); `None`
    /// when A's request ends before it (it is a prefix of B's).
    pub a: Option<String>,
    /// The item's path in B's export; `None` when B's ends before it.
    pub b: Option<String>,
    /// The segment the difference comes from, when one can be named.
    pub segment: Option<BreakSegment>,
}

/// The segment a cache break comes from: the first segment of A's differing item whose
/// export differs, else the first of B's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BreakSegment {
    /// The side it is named on.
    pub side: Side,
    /// The segment, on that side.
    pub at: SegmentRef,
    /// Its kind.
    pub kind: SegmentKind,
    /// Why its export differs.
    pub reason: Reason,
}

/// Why a segment's part of the request differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// The segment itself is changed, added or removed ([`SegmentDiff::status`]).
    Segment(Status),
    /// The segment is a static_var whose value changed (or that is defined on one side
    /// only), and a system prompt that is the same on both sides uses it.
    Variable(String),
    /// The segment is the same but exported differently: its tool call's id or pairing
    /// changed with what comes before it.
    Exported,
}
