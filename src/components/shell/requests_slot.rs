//! Where the request list of a file of many requests (DECISIONS §13) goes: a place in Your
//! envelope, above the chosen request's view, that the lazy module fills
//! (`platform::requests`). The page carries only this place; the list is the module's, and
//! says itself that it is reading the file. The data attributes are the compare view's words,
//! for the comparison of two neighbours the list opens.

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use pep_view::model::ImportSummary;
use pep_view::text::Text;

use crate::platform;
use crate::state::lang::{tr, use_lang};

/// The request list of `text`; `on_choose` gets each chosen request's envelope text.
#[component]
pub fn RequestsSlot(
    /// The file's text.
    text: Arc<str>,
    /// Gets the chosen request's envelope text and what its import said (the last first).
    on_choose: Callback<(String, ImportSummary)>,
) -> impl IntoView {
    let lang = use_lang();
    let root = NodeRef::<Div>::new();
    Effect::new(move |_| {
        if let Some(element) = root.get() {
            let failed = lang.get_untracked().t(Text::LoadFailed);
            let choose = move |text, summary| on_choose.run((text, summary));
            platform::requests::open(&element, &text, failed, choose);
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
        ></div>
    }
}
