//! Where the request list of a file of many requests (DECISIONS §13) goes: a place in Your
//! envelope, above the chosen request's view, that the lazy module fills
//! (`platform::requests`). The page carries only this place; the list is the module's.

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use pep_view::text::Text;

use crate::platform;
use crate::state::lang::{tr, use_lang};

/// The request list of `text`; `on_choose` gets each chosen request's envelope text.
#[component]
pub fn RequestsSlot(
    /// The file's text.
    text: Arc<str>,
    /// Gets the chosen request's envelope text (the last one first).
    on_choose: Callback<String>,
) -> impl IntoView {
    let lang = use_lang();
    let root = NodeRef::<Div>::new();
    Effect::new(move |_| {
        if let Some(element) = root.get() {
            let failed = lang.get_untracked().t(Text::CompareUnavailable);
            platform::requests::open(&element, &text, failed, move |text| on_choose.run(text));
        }
    });
    on_cleanup(platform::requests::close);
    view! {
        <div
            class="pe-requests-slot"
            data-testid="request-list-slot"
            data-loading=tr(Text::CompareLoading)
            data-failed=tr(Text::CompareUnavailable)
            data-close=tr(Text::CompareClose)
            node_ref=root
        >
            <p class="pe-panel__ok" role="status">{tr(Text::CompareLoading)}</p>
        </div>
    }
}
