//! The media a Gemini part carries: an `inlineData` blob from a `data:` url, a `fileData`
//! reference from an `http`, `https` or `gs` url with its mime type, or nothing Gemini can
//! fetch (DECISIONS §14).

use crate::model::MediaType;
use crate::url::{DataUrl, is_absolute_http};

/// How a media url travels in a Gemini part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Media<'u> {
    /// `{"inlineData":{"mimeType","data"}}`: a base64 `data:` url.
    Inline {
        /// The data url's media type, as written.
        mime: &'u str,
        /// The base64 data, as written.
        data: &'u str,
    },
    /// `{"fileData":{"mimeType","fileUri"}}`: a url Gemini fetches.
    File {
        /// The mime type its extension names, else the media type's usual one.
        mime: &'static str,
        /// Whether `mime` was guessed from the media type (warned).
        guessed: bool,
        /// The url as written.
        uri: &'u str,
    },
}

impl<'u> Media<'u> {
    /// How `url`, of `media_type`, travels; `None` when Gemini can neither take it inline nor
    /// fetch it (it is then written as its DECISIONS §3 text, with a warning).
    pub(crate) fn of(url: &'u str, media_type: MediaType) -> Option<Media<'u>> {
        if let Some(data) = DataUrl::parse(url) {
            return (data.base64 && !data.mime.is_empty()).then_some(Media::Inline {
                mime: data.mime,
                data: data.data,
            });
        }
        if !(is_absolute_http(url) || is_gs(url)) {
            return None;
        }
        Some(match mime_of_extension(url) {
            Some(mime) => Media::File {
                mime,
                guessed: false,
                uri: url,
            },
            None => Media::File {
                mime: default_mime(media_type),
                guessed: true,
                uri: url,
            },
        })
    }
}

/// Whether `url` is a Cloud Storage url (`gs://bucket/object`).
fn is_gs(url: &str) -> bool {
    url.get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("gs://"))
}

/// The mime type the url's last path segment's extension names (query and fragment cut off).
pub(crate) fn mime_of_extension(url: &str) -> Option<&'static str> {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let name = path.rsplit('/').next().unwrap_or_default();
    let (_, extension) = name.rsplit_once('.')?;
    let mime = match extension.to_ascii_lowercase().as_str() {
        "png" => "image/png",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "jpg" | "jpeg" => "image/jpeg",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "ogg" => "audio/ogg",
        "flac" => "audio/flac",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "mpeg" => "video/mpeg",
        "mov" => "video/quicktime",
        _ => return None,
    };
    Some(mime)
}

/// The usual mime type of a media type, when the url names none.
pub(crate) fn default_mime(media_type: MediaType) -> &'static str {
    match media_type {
        MediaType::Image => "image/jpeg",
        MediaType::Audio => "audio/mpeg",
        MediaType::Video => "video/mp4",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_travel_as_blobs_files_or_text() {
        assert_eq!(
            Media::of("data:image/png;base64,AAAA", MediaType::Image),
            Some(Media::Inline {
                mime: "image/png",
                data: "AAAA"
            })
        );
        assert_eq!(Media::of("data:image/png,%00", MediaType::Image), None);
        assert_eq!(
            Media::of("gs://b/clip.MOV?x=1", MediaType::Video),
            Some(Media::File {
                mime: "video/quicktime",
                guessed: false,
                uri: "gs://b/clip.MOV?x=1"
            })
        );
        assert_eq!(
            Media::of("https://example.com/files/abc", MediaType::Audio),
            Some(Media::File {
                mime: "audio/mpeg",
                guessed: true,
                uri: "https://example.com/files/abc"
            })
        );
        assert_eq!(Media::of("images/cat.png", MediaType::Image), None);
    }
}
