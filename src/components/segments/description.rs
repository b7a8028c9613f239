//! The optional `description` line of memory and skills segments (an empty one counts as
//! absent, DECISIONS §3).

use leptos::prelude::*;

/// The description paragraph, or nothing.
#[component]
pub fn Description(
    /// The segment's `description`.
    text: Option<String>,
) -> impl IntoView {
    text.filter(|text| !text.is_empty())
        .map(|text| view! { <p class="pe-seg__description">{text}</p> })
}
