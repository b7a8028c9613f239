//! Share links (DECISIONS §8): the envelope travels in the URL's fragment, `#envelope=` and the
//! base64url of its raw DEFLATE, so it never leaves the browser. The DEFLATE is the browser's
//! (`src/platform/js/share.js`); `pep_view::share` names the parts of a link. What Share does
//! when pressed is in the lazy module, mounted by its loader (`src/platform/js/lazy.js`).

use wasm_bindgen::prelude::*;

use pep_view::MAX_INPUT_BYTES;
use pep_view::share::{LinkError, Shared};
use pep_view::text::{Lang, Text};

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openShare)]
    fn open_share(place: &web_sys::Element, text: &str, stem: &str, scanning: &str, failed: &str);

    #[wasm_bindgen(js_name = closeShare)]
    fn close_share();
}

/// Shares `text` (Download names it `stem`.json): the lazy module's flow, mounted into
/// `place`, which says "Scanning…" in `lang` until the module is there, and that it failed
/// if it cannot be fetched. Replaces what an earlier press left in `place`.
pub fn open(place: &web_sys::Element, text: &str, stem: &str, lang: Lang) {
    open_share(
        place,
        text,
        stem,
        lang.t(Text::Scanning),
        lang.t(Text::ShareUnavailable),
    );
}

/// Takes down what Share mounted, if anything.
pub fn close() {
    close_share();
}

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
