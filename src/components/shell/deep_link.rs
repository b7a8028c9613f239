//! Deep links (DECISIONS §15): the envelope view takes the place asked for (`?at=`, a host's
//! `set`), waits for its message's model, switches to the model view when the user view hides
//! the place, and jumps there (the chat list scrolls, unfolds and marks it). A place that does
//! not parse or that the envelope does not have gets a notice naming it; the page opens as it
//! would without it.

use leptos::prelude::*;
use pep_view::deep_link::{self, Landing};
use pep_view::view_mode::ViewMode;

use crate::platform;
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::lang::use_lang;
use crate::state::linking::Linking;
use crate::state::options::{use_at_ask, use_view_mode};

/// Takes each place asked for in `doc`'s view; the returned signal holds a place asked for that
/// cannot be opened, as given (for the notice).
pub fn follow_the_deep_link(doc: Doc, linking: Linking) -> RwSignal<Option<String>> {
    let asked = use_at_ask();
    let view = use_view_mode();
    let engine = use_engine();
    let unopened = RwSignal::new(None);
    // The place waiting for its message's model. One effect does both steps: each distinct
    // effect adds its own generic code to the page's first module.
    let waiting = StoredValue::new(None);
    Effect::new(move |_| {
        if let Some(path) = asked.get() {
            asked.set(None);
            // Used: a reload, or the next demo's address, must not open it again.
            let _ = platform::url::remove_query_param("at");
            let place = deep_link::parse(&path);
            match place.filter(|place| !deep_link::beyond(*place, doc.len())) {
                Some(place) => {
                    unopened.set(None);
                    waiting.set_value(Some(place));
                    let message = place.message();
                    doc.want(&engine, message..message + 1);
                }
                None => unopened.set(Some(path)),
            }
        }
        let Some(place) = waiting.get_value() else {
            return;
        };
        let Some(model) = doc.message(place.message()) else {
            return;
        };
        waiting.set_value(None);
        match deep_link::land(place, &model) {
            Landing::Missing => unopened.set(Some(deep_link::path(place))),
            Landing::Found { user_hidden } => {
                if user_hidden && view.get_untracked() == ViewMode::User {
                    let _ = platform::url::remove_query_param("view");
                    view.set(ViewMode::Model);
                }
                linking.deep.set_value(Some(place));
                linking.target.set(Some(place.segment()));
            }
        }
    });
    unopened
}

/// The notice for a place that cannot be opened (`role="status"`), naming it.
#[component]
pub fn DeepLinkNotice(
    /// The place that cannot be opened, as given, while there is one.
    unopened: RwSignal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    move || {
        unopened.get().map(|path| {
            let parses = deep_link::parse(&path).is_some();
            // A path is as long as the URL allows: a readable start of it is enough.
            let shown: String = path.chars().take(200).collect();
            view! {
                <p class="pe-deep-notice" role="status" data-testid="deep-link-notice">
                    {move || lang.get().deep_link_missing(&shown, parses)}
                </p>
            }
        })
    }
}
