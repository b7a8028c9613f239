//! Where an envelope the lazy module shows goes (Your envelope, a shared link's, embed mode's
//! stored one): a place the module fills (`platform::lazy_document`, and
//! `components::shell::LazyDocument` in `src/lazy_main.rs`), so the page's first render does
//! not carry their views. The page keeps listening for pastes and drops (`incoming`) and
//! hands each text that arrives to Your envelope, as Edit a copy's text is handed to it.

use leptos::html::Div;
use leptos::prelude::*;
use pep_view::view_mode::ViewMode;

use crate::platform;
use crate::state::lang::use_lang;
use crate::state::options::{use_at_ask, use_presenter, use_step_ask, use_view_mode};
use crate::state::shell::{Incoming, LazyShown, PageOptions, Shell};

/// The place of one envelope the lazy module shows.
#[component]
pub fn LazyHost(
    /// Which envelope.
    shown: LazyShown,
) -> impl IntoView {
    let lang = use_lang();
    let view_mode = use_view_mode();
    let present = use_presenter();
    let step = use_step_ask();
    let at = use_at_ask();
    let shell = use_context::<Shell>();
    let incoming = use_context::<Incoming>();
    let host = NodeRef::<Div>::new();
    let custom = shown == LazyShown::Custom;
    let shown = StoredValue::new(shown);
    Effect::new(move |_| {
        let Some(element) = host.get() else { return };
        // The step and place asked for are this envelope's now, as the first one shown takes
        // them.
        let asked = step.get_untracked();
        step.set(None);
        let place = at.try_update(Option::take).flatten();
        let options = PageOptions {
            embed: shell.is_none_or(|shell| shell.embed),
            view: view_mode.get_untracked(),
            present: present.get_untracked(),
            step: asked,
            at: place,
        };
        // The module's view switch has written `?view=` already; the page follows.
        let on_view = move |mode: String| {
            view_mode.try_set(ViewMode::from_query(Some(&mode)));
        };
        // "Edit a copy" of a shared envelope: Your envelope, with its text.
        let on_edit = move |text: String| {
            if let (Some(shell), Some(Incoming(incoming))) = (shell, incoming) {
                incoming.set(Some(Ok(text)));
                shell.open_custom.run(());
            }
        };
        shown.with_value(|shown| {
            let what = (shown.name(), shown.payload());
            platform::lazy_document::open(
                &element,
                what,
                options,
                lang.get_untracked(),
                on_view,
                on_edit,
            );
        });
    });
    // What arrives while Your envelope is shown goes to it (queued until the module is there).
    if let (true, Some(Incoming(incoming))) = (custom, incoming) {
        Effect::new(move |_| {
            if host.get().is_none() {
                return;
            }
            // The page refuses nothing itself (the module does, `take_raw`): only Edit a
            // copy's text is here.
            if let Some(Ok(text)) = incoming.get() {
                incoming.set(None);
                platform::lazy_document::arrive_raw(text.into());
            }
        });
    }
    // A place a framing host asks for later (`set` with `at`) is the module's view's.
    Effect::new(move |_| {
        if host.get().is_some()
            && let Some(path) = at.get()
        {
            at.set(None);
            platform::lazy_document::ask_at(&path);
        }
    });
    on_cleanup(platform::lazy_document::close);
    view! { <div class="pe-lazy-host" data-testid="lazy-host" node_ref=host></div> }
}
