//! `document`: an uploaded document (spec §3.9).

use crate::model::Extra;

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
