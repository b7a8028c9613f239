//! The lazy module's side of the envelopes it shows for the page (`src/lazy_main.rs`): Your
//! envelope, a shared link's envelope, and embed mode's read-only stored envelope. The page
//! keeps its options (view mode, presenter mode, the step asked for) and its shell (paste,
//! drop, Edit a copy); this gives the module's view the same contexts the page's views have,
//! and sends back what the view changes there.

use leptos::prelude::*;
use pep_view::route::Panel;
use pep_view::view_mode::ViewMode;

use super::{CustomView, SharedLink, StoredView};
use crate::platform;
use crate::state::options::{AtAsk, PanelChoice, Presenter, StepAsk, ViewModeState, Wrap};
use crate::state::shell::{Incoming, LazyShown, PageOptions, Shell};

/// One envelope the page asked for, with the page's options; `on_view` gets each view mode the
/// view switch chooses, `on_edit` the text of "Edit a copy" (the page opens Your envelope with
/// it); `incoming` takes the texts the page hands Your envelope.
#[component]
pub fn LazyDocument(
    /// Which envelope.
    shown: LazyShown,
    /// The page's options.
    options: PageOptions,
    /// Called with each view mode the view switch chooses.
    on_view: Callback<ViewMode>,
    /// Called with the text of "Edit a copy".
    on_edit: Callback<String>,
    /// The texts that arrive for Your envelope.
    incoming: Incoming,
) -> impl IntoView {
    let mode = RwSignal::new(options.view);
    provide_context(ViewModeState(mode));
    Effect::new(move |was: Option<ViewMode>| {
        let now = mode.get();
        if was.is_some_and(|was| was != now) {
            on_view.run(now);
        }
        now
    });
    // The panel follows `?panel=`, as the page's does (only a framing host changes it, and the
    // host's envelopes are the page's).
    let panel = platform::url::query_param("panel");
    provide_context(PanelChoice::new(Panel::from_query(panel.as_deref())));
    provide_context(StepAsk(RwSignal::new(options.step)));
    // The module's entry provides the place asked for itself (a host's later `set` reaches it).
    if use_context::<AtAsk>().is_none() {
        provide_context(AtAsk(RwSignal::new(options.at)));
    }
    provide_context(Presenter(RwSignal::new(options.present)));
    provide_context(Wrap::remembered());
    provide_context(Shell {
        embed: options.embed,
        // The page opens Your envelope, with the text `on_edit` hands it.
        open_custom: Callback::new(|()| {}),
    });
    provide_context(incoming);
    match shown {
        LazyShown::Custom => view! { <CustomView /> }.into_any(),
        LazyShown::Shared(payload) => {
            forward_edits(incoming, on_edit);
            view! { <SharedLink payload=payload /> }.into_any()
        }
        LazyShown::Stored => view! { <StoredView /> }.into_any(),
    }
}

/// "Edit a copy" puts its text in `incoming`: outside Your envelope it goes to the page.
fn forward_edits(incoming: Incoming, on_edit: Callback<String>) {
    let Incoming(arrived) = incoming;
    Effect::new(move |_| {
        if let Some(Ok(text)) = arrived.get() {
            arrived.set(None);
            on_edit.run(text);
        }
    });
}
