//! Markdown as HTML: the only place the app sets `inner_html`, always with the output of the
//! safe renderer (DECISIONS §4). Above [`markdown::PLAIN_ABOVE`] bytes, or when its HTML would
//! grow out of bounds, the text is shown as plain text with a note (DECISIONS §9).

use leptos::prelude::*;

use crate::components::tr;
use pep_view::render::markdown;
use pep_view::text::Text;

/// Renders `source` (markdown) safely.
#[component]
pub fn MarkdownView(
    /// Markdown text from the protocol or the skills registry.
    #[prop(into)]
    source: String,
) -> impl IntoView {
    let too_large = source.len() > markdown::PLAIN_ABOVE;
    let html = (!too_large).then(|| markdown::render(&source)).flatten();
    let Some(html) = html else {
        let note = if too_large {
            Text::MarkdownTooLarge
        } else {
            Text::MarkdownTooComplex
        };
        return view! {
            <div class="pe-md pe-md--plain">
                <p class="pe-md__note" role="note">{tr(note)}</p>
                <pre class="pe-md__plain">{source}</pre>
            </div>
        }
        .into_any();
    };
    view! { <div class="pe-md" inner_html=html></div> }.into_any()
}
