//! The page's address: query parameters (`?demo=`, `?lang=`, …), the fragment (share links),
//! the history (Back returns to the previous demo), and the browser's language.

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
    // `set` also removes repeats of `key` (`?step=2&step=5`), which a share link would copy.
    if params.get(key).as_deref() == Some(value) && params.get_all(key).length() == 1 {
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

/// Removes `key` from the page URL, in place (no history entry). Other parameters and the
/// hash are kept.
pub fn remove_query_param(key: &str) -> Result<(), JsValue> {
    let window = window().ok_or("no window")?;
    let location = window.location();
    let params = web_sys::UrlSearchParams::new_with_str(&location.search()?)?;
    if params.get(key).is_none() {
        return Ok(());
    }
    params.delete(key);
    let query: String = params.to_string().into();
    let query = if query.is_empty() {
        query
    } else {
        format!("?{query}")
    };
    let url = format!("{}{}{}", location.pathname()?, query, location.hash()?);
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url))
}

/// The page's full URL with `params` set (`Some`) or removed (`None`), other parameters and
/// the fragment kept: a link to the page as it is shown (a segment's link, DECISIONS §15).
pub fn link_with(params: &[(&str, Option<&str>)]) -> String {
    let Some(location) = window().map(|window| window.location()) else {
        return String::new();
    };
    let part = |r: Result<String, JsValue>| r.unwrap_or_default();
    let Ok(query) = web_sys::UrlSearchParams::new_with_str(&part(location.search())) else {
        return part(location.href());
    };
    for (key, value) in params {
        match value {
            Some(value) => query.set(key, value),
            None => query.delete(key),
        }
    }
    let query: String = query.to_string().into();
    format!(
        "{}{}?{}{}",
        part(location.origin()),
        part(location.pathname()),
        query,
        part(location.hash())
    )
}

/// The app's own address: the page URL without its query and fragment.
pub fn app_base() -> String {
    let Some(location) = window().map(|window| window.location()) else {
        return String::new();
    };
    let part = |r: Result<String, JsValue>| r.unwrap_or_default();
    format!("{}{}", part(location.origin()), part(location.pathname()))
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
