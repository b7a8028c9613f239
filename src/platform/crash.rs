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
//! The Reload button is handled by `src/platform/js/recover.js`, a plain script that needs
//! nothing from the dead wasm instance; it also shows a panel for traps that bypass the panic
//! hook (an allocation failure, a wasm that cannot start).
//!
//! [`mark`] / [`clear_soon`] bracket every render of the user's envelope, so an envelope whose
//! render panics *or never finishes* (a frozen tab the user closes) keeps the marker.

use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::JsCast;

use pep_view::text::{Lang, Text};

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

/// Makes the dead page inert and puts the panel over it. Every step that fails is skipped:
/// the hook must not panic.
fn show_panel(message: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    let lang = document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .map_or(Lang::En, |tag| Lang::from_tag(&tag));

    let mut child = body.first_element_child();
    while let Some(node) = child {
        let _ = node.set_attribute("inert", "");
        child = node.next_element_sibling();
    }

    let element = |tag: &str, class: &str, content: &str| {
        let node = document.create_element(tag).ok()?;
        node.set_class_name(class);
        node.set_text_content(Some(content));
        Some(node)
    };
    let panel = element("div", "pe-crash", "")?;
    panel.set_attribute("role", "alert").ok()?;
    panel.set_attribute("data-testid", "crash-panel").ok()?;
    let card = element("div", "pe-crash__card", "")?;
    let message_node = element("pre", "pe-crash__message", message)?;
    message_node
        .set_attribute("data-testid", "crash-message")
        .ok()?;
    let reload = element("button", "pe-button pe-crash__reload", lang.t(Text::Reload))?;
    reload.set_attribute("type", "button").ok()?;
    reload.set_attribute("data-pe-reload", "").ok()?;
    reload.set_attribute("data-testid", "crash-reload").ok()?;
    for child in [
        element("h1", "pe-crash__title", lang.t(Text::CrashTitle))?,
        element("p", "pe-crash__body", lang.t(Text::CrashBody))?,
        message_node,
        reload.clone(),
    ] {
        card.append_child(&child).ok()?;
    }
    panel.append_child(&card).ok()?;
    body.append_child(&panel).ok()?;
    if let Ok(button) = reload.dyn_into::<web_sys::HtmlElement>() {
        let _ = button.focus();
    }
    Some(())
}
