//! Debug builds only (`cfg(debug_assertions)`; release builds do not contain this module): the
//! way the end-to-end test makes the app panic, so that it can prove the crash panel, the saved
//! editor text and the safe mode of the next visit. Armed by `?panic-test` in the URL.
//!
//! - Rendering the user's envelope panics when its text contains [`TRIGGER`] (a panic inside a
//!   Leptos render).
//! - A `pe-panic-test` event on `window` panics inside its event listener (a panic in an event
//!   handler, e.g. right after typing, before the editor saved the text).

use wasm_bindgen::{JsCast, closure::Closure};

/// The text whose presence in the user's envelope makes its render panic.
pub const TRIGGER: &str = "__panic_test__";

fn armed() -> bool {
    super::url::query_param("panic-test").is_some()
}

/// Panics when armed and `source` contains [`TRIGGER`].
pub fn check_render(source: &str) {
    if armed() && source.contains(TRIGGER) {
        panic!("panic test: the envelope contains {TRIGGER}");
    }
}

/// When armed, makes a `pe-panic-test` event on `window` panic.
pub fn listen() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if !armed() {
        return;
    }
    let closure = Closure::<dyn Fn(web_sys::Event)>::new(|_| {
        panic!("panic test: pe-panic-test event");
    });
    let _ =
        window.add_event_listener_with_callback("pe-panic-test", closure.as_ref().unchecked_ref());
    closure.forget();
}
