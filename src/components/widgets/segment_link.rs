//! "Copy link to this segment" (DECISIONS §15): a small icon button on every segment. The
//! button is plain markup: `src/platform/js/links.js` handles every press for the whole page,
//! so a thousand segments cost no handler each and the page's module no code.

use leptos::prelude::*;
use pep_view::text::Text;

use crate::state::lang::tr;

/// The link button of the segment around it (the element with its `data-path`).
#[component]
pub fn SegmentLink() -> impl IntoView {
    let label = tr(Text::CopySegmentLink);
    view! {
        <button
            type="button"
            class="pe-seglink"
            data-testid="copy-segment-link"
            aria-label=label
            title=label
        >
            <span class="pe-seglink__icon" aria-hidden="true"></span>
        </button>
    }
}
