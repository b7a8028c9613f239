//! `long_text`: a long text such as a log or a paper (spec §3.10, DECISIONS §1).

use crate::model::Extra;

/// A long text such as a log or a paper (spec §3.10).
#[derive(Debug, Clone, PartialEq)]
pub struct LongTextSegment {
    /// Full text.
    pub content: String,
    /// Declared character count.
    pub char_count: u64,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}
