//! `text`: plain markdown text (spec §3.1).

use serde_json::Value;

use crate::model::read::{Input, fill_extra};
use crate::model::write::{kind, object, text};
use crate::model::{Extra, SegmentKind};

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

/// Writes a `text` segment back, keys in spec §3.1 order unless the input had another.
pub(crate) fn encode(segment: &TextSegment) -> Value {
    object(
        vec![kind(SegmentKind::Text), ("content", text(&segment.content))],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut TextSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
