//! The page's own keys (DECISIONS §15): Escape leaves presenter mode, `?` outside a text field
//! opens the list of keyboard shortcuts (from the lazy module: the first view does not need
//! it). A key a widget took first (a dialog's Escape, the search box's) is left alone.

use leptos::prelude::*;
use pep_view::shortcuts::opens_list;
use pep_view::text::Lang;

use super::present_switch::set_presenter;
use crate::platform;

/// Listens for the page's keys for as long as the app lives.
pub fn page_keys(present: RwSignal<bool>, lang: RwSignal<Lang>) {
    let listener = window_event_listener(leptos::ev::keydown, move |event| {
        if event.default_prevented() || event.is_composing() {
            return;
        }
        let key = event.key();
        if key == "Escape" {
            // A comparison is over the page: its own Close comes first.
            if present.get_untracked() && !platform::dom::comparing() {
                event.prevent_default();
                set_presenter(present, false);
            }
            return;
        }
        let opens = opens_list(&key, event.ctrl_key(), event.alt_key(), event.meta_key());
        if opens && !platform::dom::in_text_field(&event) {
            event.prevent_default();
            platform::shortcuts::open(lang.get_untracked());
        }
    });
    on_cleanup(move || listener.remove());
}
