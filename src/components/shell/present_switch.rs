//! The presenter-mode switch in the top bar: a toggle button, pressed in presenter mode (large
//! type for a projector). Switching writes `?present=1` to the URL, or removes it, in place;
//! Escape leaves presenter mode too (`page_keys`).

use leptos::prelude::*;
use pep_view::text::Text;

use crate::platform;
use crate::state::lang::tr;
use crate::state::options::use_presenter;

/// Turns presenter mode on or off (the switch, Escape), in the URL too, in place.
pub fn set_presenter(on: RwSignal<bool>, next: bool) {
    on.set(next);
    let _ = if next {
        platform::url::set_query_param("present", "1", false)
    } else {
        platform::url::remove_query_param("present")
    };
}

/// The presenter-mode switch.
#[component]
pub fn PresentSwitch() -> impl IntoView {
    let on = use_presenter();
    let toggle = move |_| set_presenter(on, !on.get_untracked());
    let pressed = Memo::new(move |_| on.get().to_string());
    view! {
        <button
            type="button"
            class="pe-present-switch"
            title=tr(Text::PresenterModeHint)
            aria-pressed=pressed
            data-testid="present-switch"
            on:click=toggle
        >
            <span class="pe-present-switch__icon" aria-hidden="true"></span>
            {tr(Text::PresenterMode)}
        </button>
    }
}
