//! Share links (DECISIONS §8): the envelope travels in the URL's fragment, `#envelope=` and the
//! base64url of its raw DEFLATE, so it never leaves the browser. The DEFLATE is the browser's
//! (`src/platform/js/share.js`); `pep_view::share` names the parts of a link.

use wasm_bindgen::prelude::*;

use pep_view::MAX_INPUT_BYTES;
use pep_view::share::{LinkError, Shared};

#[wasm_bindgen(module = "/src/platform/js/share.js")]
extern "C" {
    #[wasm_bindgen(catch, js_name = deflateToBase64url)]
    async fn deflate_to_base64url(text: &str) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_name = inflateFromBase64url)]
    async fn inflate_from_base64url(link: &str, max_bytes: f64) -> Result<JsValue, JsValue>;
}

/// The share link of `text` on a page at `base` (the current URL without its fragment).
pub async fn make_link(base: &str, text: &str) -> Result<Shared, JsValue> {
    let encoded = deflate_to_base64url(text).await?;
    let encoded = encoded.as_string().unwrap_or_default();
    Ok(Shared::of(base, &encoded))
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
