//! `text`: plain markdown text (spec §3.1).

use crate::model::Extra;

/// Plain markdown text (spec §3.1).
#[derive(Debug, Clone, PartialEq)]
pub struct TextSegment {
    /// Markdown content.
    pub content: String,
    /// Unknown fields.
    pub extra: Extra,
}
