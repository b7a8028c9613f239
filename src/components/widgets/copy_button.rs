//! A button that copies a text and says, for two seconds, whether that worked (also to screen
//! readers, through a polite live region).

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;

use crate::platform;
use crate::state::lang::tr;
use pep_view::text::Text;

/// Feedback after pressing the button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CopyState {
    Idle,
    Copied,
    Failed,
}

/// The copy button.
#[component]
pub fn CopyButton(
    /// The label while idle.
    label: Text,
    /// `data-testid` of the button.
    testid: &'static str,
    /// The text to copy, asked for on each press (it can be megabytes; it is not kept).
    text: Callback<(), Arc<str>>,
) -> impl IntoView {
    let state = RwSignal::new(CopyState::Idle);
    // Each copy restarts the feedback timer; an older timer must not clear a newer message.
    let copies = StoredValue::new(0_u64);
    let copy = move |_| {
        let text = text.run(());
        let generation = copies.get_value() + 1;
        copies.set_value(generation);
        leptos::task::spawn_local(async move {
            let result = match platform::clipboard::copy_text(&text).await {
                Ok(()) => CopyState::Copied,
                Err(_) => CopyState::Failed,
            };
            state.try_set(result);
            set_timeout(
                move || {
                    if copies.try_get_value() == Some(generation) {
                        state.try_set(CopyState::Idle);
                    }
                },
                Duration::from_secs(2),
            );
        });
    };
    let shown = move || match state.get() {
        CopyState::Idle => tr(label)(),
        CopyState::Copied => tr(Text::Copied)(),
        CopyState::Failed => tr(Text::CopyFailed)(),
    };
    view! {
        <button
            type="button"
            class="pe-button"
            class:pe-button--ok=move || state.get() == CopyState::Copied
            class:pe-button--bad=move || state.get() == CopyState::Failed
            data-testid=testid
            on:click=copy
        >
            {shown}
        </button>
        <span class="pe-sr-only" aria-live="polite">
            {move || match state.get() {
                CopyState::Idle => "",
                CopyState::Copied | CopyState::Failed => shown(),
            }}
        </span>
    }
}
