//! The system's colour scheme (`prefers-color-scheme`) and its changes.

use wasm_bindgen::prelude::*;

// Declared here rather than through web-sys's `MediaQueryList` feature: these three calls are
// all the app needs.
#[wasm_bindgen]
extern "C" {
    type MediaQueryList;

    #[wasm_bindgen(catch, js_namespace = window, js_name = matchMedia)]
    fn match_media(query: &str) -> Result<MediaQueryList, JsValue>;

    #[wasm_bindgen(method, getter)]
    fn matches(this: &MediaQueryList) -> bool;

    #[wasm_bindgen(method, js_name = addEventListener)]
    fn add_event_listener(this: &MediaQueryList, kind: &str, listener: &js_sys::Function);
}

/// Whether the system prefers a dark theme now; `on_change` is called with each new setting
/// for as long as the page lives.
pub fn prefers_dark(on_change: impl Fn(bool) + 'static) -> bool {
    let Ok(list) = match_media(pep_view::theme::DARK_QUERY) else {
        return false;
    };
    let closure = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        // The event is a MediaQueryListEvent, whose `matches` is the new setting.
        on_change(event.unchecked_into::<MediaQueryList>().matches());
    });
    list.add_event_listener("change", closure.as_ref().unchecked_ref());
    // The listener lives as long as the page, like the app.
    closure.forget();
    list.matches()
}
