//! `document`: an uploaded document (spec §3.9).

use crate::decode::Input;
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
