//! The panel's wrap switch (DECISIONS §15): long JSON lines wrap instead of scrolling
//! sideways, in every tab and every JSON view of the page; the choice is remembered in the
//! browser where it may be (a frame denied storage just forgets it).

use leptos::prelude::*;
use pep_view::text::Text;

use crate::platform;
use crate::state::lang::tr;
use crate::state::options::use_wrap;

/// A toggle button, pressed while lines wrap.
#[component]
pub fn WrapSwitch() -> impl IntoView {
    let wrap = use_wrap();
    let toggle = move |_| {
        let next = !wrap.get_untracked();
        wrap.set(next);
        platform::storage::save_wrap(next);
    };
    view! {
        <button
            type="button"
            class="pe-button pe-wrap-switch"
            title=tr(Text::WrapLinesHint)
            aria-pressed=move || wrap.get().to_string()
            data-testid="wrap-switch"
            on:click=toggle
        >
            {tr(Text::WrapLines)}
        </button>
    }
}
