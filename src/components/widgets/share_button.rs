//! The Share button (DECISIONS §8). What it does is in the lazy module (`src/lazy_main.rs`,
//! `components::share`): each press mounts the scan and the link in the place beside the
//! button, replacing what an earlier press left there; until the module is there the place
//! says "Scanning…", and if it cannot be fetched, says so.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::text::Text;

use crate::platform;
use crate::state::lang::{tr, use_lang};

/// The Share button and the place its notices go.
#[component]
pub fn ShareButton(
    /// The envelope text, as given.
    source: Arc<str>,
    /// Download file name without extension.
    file_stem: String,
) -> impl IntoView {
    let lang = use_lang();
    let place = NodeRef::<leptos::html::Span>::new();
    let source = StoredValue::new(source);
    let stem = StoredValue::new(file_stem);
    let share = move |_| {
        let Some(place) = place.get_untracked() else {
            return;
        };
        let lang = lang.get_untracked();
        source.with_value(|text| {
            stem.with_value(|stem| platform::share::open(&place, text, stem, lang));
        });
    };
    // The flow belongs to this envelope: it goes when another is shown.
    on_cleanup(platform::share::close);
    view! {
        <button type="button" class="pe-button" data-testid="share" on:click=share>
            {tr(Text::Share)}
        </button>
        <span class="pe-share" node_ref=place></span>
    }
}
