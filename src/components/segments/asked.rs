//! Markdown that is rendered only when asked for (a skill's L2 body, a document's parsed
//! content): asked of the engine when the disclosure opens, shown when it arrives.

use leptos::prelude::*;
use pep_view::model::MarkdownKey;
use pep_view::text::Text;

use crate::components::widgets::MarkdownView;
use crate::state::doc::use_doc;
use crate::state::engine::use_engine;
use crate::state::lang::tr;

/// The markdown for `key`, or "Preparing…" until it is here.
#[component]
pub fn AskedMarkdown(
    /// Which markdown.
    key: MarkdownKey,
) -> impl IntoView {
    let engine = use_engine();
    let doc = use_doc();
    move || {
        let markdown = doc.and_then(|doc| doc.markdown(&engine, &key));
        match markdown {
            Some(markdown) => view! { <MarkdownView markdown=(*markdown).clone() /> }.into_any(),
            None => view! {
                <p class="pe-panel__ok" role="status">{tr(Text::Preparing)}</p>
            }
            .into_any(),
        }
    }
}
