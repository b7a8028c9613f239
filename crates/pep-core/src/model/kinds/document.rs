//! `document`: an uploaded document (spec §3.9).

use serde_json::Value;

use crate::model::read::{Input, fill_extra};
use crate::model::write::{count, kind, object, optional, text};
use crate::model::{Extra, SegmentKind};

/// An uploaded document (spec §3.9).
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentSegment {
    /// File name.
    pub file_name: String,
    /// MIME type.
    pub mime_type: String,
    /// Preview of the first ~200 characters.
    pub snippet: String,
    /// File size in bytes.
    pub size_bytes: u64,
    /// Structured extraction in markdown.
    pub parsed_content: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `document` segment (spec §3.9: `fileName`, `mimeType`, `snippet` and `sizeBytes`
/// required, `parsedContent` optional).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<DocumentSegment> {
    let (mut f, _) = input.read(&[
        "kind",
        "fileName",
        "mimeType",
        "snippet",
        "sizeBytes",
        "parsedContent",
    ]);
    let file_name = f.string("fileName");
    let mime_type = f.string("mimeType");
    let snippet = f.string("snippet");
    let size_bytes = f.count("sizeBytes");
    let parsed_content = f.optional_string("parsedContent");
    f.build(|extra| {
        Some(DocumentSegment {
            file_name: file_name?,
            mime_type: mime_type?,
            snippet: snippet?,
            size_bytes: size_bytes?,
            parsed_content,
            extra,
        })
    })
}

/// Writes a `document` segment back, keys in spec §3.9 order unless the input had another.
pub(crate) fn encode(segment: &DocumentSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::Document),
            ("fileName", text(&segment.file_name)),
            ("mimeType", text(&segment.mime_type)),
            ("snippet", text(&segment.snippet)),
            ("sizeBytes", count(segment.size_bytes)),
            ("parsedContent", optional(&segment.parsed_content)),
        ],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut DocumentSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
