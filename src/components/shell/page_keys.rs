//! The page's own keys (DECISIONS §15): Escape leaves presenter mode, `?` outside a text field
//! opens the list of keyboard shortcuts (from the lazy module: the first view does not need
//! it). An Escape that something else used first is left alone: the shortcuts dialog takes
//! its keys before the page (`js/lazy.js`), and the stepper's Escape that stops Play marks the
//! event handled; a comparison over the page keeps presenter mode for when it is closed.

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
            // Decided once every listener has seen the key: the stepper's comes later.
            if present.get_untracked() && !platform::dom::comparing() {
                set_timeout(
                    move || {
                        if !event.default_prevented() {
                            set_presenter(present, false);
                        }
                    },
                    std::time::Duration::ZERO,
                );
            }
            return;
        }
        let alt_graph = event.get_modifier_state("AltGraph");
        let opens = opens_list(
            &key,
            event.ctrl_key(),
            event.alt_key(),
            event.meta_key(),
            alt_graph,
        );
        if opens && !platform::dom::in_text_field(&event) && !platform::dom::in_dialog(&event) {
            event.prevent_default();
            platform::shortcuts::open(lang.get_untracked());
        }
    });
    on_cleanup(move || listener.remove());
}
