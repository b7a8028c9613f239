//! Share links (DECISIONS §8): the envelope travels in the URL's fragment, `#envelope=` and the
//! base64url of its raw DEFLATE, so it never leaves the browser. The DEFLATE is the browser's
//! (`src/js/share.js`); this module builds and reads links and names what went wrong.

use wasm_bindgen::prelude::*;

use crate::viewer::MAX_INPUT_BYTES;

/// The fragment's prefix.
pub const PREFIX: &str = "#envelope=";
/// The longest link Share makes (DECISIONS §8: the whole URL): beyond it, Share explains why
/// and offers Download.
pub const MAX_LINK_BYTES: usize = 2 * 1024 * 1024;

#[wasm_bindgen(module = "/src/js/share.js")]
extern "C" {
    #[wasm_bindgen(catch, js_name = deflateToBase64url)]
    async fn deflate_to_base64url(text: &str) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_name = inflateFromBase64url)]
    async fn inflate_from_base64url(link: &str, max_bytes: f64) -> Result<JsValue, JsValue>;
}

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
    fn from_reason(reason: &str) -> LinkError {
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

/// The share link of `text` on a page at `base` (the current URL without its fragment).
pub async fn make_link(base: &str, text: &str) -> Result<Shared, JsValue> {
    let encoded = deflate_to_base64url(text).await?;
    let encoded = encoded.as_string().unwrap_or_default();
    let length = base.len() + PREFIX.len() + encoded.len();
    if length > MAX_LINK_BYTES {
        return Ok(Shared::TooLong(length));
    }
    Ok(Shared::Link(format!("{base}{PREFIX}{encoded}")))
}

/// The envelope text of a fragment `#envelope=…`, or `None` when the fragment is not a share
/// link at all.
pub fn fragment_payload(hash: &str) -> Option<&str> {
    hash.strip_prefix(PREFIX)
}

/// The envelope text a link's payload holds.
pub async fn open_payload(payload: &str) -> Result<String, LinkError> {
    match inflate_from_base64url(payload, MAX_INPUT_BYTES as f64).await {
        Ok(text) => text.as_string().ok_or(LinkError::NotUtf8),
        Err(error) => {
            let reason = error
                .dyn_ref::<js_sys::Error>()
                .and_then(|e| e.message().as_string())
                .unwrap_or_default();
            Err(LinkError::from_reason(&reason))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_and_reasons() {
        assert_eq!(fragment_payload("#envelope=abc"), Some("abc"));
        assert_eq!(fragment_payload("#other"), None);
        assert_eq!(fragment_payload(""), None);
        assert_eq!(LinkError::from_reason("too-large"), LinkError::TooLarge);
        assert_eq!(LinkError::from_reason("???"), LinkError::NotDeflate);
    }
}
