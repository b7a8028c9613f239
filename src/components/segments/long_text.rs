//! `long_text` (spec §3.10): folded shows the first two lines and the character count;
//! unfolded shows everything.

use leptos::prelude::*;
use pep_core::model::LongTextSegment;

use crate::collapse::SegmentKey;
use crate::components::{tr, use_lang};
use crate::i18n::Text;

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
    let body_id = format!("pe-seg-{}-{}-body", key.0, key.1);
    let count = segment.char_count;
    let lines = segment.content.lines().count();
    let (preview_text, cut) = preview(&segment.content, 2);
    let content = StoredValue::new(segment.content);
    let counter = move || format!("{count} {} · {lines} lines", lang.get().t(Text::Characters));
    view! {
        <section
            class="pe-seg pe-seg--long_text pe-fold"
            data-kind="long_text"
            data-collapsed=move || collapsed.get().to_string()
        >
            <button
                type="button"
                class="pe-fold__toggle"
                aria-expanded=move || (!collapsed.get()).to_string()
                aria-controls=body_id.clone()
                on:click=move |_| collapsed.update(|folded| *folded = !*folded)
            >
                <span class="pe-fold__chevron" aria-hidden="true"></span>
                <span class="pe-fold__icon" aria-hidden="true">"📜"</span>
                <span class="pe-fold__title">{tr(Text::KindLongText)}</span>
                <span class="pe-fold__summary">{counter}</span>
            </button>
            <div class="pe-long__body" id=body_id.clone()>
                {move || if collapsed.get() {
                    view! {
                        <pre class="pe-long__text pe-long__text--preview">{preview_text.clone()}</pre>
                        {cut.then(|| view! {
                            <button
                                type="button"
                                class="pe-link-button"
                                on:click=move |_| collapsed.set(false)
                            >
                                {tr(Text::ShowAll)}
                            </button>
                        })}
                    }
                    .into_any()
                } else {
                    view! {
                        <pre class="pe-long__text">{content.get_value()}</pre>
                    }
                    .into_any()
                }}
            </div>
        </section>
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
