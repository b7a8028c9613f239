//! Share links (DECISIONS §8): the envelope travels in the URL's fragment, `#envelope=` and the
//! base64url of its raw DEFLATE, so it never leaves the browser. The DEFLATE is the browser's
//! (the app's platform layer); this module names the parts of a link and what can go wrong.

/// The fragment's prefix.
pub const PREFIX: &str = "#envelope=";
/// The longest link Share makes (DECISIONS §8: the whole URL): beyond it, Share explains why
/// and offers Download.
pub const MAX_LINK_BYTES: usize = 2 * 1024 * 1024;

/// Why a share link could not be opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkError {
    /// The fragment is not base64url.
    NotBase64,
    /// The bytes are not raw DEFLATE.
    NotDeflate,
    /// The envelope would be over 50 MiB.
    TooLarge,
    /// The text is not UTF-8.
    NotUtf8,
}

impl LinkError {
    /// The error the inflating script names (`not-base64url`, `too-large`, `not-utf8`;
    /// anything else is not DEFLATE).
    pub fn from_reason(reason: &str) -> LinkError {
        match reason {
            "not-base64url" => LinkError::NotBase64,
            "too-large" => LinkError::TooLarge,
            "not-utf8" => LinkError::NotUtf8,
            _ => LinkError::NotDeflate,
        }
    }
}

/// What Share made of an envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shared {
    /// The link.
    Link(String),
    /// The link would be this many bytes, over [`MAX_LINK_BYTES`].
    TooLong(usize),
}

impl Shared {
    /// The link to the page at `base` (the current URL without its fragment) holding the
    /// `encoded` envelope, unless it would be too long.
    pub fn of(base: &str, encoded: &str) -> Shared {
        let length = base.len() + PREFIX.len() + encoded.len();
        if length > MAX_LINK_BYTES {
            return Shared::TooLong(length);
        }
        Shared::Link(format!("{base}{PREFIX}{encoded}"))
    }
}

/// The payload of a fragment `#envelope=…`, or `None` when the fragment is not a share link.
pub fn fragment_payload(hash: &str) -> Option<&str> {
    hash.strip_prefix(PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_links_and_reasons() {
        assert_eq!(fragment_payload("#envelope=abc"), Some("abc"));
        assert_eq!(fragment_payload("#other"), None);
        assert_eq!(fragment_payload(""), None);
        assert_eq!(LinkError::from_reason("too-large"), LinkError::TooLarge);
        assert_eq!(LinkError::from_reason("???"), LinkError::NotDeflate);
        assert_eq!(
            Shared::of("https://x/", "AB"),
            Shared::Link("https://x/#envelope=AB".to_owned())
        );
        let long = "A".repeat(MAX_LINK_BYTES);
        assert!(matches!(
            Shared::of("https://x/", &long),
            Shared::TooLong(_)
        ));
    }
}
