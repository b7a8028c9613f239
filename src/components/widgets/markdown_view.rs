//! Markdown as HTML: the only place the app sets `inner_html`, always with the output of the
//! one safe renderer (DECISIONS §4), which ran in the worker (or at build time for a demo).
//! Markdown over 256 KiB, or whose HTML would outgrow its text, comes as plain text with a
//! note (DECISIONS §9).

use leptos::prelude::*;
use pep_view::model::Markdown;
use pep_view::text::Text;

use crate::state::lang::tr;

/// Renders rendered markdown, or the plain text with its note.
#[component]
pub fn MarkdownView(
    /// The markdown, as the engine rendered it.
    markdown: Markdown,
) -> impl IntoView {
    let (note, text) = match markdown {
        Markdown::Html(html) => {
            return view! { <div class="pe-md" inner_html=html></div> }.into_any();
        }
        Markdown::TooLarge(text) => (Text::MarkdownTooLarge, text),
        Markdown::TooComplex(text) => (Text::MarkdownTooComplex, text),
    };
    view! {
        <div class="pe-md pe-md--plain">
            <p class="pe-md__note" role="note">{tr(note)}</p>
            <pre class="pe-md__plain">{text}</pre>
        </div>
    }
    .into_any()
}
