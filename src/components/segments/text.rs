//! `text` (spec §3.1): markdown, always visible.

use leptos::prelude::*;
use pep_core::model::TextSegment;

use crate::components::MarkdownView;

/// A text segment rendered as safe markdown.
#[component]
pub fn TextView(
    /// The segment.
    segment: TextSegment,
) -> impl IntoView {
    view! {
        <div class="pe-seg pe-seg--text" data-kind="text">
            <MarkdownView source=segment.content />
        </div>
    }
}
