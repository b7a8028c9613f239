//! `media`: an image, audio clip or video (spec §3.11; the URLs the viewer loads: DECISIONS
//! §1, §4).

use crate::model::Extra;

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
