//! `text`: plain markdown text (spec §3.1).

use crate::decode::Input;
use crate::model::Extra;

/// Plain markdown text (spec §3.1).
#[derive(Debug, Clone, PartialEq)]
pub struct TextSegment {
    /// Markdown content.
    pub content: String,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `text` segment (spec §3.1: `content` is required).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<TextSegment> {
    let (mut f, _) = input.read(&["kind", "content"]);
    let content = f.string("content");
    f.build(|extra| {
        Some(TextSegment {
            content: content?,
            extra,
        })
    })
}
