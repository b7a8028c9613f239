//! Embed mode's `?demo=custom` (DECISIONS §8): the envelope stored in this browser, read-only,
//! or the example when nothing is stored. In the lazy module, as Your envelope is.

use leptos::prelude::*;

use super::document::{DocumentView, Source};
use crate::platform;
use crate::state::catalogue::{self, CUSTOM};

/// The stored envelope, read-only, or the example.
#[component]
pub fn StoredView() -> impl IntoView {
    let source = RwSignal::new(None::<Source>);
    let show = move |text: String| {
        source.try_set(Some(Source {
            text: std::sync::Arc::from(text),
            recognise: false,
        }));
    };
    match platform::storage::load_custom() {
        Some(stored) => show(stored),
        None => leptos::task::spawn_local(async move {
            if let Some(example) = catalogue::example().await {
                show(example);
            }
        }),
    }
    view! { <DocumentView source=source id=CUSTOM file_stem="envelope" /> }
}
