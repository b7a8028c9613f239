//! The clipboard.

use wasm_bindgen::{JsCast, JsValue};

/// Copies `text` to the clipboard. Falls back to a hidden text area and `execCommand("copy")`
/// where the asynchronous clipboard is unavailable (plain-HTTP iframes, older browsers).
pub async fn copy_text(text: &str) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let navigator = window.navigator();
    // Outside a secure context `navigator.clipboard` is undefined, although web-sys types it
    // as always present: check before calling it.
    let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))?;
    if clipboard.is_undefined() || clipboard.is_null() {
        return copy_with_selection(&window, text);
    }
    let promise = navigator.clipboard().write_text(text);
    match wasm_bindgen_futures::JsFuture::from(promise).await {
        Ok(_) => Ok(()),
        Err(error) => copy_with_selection(&window, text).map_err(|_| error),
    }
}

fn copy_with_selection(window: &web_sys::Window, text: &str) -> Result<(), JsValue> {
    let document = window.document().ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let area: web_sys::HtmlTextAreaElement = document.create_element("textarea")?.unchecked_into();
    area.set_value(text);
    area.set_attribute("readonly", "")?;
    // A class, not a style attribute: the CSP (style-src 'self') drops inline styles.
    area.set_class_name("pe-offscreen");
    body.append_child(&area)?;
    area.select();
    let html: web_sys::HtmlDocument = document.unchecked_into();
    let copied = html.exec_command("copy");
    area.remove();
    match copied {
        Ok(true) => Ok(()),
        Ok(false) => Err("copy command refused".into()),
        Err(error) => Err(error),
    }
}
