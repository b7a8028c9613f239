//! Markdown as HTML: the only place the app sets `inner_html`, always with the output of the
//! safe renderer (DECISIONS §4).

use leptos::prelude::*;

use crate::markdown;

/// Renders `source` (markdown) safely.
#[component]
pub fn MarkdownView(
    /// Markdown text from the protocol or the skills registry.
    #[prop(into)]
    source: String,
) -> impl IntoView {
    view! { <div class="pe-md" inner_html=markdown::render(&source)></div> }
}
