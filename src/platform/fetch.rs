//! Fetching the app's own files (the demo bundles), as bytes.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The bytes at `url` (relative to the page), or why not.
pub async fn bytes(url: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| format!("{url}: not fetched"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response")?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let buffer = response
        .array_buffer()
        .map_err(|_| format!("{url}: no body"))?;
    let buffer = JsFuture::from(buffer)
        .await
        .map_err(|_| format!("{url}: body not read"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
