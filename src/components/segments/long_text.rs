//! `long_text` (spec §3.10): folded shows the first two lines and the character count;
//! unfolded shows everything.

use leptos::prelude::*;
use pep_view::text::{Noun, Text};
use pep_view::{SegmentKind, SegmentRef};

use crate::components::widgets::Collapsible;
use crate::state::lang::use_lang;

/// A long text with a two-line preview.
#[component]
pub fn LongTextView(
    /// Where the segment is.
    key: SegmentRef,
    /// The whole text.
    content: String,
    /// The declared character count (validation flags a wrong one).
    char_count: u64,
    /// Its number of lines.
    lines: usize,
    /// The first two lines, cut to a readable length.
    preview: String,
    /// Whether the preview leaves something out.
    cut: bool,
    /// Folded (preview) or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let count = usize::try_from(char_count).unwrap_or(usize::MAX);
    let summary = Signal::derive(move || {
        let lang = lang.get();
        format!(
            "{} · {}",
            lang.count(count, Noun::Character),
            lang.count(lines, Noun::Line)
        )
    });
    // The header toggle unfolds it; the preview only marks that more follows.
    let folded = move || {
        view! {
            <div class="pe-long__body">
                <pre class="pe-long__text pe-long__text--preview">
                    {preview.clone()}
                    {cut.then_some("…")}
                </pre>
            </div>
        }
    };
    view! {
        <Collapsible
            kind=SegmentKind::LongText
            key=key
            collapsed=collapsed
            icon="📜"
            title=Text::KindLongText
            summary=summary
            folded=folded
        >
            <pre class="pe-long__text" tabindex="0">{content.clone()}</pre>
        </Collapsible>
    }
}
