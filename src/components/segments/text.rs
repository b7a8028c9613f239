//! `text` (spec §3.1): markdown, always visible.

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::model::Markdown;

use crate::components::widgets::{MarkdownView, SegmentLink};

/// A text segment, its markdown rendered safely.
#[component]
pub fn TextView(
    /// Where the segment is, for its link.
    key: SegmentRef,
    /// The segment's markdown, rendered.
    markdown: Markdown,
) -> impl IntoView {
    view! {
        <div class="pe-seg pe-seg--text" data-kind="text" data-path=key.path()>
            <MarkdownView markdown=markdown />
            <SegmentLink />
        </div>
    }
}
