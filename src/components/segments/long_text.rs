//! `long_text` (spec §3.10): folded shows the first two lines and the character count;
//! unfolded shows everything.

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::LongTextSegment;

use crate::collapse::SegmentKey;
use crate::components::{Collapsible, use_lang};
use pep_view::text::{Noun, Text};

/// The first `lines` lines of `text`, and whether anything was cut.
pub fn preview(text: &str, lines: usize) -> (String, bool) {
    let mut shown: Vec<&str> = text.lines().take(lines).collect();
    let total = text.lines().count();
    // A very long single line would still flood the view: cap the preview's width too.
    const MAX_CHARS: usize = 400;
    let mut cut = total > lines;
    let mut budget = MAX_CHARS;
    for line in &mut shown {
        let end = line.char_indices().nth(budget).map(|(at, _)| at);
        if let Some(end) = end {
            *line = &line[..end];
            cut = true;
            budget = 0;
        } else {
            budget -= line.chars().count();
        }
    }
    (shown.join("\n"), cut)
}

/// A long text with a two-line preview.
#[component]
pub fn LongTextView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: LongTextSegment,
    /// Folded (preview) or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    // The declared count, as the protocol states it (validation flags a wrong one).
    let count = usize::try_from(segment.char_count).unwrap_or(usize::MAX);
    let lines = segment.content.lines().count();
    let (preview_text, cut) = preview(&segment.content, 2);
    let content = segment.content;
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
                    {preview_text.clone()}
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

#[cfg(test)]
mod tests {
    use super::preview;

    #[test]
    fn first_two_lines() {
        assert_eq!(preview("a\nb\nc", 2), ("a\nb".to_owned(), true));
        assert_eq!(preview("a\nb", 2), ("a\nb".to_owned(), false));
        assert_eq!(preview("", 2), (String::new(), false));
        let long = "日".repeat(1000);
        let (shown, cut) = preview(&long, 2);
        assert!(cut);
        assert_eq!(shown.chars().count(), 400);
    }
}
