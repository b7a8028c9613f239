//! `text` (spec §3.1): markdown, always visible.

use leptos::prelude::*;
use pep_view::model::Markdown;

use crate::components::widgets::MarkdownView;

/// A text segment, its markdown rendered safely.
#[component]
pub fn TextView(
    /// The segment's markdown, rendered.
    markdown: Markdown,
) -> impl IntoView {
    view! {
        <div class="pe-seg pe-seg--text" data-kind="text">
            <MarkdownView markdown=markdown />
        </div>
    }
}
