//! The optional `description` line of memory and skills segments (an empty one counts as
//! absent, DECISIONS §3: the model already dropped it).

use leptos::prelude::*;

/// The description paragraph, or nothing.
#[component]
pub fn Description(
    /// The segment's `description`, unless absent or empty.
    text: Option<String>,
) -> impl IntoView {
    text.map(|text| view! { <p class="pe-seg__description">{text}</p> })
}
