//! Where Your envelope goes: a place the lazy module fills with the editor and the user's
//! envelope (`platform::custom`, `components::shell::CustomView` in `src/lazy_main.rs`), so
//! the page's first render does not carry them. The page keeps listening for pastes and
//! drops (`incoming`) and hands each text that arrives to the module.

use leptos::html::Div;
use leptos::prelude::*;
use pep_view::view_mode::ViewMode;

use crate::platform;
use crate::state::lang::use_lang;
use crate::state::options::{use_presenter, use_step_ask, use_view_mode};
use crate::state::shell::Incoming;

/// The place of Your envelope.
#[component]
pub fn CustomHost() -> impl IntoView {
    let lang = use_lang();
    let view_mode = use_view_mode();
    let present = use_presenter();
    let step = use_step_ask();
    let host = NodeRef::<Div>::new();
    Effect::new(move |_| {
        let Some(element) = host.get() else { return };
        // The step asked for is this envelope's now, as the first one shown takes it.
        let asked = step.get_untracked();
        step.set(None);
        let start = platform::custom::Start {
            view: view_mode.get_untracked().as_str(),
            present: present.get_untracked(),
            step: asked,
        };
        // The module's view switch has written `?view=` already; the page follows.
        let on_view = move |mode: String| {
            view_mode.try_set(ViewMode::from_query(Some(&mode)));
        };
        platform::custom::open(&element, start, lang.get_untracked(), on_view);
    });
    // What arrives while Your envelope is shown goes to it (queued until the module is there).
    if let Some(Incoming(incoming)) = use_context::<Incoming>() {
        Effect::new(move |_| {
            if host.get().is_none() {
                return;
            }
            if let Some(value) = incoming.get() {
                incoming.set(None);
                platform::custom::arrive(value);
            }
        });
    }
    on_cleanup(platform::custom::close);
    view! { <div class="pe-custom-host" data-testid="custom-host" node_ref=host></div> }
}
