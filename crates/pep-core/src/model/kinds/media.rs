//! `media`: an image, audio clip or video (spec §3.11; the URLs the viewer loads: DECISIONS
//! §1, §4).

use serde_json::Value;

use crate::issue::{EnvelopeProblem, Problem, StructureProblem};
use crate::model::read::{Input, fill_extra};
use crate::model::write::{kind, object, optional, text};
use crate::model::{Extra, SegmentKind};
use crate::url::is_allowed_media_url;

/// An image, audio clip or video (spec §3.11).
#[derive(Debug, Clone, PartialEq)]
pub struct MediaSegment {
    /// Which medium.
    pub media_type: MediaType,
    /// Where the file is.
    pub url: String,
    /// Text alternative.
    pub alt_text: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// The medium of a [`MediaSegment`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaType {
    /// `image`
    Image,
    /// `audio`
    Audio,
    /// `video`
    Video,
}

impl MediaType {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            MediaType::Image => "image",
            MediaType::Audio => "audio",
            MediaType::Video => "video",
        }
    }

    /// The media type with this wire name.
    pub fn from_name(name: &str) -> Option<MediaType> {
        [MediaType::Image, MediaType::Audio, MediaType::Video]
            .into_iter()
            .find(|media| media.as_str() == name)
    }
}

/// Reads a `media` segment (spec §3.11: `mediaType` and `url` required, `altText` optional).
/// A URL the viewer will not load draws a warning (see [`is_allowed_media_url`]); the segment
/// stays valid.
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<MediaSegment> {
    let (mut f, _) = input.read(&["kind", "mediaType", "url", "altText"]);
    let media_type = match f.string("mediaType") {
        Some(found) => match MediaType::from_name(&found) {
            Some(media_type) => Some(media_type),
            None => {
                f.report(
                    "mediaType",
                    Problem::Structure(StructureProblem::UnknownMediaType { found }),
                );
                None
            }
        },
        None => None,
    };
    let url = f.string("url");
    if let Some(url) = url.as_ref().filter(|url| !is_allowed_media_url(url)) {
        f.report(
            "url",
            Problem::Envelope(EnvelopeProblem::BlockedUrl { url: url.clone() }),
        );
    }
    let alt_text = f.optional_string("altText");
    f.build(|extra| {
        Some(MediaSegment {
            media_type: media_type?,
            url: url?,
            alt_text,
            extra,
        })
    })
}

/// Writes a `media` segment back, keys in spec §3.11 order unless the input had another.
pub(crate) fn encode(segment: &MediaSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::Media),
            ("mediaType", text(segment.media_type.as_str())),
            ("url", text(&segment.url)),
            ("altText", optional(&segment.alt_text)),
        ],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut MediaSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
