//! No dead page: what happens when the app panics, and how the next visit stays safe.
//!
//! In wasm a panic aborts the instance: after the panic hook returns, the Rust code (and with
//! it Leptos) must be treated as gone. So [`install`] sets a hook that, besides logging the
//! panic to the console (`console_error_panic_hook`), does everything with plain DOM calls:
//!
//! 1. saves the editor's current text to local storage (also what was typed in the last
//!    250 ms, which the editor has not saved yet), so Reload restores it;
//! 2. sets the *crashed* marker when the user's own envelope is on the page, so the next visit
//!    shows a safe-mode notice instead of rendering it again (DECISIONS §9);
//! 3. shows a panel (`role="alert"`) with the panic message and a Reload button over the now
//!    inert page.
//!
//! The panel and its Reload button are `src/platform/js/recover.js`'s, a plain script that
//! needs nothing from the dead wasm instance; it also shows the panel for traps that bypass the
//! panic hook (an allocation failure, a wasm that cannot start).
//!
//! [`mark`] / [`clear_soon`] bracket every render of the user's envelope, so an envelope whose
//! render panics *or never finishes* (a frozen tab the user closes) keeps the marker.

use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::JsCast;

/// Local-storage key of the crashed marker (also read and written by `src/platform/js/recover.js`).
pub const CRASHED_KEY: &str = "prompt-envelope.crashed";

/// `id` of the editor's text area, whose text the panic hook saves.
pub const EDITOR_ID: &str = "pe-editor-input";

/// Set once the panic hook has run: from then on nothing clears the marker.
static PANICKED: AtomicBool = AtomicBool::new(false);

/// Installs the panic hook (console log, saved editor text, marker, panel).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        // A second panic (from a timer that still ran) keeps the first panel.
        if PANICKED.swap(true, Ordering::SeqCst) {
            return;
        }
        let _ = save_editor();
        show_panel(&info.to_string());
    }));
}

/// The same as a panic does, for a failure outside this instance (the worker died, or sent
/// what cannot be read): the editor's text saved, the marker set, the panel shown.
pub fn show(message: &str) {
    if PANICKED.swap(true, Ordering::SeqCst) {
        return;
    }
    let _ = save_editor();
    show_panel(message);
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether the last render of the user's envelope did not finish (it panicked, or the tab was
/// closed while it ran).
pub fn marked() -> bool {
    local_storage()
        .and_then(|storage| storage.get_item(CRASHED_KEY).ok().flatten())
        .is_some()
}

/// Sets the crashed marker, before the user's envelope is rendered.
pub fn mark() {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(CRASHED_KEY, "1");
    }
}

/// Whether the page has crashed: the panic hook ran, or `src/platform/js/recover.js` put up
/// its panel after a trap that bypassed the hook (timers may still call into the wasm after
/// either).
fn crashed() -> bool {
    PANICKED.load(Ordering::SeqCst)
        || web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.query_selector(".pe-crash").ok().flatten())
            .is_some()
}

/// Clears the crashed marker once the current task (the render) and its effects are done,
/// unless the page has crashed meanwhile.
pub fn clear_soon() {
    leptos::prelude::set_timeout(
        || {
            if !crashed()
                && let Some(storage) = local_storage()
            {
                let _ = storage.remove_item(CRASHED_KEY);
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Saves the editor's text, read from the DOM, and marks the envelope as crashed. Does
/// nothing when the editor is not on the page (a demo was shown).
fn save_editor() -> Option<()> {
    let document = web_sys::window()?.document()?;
    let area: web_sys::HtmlTextAreaElement =
        document.get_element_by_id(EDITOR_ID)?.dyn_into().ok()?;
    let _ = super::storage::save_custom(&area.value());
    mark();
    Some(())
}

/// Makes the dead page inert and puts the panel over it: `src/platform/js/recover.js` builds
/// it (`peCrashPanel`), the same panel it shows for a trap that bypassed the hook, so there is
/// one copy of it. Every step that fails is skipped: the hook must not panic.
fn show_panel(message: &str) -> Option<()> {
    let window = web_sys::window()?;
    let show = js_sys::Reflect::get(&window, &"peCrashPanel".into()).ok()?;
    let show: js_sys::Function = show.dyn_into().ok()?;
    show.call1(&wasm_bindgen::JsValue::NULL, &message.into())
        .ok()?;
    Some(())
}
