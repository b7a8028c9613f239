//! Files: downloads, the file a user chose, reading it.

use wasm_bindgen::{JsCast, JsValue, closure::Closure};

/// Offers `contents` as a file download named `file_name`.
pub fn download(file_name: &str, contents: &str, mime: &str) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: web_sys::HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.set_attribute("hidden", "")?;
    let body = document.body().ok_or("no body")?;
    body.append_child(&anchor)?;
    anchor.click();
    anchor.remove();
    // Revoke after the click has been handled, not before the download starts.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000)?;
    Ok(())
}

/// The first file chosen in the `<input type=file>` that fired `event`.
pub fn chosen_file(event: &web_sys::Event) -> Option<web_sys::File> {
    let input: web_sys::HtmlInputElement = event.target()?.dyn_into().ok()?;
    let file = input.files()?.get(0);
    // Clear the input so choosing the same file again fires `change` again.
    input.set_value("");
    file
}

/// Reads a chosen file as UTF-8 text.
pub async fn read_file(file: &web_sys::File) -> Result<String, JsValue> {
    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await?;
    text.as_string().ok_or_else(|| "file is not text".into())
}

/// A file's size in bytes.
pub fn size(file: &web_sys::File) -> f64 {
    file.size()
}

/// A chosen or dropped file, as the components hold it.
pub type File = web_sys::File;

/// The name of a chosen or dropped file.
pub fn name(file: &web_sys::File) -> String {
    file.name()
}
