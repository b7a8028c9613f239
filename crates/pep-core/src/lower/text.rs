//! The texts segments contribute (DECISIONS §3): text-like segments' parts, a document's
//! line, media lines (a `data:` url never written into text), head blocks' descriptions.

use std::borrow::Cow;

use super::PartContent;
use super::size::human_size;
use crate::model::{DocumentSegment, MediaSegment, MediaType, Segment};
use crate::url::is_data_url;

/// What a text-like segment contributes; `None` for an empty text or long_text. An image
/// is an image only in a user message, else its `[Image: …]` line.
pub(super) fn text_like(segment: &Segment, in_user: bool) -> Option<PartContent<'_>> {
    match segment {
        Segment::Text(text) => non_empty(&text.content),
        Segment::LongText(long) => non_empty(&long.content),
        Segment::Document(document) => Some(PartContent::Text(Cow::Owned(document_text(document)))),
        Segment::Media(media) => Some(media_part(media, in_user)),
        Segment::StaticVar(_)
        | Segment::SystemPrompt(_)
        | Segment::Memory(_)
        | Segment::Skills(_)
        | Segment::ToolOverview(_)
        | Segment::ToolCallRequest(_)
        | Segment::ToolCallResult(_) => None,
    }
}

fn non_empty(text: &str) -> Option<PartContent<'_>> {
    (!text.is_empty()).then_some(PartContent::Text(Cow::Borrowed(text)))
}

fn document_text(document: &DocumentSegment) -> String {
    format!(
        "[Document: {} ({})]\n{}",
        document.file_name,
        human_size(document.size_bytes),
        document.snippet
    )
}

fn media_part(media: &MediaSegment, in_user: bool) -> PartContent<'_> {
    let alt = media.alt_text.as_deref().filter(|alt| !alt.is_empty());
    let label = match media.media_type {
        MediaType::Image if in_user => {
            return PartContent::Image {
                url: &media.url,
                alt,
            };
        }
        MediaType::Image => "Image",
        MediaType::Audio => "Audio",
        MediaType::Video => "Video",
    };
    let text = media_text(label, alt, &media.url);
    match media.media_type {
        MediaType::Audio => PartContent::Audio {
            url: &media.url,
            text,
        },
        MediaType::Video => PartContent::Video {
            url: &media.url,
            text,
        },
        MediaType::Image => PartContent::Text(Cow::Owned(text)),
    }
}

/// `[Label: alt or url]`; a `data:` url is never written into text (DECISIONS §3): `[Label]`.
pub(crate) fn media_text(label: &str, alt: Option<&str>, url: &str) -> String {
    match alt {
        Some(alt) => format!("[{label}: {alt}]"),
        None if is_data_url(url) => format!("[{label}]"),
        None => format!("[{label}: {url}]"),
    }
}

pub(super) fn with_description(
    description: Option<&str>,
    lines: impl Iterator<Item = String>,
) -> String {
    description
        .filter(|d| !d.is_empty())
        .map(str::to_owned)
        .into_iter()
        .chain(lines)
        .collect::<Vec<_>>()
        .join("\n")
}
