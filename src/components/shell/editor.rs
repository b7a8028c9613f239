//! The parts of Your envelope's editor: the text box, what stands in for it when the text is
//! too large to edit in the page, and its notices (safe mode, text not stored).

use leptos::prelude::*;
use pep_view::text::Text;
use pep_view::text::lazy::LazyText;

use crate::platform;
use crate::state::lang::{tr, tr_lazy, use_lang};

/// Texts above this size (bytes) are rendered but not put into the text box: Chromium needs
/// 4.4 s to lay out a 14 MB text area and 0.7 s per keystroke after that (measured), which
/// would freeze the page. The user edits such a file in an editor and opens it again.
pub const EDIT_LIMIT: usize = 1024 * 1024;

/// The editor's text box. Input over the size limit is refused, and the box keeps its text.
#[component]
pub fn EditorText(
    /// The current text.
    text: RwSignal<String>,
    /// Where a refusal is reported.
    error: RwSignal<Option<Text>>,
    /// Takes an accepted edit.
    on_replace: impl Fn(String) + Copy + 'static,
) -> impl IntoView {
    view! {
        <textarea
            id=platform::crash::EDITOR_ID
            class="pe-editor__input"
            data-testid="editor"
            spellcheck="false"
            autocomplete="off"
            prop:value=move || text.get()
            on:input=move |event| {
                let value = event_target_value(&event);
                // Refused, and the text box keeps what it had (DECISIONS §9).
                if value.len() > pep_view::MAX_INPUT_BYTES {
                    error.set(Some(Text::InputTooLarge));
                    text.notify();
                    return;
                }
                on_replace(value)
            }
        ></textarea>
    }
}

/// Stands in for the text box when the text is too large to edit in the page: its size and a
/// way to take the exact text away.
#[component]
pub fn LargeText(
    /// The current text.
    text: RwSignal<String>,
) -> impl IntoView {
    let lang = use_lang();
    let size = move || text.with(|text| pep_view::human_size(text.len() as u64));
    view! {
        <div class="pe-editor__large" role="status" data-testid="editor-large">
            <p>{move || lang.get().large_text(&size())}</p>
            <button type="button" class="pe-button" on:click=move |_| download(text)>
                {tr(Text::Download)}
            </button>
        </div>
    }
}

/// Offers the editor's exact text as `envelope.json`.
fn download(text: RwSignal<String>) {
    text.with_untracked(|text| {
        let _ = platform::files::download("envelope.json", text, "application/json");
    });
}

/// Shown instead of the envelope whose last render did not finish.
#[component]
pub fn SafeModeNotice(
    /// Renders the envelope after all.
    on_render: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <div class="pe-safe-mode" role="alert" data-testid="safe-mode">
            <p>{tr_lazy(LazyText::SafeMode)}</p>
            <button
                type="button"
                class="pe-button"
                data-testid="render-anyway"
                on:click=move |_| on_render()
            >
                {tr_lazy(LazyText::RenderAnyway)}
            </button>
        </div>
    }
}

/// The browser would not keep the text: say so, and offer the exact text as a file.
#[component]
pub fn UnsavedNotice(
    /// The current text.
    text: RwSignal<String>,
) -> impl IntoView {
    view! {
        <div class="pe-editor__error" role="status" data-testid="storage-notice">
            {tr_lazy(LazyText::NotStored)}
            " "
            <button
                type="button"
                class="pe-button"
                data-testid="storage-download"
                on:click=move |_| download(text)
            >
                {tr(Text::Download)}
            </button>
        </div>
    }
}
