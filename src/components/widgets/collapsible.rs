//! The foldable frame shared by every folding segment kind: a header button with
//! `aria-expanded` and a body that is not rendered at all while folded (only an optional
//! preview is).

use leptos::prelude::*;
use pep_view::SegmentKind;

use pep_view::SegmentRef as SegmentKey;

use super::SegmentLink;
use crate::state::lang::tr;
use pep_view::text::Text;

/// A segment with a fold toggle.
#[component]
pub fn Collapsible(
    /// The segment kind, for `data-kind` and the colour class.
    kind: SegmentKind,
    /// Where the segment is, for unique element ids.
    key: SegmentKey,
    /// Folded or not; toggled by the header.
    collapsed: RwSignal<bool>,
    /// Emoji or symbol before the title (decorative).
    icon: &'static str,
    /// The kind's label.
    title: Text,
    /// Extra header text (a tool name, an item count).
    #[prop(optional, into)]
    summary: Option<Signal<String>>,
    /// Extra classes on the root, e.g. a success or failure modifier.
    #[prop(optional)]
    modifier: &'static str,
    /// What to show while folded instead of nothing (long_text's two-line preview).
    #[prop(optional, into)]
    folded: ViewFn,
    /// The body, rendered only while unfolded.
    children: ChildrenFn,
) -> impl IntoView {
    let body_id = format!("pe-seg-{}-{}-body", key.message, key.segment);
    let kind_name = kind.as_str();
    // A tool call's or result's wrapper, which also holds its one-line summary (the user view
    // shows that instead of this card), has the path and the link.
    let own = !matches!(
        kind,
        SegmentKind::ToolCallRequest | SegmentKind::ToolCallResult
    );
    let path = own.then(|| key.path());
    view! {
        <section
            class=format!("pe-seg pe-seg--{kind_name} pe-fold {modifier}")
            data-kind=kind_name
            data-path=path
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
                <span class="pe-fold__icon" aria-hidden="true">{icon}</span>
                <span class="pe-fold__title">{tr(title)}</span>
                {summary.map(|summary| view! { <span class="pe-fold__summary">{summary}</span> })}
            </button>
            {own.then(|| view! { <SegmentLink /> })}
            <Show when=move || !collapsed.get() fallback=folded>
                <div class="pe-fold__body" id=body_id.clone()>
                    {children()}
                </div>
            </Show>
        </section>
    }
}
