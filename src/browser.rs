//! The few browser services the viewer uses: the URL (`?demo=`, `?lang=`), the browser's
//! language, the clipboard and file downloads. Each failure is returned, never thrown.

use wasm_bindgen::{JsCast, JsValue, closure::Closure};

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The value of `key` in the page's query string.
pub fn query_param(key: &str) -> Option<String> {
    let search = window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(key)
}

/// Sets `key=value` in the page URL, as a new history entry when `push` (so Back returns to the
/// previous demo), else in place. Other parameters and the hash are kept.
pub fn set_query_param(key: &str, value: &str, push: bool) -> Result<(), JsValue> {
    let window = window().ok_or("no window")?;
    let location = window.location();
    let params = web_sys::UrlSearchParams::new_with_str(&location.search()?)?;
    if params.get(key).as_deref() == Some(value) {
        return Ok(());
    }
    params.set(key, value);
    let query: String = params.to_string().into();
    let url = format!("{}?{}{}", location.pathname()?, query, location.hash()?);
    let history = window.history()?;
    if push {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    }
}

/// Resolves in a later task (a zero-delay timeout), so long work split at these points lets
/// the page handle input and paint in between.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = window() {
            let _ = window.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The page URL's fragment, with its `#` (empty when there is none).
pub fn hash() -> String {
    window()
        .and_then(|window| window.location().hash().ok())
        .unwrap_or_default()
}

/// The page URL without its fragment: what a share link is built on.
pub fn url_without_hash() -> String {
    let Some(location) = window().map(|window| window.location()) else {
        return String::new();
    };
    let part = |r: Result<String, JsValue>| r.unwrap_or_default();
    format!(
        "{}{}{}",
        part(location.origin()),
        part(location.pathname()),
        part(location.search())
    )
}

/// Drops the fragment from the page URL, as a new history entry (so Back returns to it).
pub fn clear_hash() {
    let Some(window) = window() else { return };
    let location = window.location();
    let url = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Calls `on_change` whenever the fragment changes (a share link pasted into the address bar
/// of an open page).
pub fn on_hashchange(on_change: impl Fn() + 'static) {
    let Some(window) = window() else { return };
    let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |_| on_change());
    let _ = window.add_event_listener_with_callback("hashchange", closure.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    closure.forget();
}

/// Calls `on_change` whenever the user navigates the history (Back / Forward).
pub fn on_popstate(on_change: impl Fn() + 'static) {
    let Some(window) = window() else { return };
    let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |_| on_change());
    let _ = window.add_event_listener_with_callback("popstate", closure.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    closure.forget();
}

/// The browser's preferred language tag (`navigator.language`).
pub fn language() -> String {
    window()
        .and_then(|window| window.navigator().language())
        .unwrap_or_default()
}

/// Copies `text` to the clipboard. Falls back to a hidden text area and `execCommand("copy")`
/// where the asynchronous clipboard is unavailable (plain-HTTP iframes, older browsers).
pub async fn copy_text(text: &str) -> Result<(), JsValue> {
    let window = window().ok_or("no window")?;
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

/// Offers `contents` as a file download named `file_name`.
pub fn download(file_name: &str, contents: &str, mime: &str) -> Result<(), JsValue> {
    let window = window().ok_or("no window")?;
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

/// Where the user's own envelope is kept between visits.
const CUSTOM_KEY: &str = "prompt-envelope.custom";

fn local_storage() -> Option<web_sys::Storage> {
    window()?.local_storage().ok().flatten()
}

/// The user's saved envelope text, if any.
pub fn load_custom() -> Option<String> {
    local_storage()?.get_item(CUSTOM_KEY).ok().flatten()
}

/// Saves the user's envelope text; `false` when the browser would not keep it (storage full,
/// as a 10 MB envelope fills Chromium's 5 MB, or off in private mode), which the editor says.
pub fn save_custom(text: &str) -> bool {
    local_storage().is_some_and(|storage| storage.set_item(CUSTOM_KEY, text).is_ok())
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

/// The browser's offset from UTC in minutes (east positive) at `millis`.
pub fn local_offset_minutes(millis: i64) -> i64 {
    let date = js_sys::Date::new(&JsValue::from_f64(millis as f64));
    -(date.get_timezone_offset() as i64)
}
