//! The user's own envelope: a JSON editor (paste, type or open a file) above the same view the
//! demos use, re-rendered shortly after each edit. The text is kept in this browser's local
//! storage, and whatever the user typed is never lost, even when it is not JSON.
//!
//! Each render of the envelope is bracketed by the crashed marker ([`crash::mark`]): when the
//! last render did not finish (a panic, or a tab closed while it froze), the next visit shows
//! the text in the editor and a safe-mode notice with "Render anyway" instead of rendering it
//! again (DECISIONS §9). Editing the text or choosing Render anyway ends safe mode.

use std::time::Duration;

use leptos::prelude::*;

use crate::collapse::Collapse;
use crate::components::incoming::{Arrival, ArrivalNotice, Incoming};
use crate::components::{EnvelopeView, PanelTab, tr, use_lang};
use crate::recognise::recognise;
use crate::{browser, crash};
use pep_view::text::Text;

/// How long typing must pause before the view re-renders.
const DEBOUNCE: Duration = Duration::from_millis(250);
/// Texts above this size (bytes) are rendered but not put into the text box: Chromium needs
/// 4.4 s to lay out a 14 MB text area and 0.7 s per keystroke after that (measured), which
/// would freeze the page. The user edits such a file in an editor and opens it again.
pub const EDIT_LIMIT: usize = 1024 * 1024;

/// The editor and the rendered envelope.
#[component]
pub fn CustomView(
    /// The envelope to start from when the user has none saved.
    example: &'static str,
) -> impl IntoView {
    let initial = browser::load_custom().unwrap_or_else(|| example.to_owned());
    let text = RwSignal::new(initial.clone());
    let rendered = RwSignal::new(initial);
    let edits = StoredValue::new(0_u64);
    let file_error = RwSignal::new(None::<Text>);
    // Owned here, not by the view below, so folds and the panel tab survive each re-render.
    let collapse = Collapse::new();
    let tab = RwSignal::new(PanelTab::ALL[0]);
    // The last render of the stored envelope did not finish: do not render it again unasked.
    let safe_mode = RwSignal::new(crash::marked());

    // Render and save only once typing pauses: a large envelope is not re-parsed per keystroke.
    // Whether the browser refused to keep the text (DECISIONS §9: say so, offer Download).
    let unsaved = RwSignal::new(false);
    // Leaving the page saves at once, without waiting for the typing pause.
    let hide = window_event_listener(leptos::ev::pagehide, move |_| {
        if let Some(current) = text.try_get_untracked() {
            let _ = browser::save_custom(&current);
        }
    });
    on_cleanup(move || hide.remove());
    let schedule = move || {
        let generation = edits.get_value() + 1;
        edits.set_value(generation);
        set_timeout(
            move || {
                if edits.try_get_value() == Some(generation) {
                    let current = text.get_untracked();
                    unsaved.try_set(!browser::save_custom(&current));
                    // An edit is the user's choice to see the new text.
                    safe_mode.try_set(false);
                    rendered.try_set(current);
                }
            },
            DEBOUNCE,
        );
    };
    let replace = move |new_text: String| {
        text.set(new_text);
        schedule();
    };
    // A whole text (opened, dropped, pasted, Reset): recognised, and undoable.
    let arrival = RwSignal::new(None::<Arrival>);
    let replace_whole = move |new_text: String| {
        let previous = text.get_untracked();
        let recognised = recognise(new_text);
        let lost = !previous.trim().is_empty() && previous != recognised.text;
        arrival.set(Some(Arrival {
            summary: recognised.imported,
            previous: lost.then_some(previous),
        }));
        file_error.set(None);
        replace(recognised.text);
    };
    let undo = move |previous: String| {
        arrival.set(None);
        replace(previous);
    };
    if let Some(Incoming(incoming)) = use_context::<Incoming>() {
        Effect::new(move |_| {
            let Some(value) = incoming.get() else { return };
            incoming.set(None);
            match value {
                Ok(text) => replace_whole(text),
                // Refused: nothing the user has is replaced (DECISIONS §9).
                Err(reason) => file_error.set(Some(reason)),
            }
        });
    }
    let open_file = move |event: leptos::ev::Event| {
        file_error.set(None);
        let Some(file) = browser::chosen_file(&event) else {
            return;
        };
        // Refused before reading: nothing the user has is replaced (DECISIONS §9).
        if file.size() > crate::viewer::MAX_INPUT_BYTES as f64 {
            file_error.set(Some(Text::FileTooLarge));
            return;
        }
        leptos::task::spawn_local(async move {
            match browser::read_file(&file).await {
                Ok(content) => replace_whole(content),
                Err(_) => {
                    file_error.try_set(Some(Text::FileReadFailed));
                }
            }
        });
    };

    view! {
        <section class="pe-editor" aria-label=tr(Text::YourEnvelope)>
            <div class="pe-editor__bar">
                <label class="pe-editor__label" for="pe-editor-input">{tr(Text::EditorLabel)}</label>
                <label class="pe-button pe-editor__file">
                    {tr(Text::OpenFile)}
                    <input
                        type="file"
                        accept=".json,application/json"
                        class="pe-sr-only"
                        data-testid="open-file"
                        on:change=open_file
                    />
                </label>
                <button
                    type="button"
                    class="pe-button"
                    data-testid="reset"
                    on:click=move |_| replace_whole(example.to_owned())
                >
                    {tr(Text::ResetExample)}
                </button>
            </div>
            <p class="pe-editor__hint">{tr(Text::EditorHint)}</p>
            {move || arrival.get().map(|arrival| view! { <ArrivalNotice arrival=arrival on_undo=undo /> })}
            {move || unsaved.get().then(|| view! { <UnsavedNotice text=text /> })}
            {move || file_error.get().map(|error| view! {
                <p class="pe-editor__error" role="alert" data-testid="file-error">{tr(error)}</p>
            })}
            <Show
                when=move || text.with(|text| text.len() <= EDIT_LIMIT)
                fallback=move || view! { <LargeText text=text /> }
            >
                <EditorText text=text error=file_error on_replace=replace />
            </Show>
        </section>
        {move || rendered_envelope(rendered, safe_mode, collapse, tab)}
    }
}

/// The user's envelope as last rendered, or the safe-mode notice instead of it. Each render
/// is bracketed by the crashed marker.
fn rendered_envelope(
    rendered: RwSignal<String>,
    safe_mode: RwSignal<bool>,
    collapse: Collapse,
    tab: RwSignal<PanelTab>,
) -> AnyView {
    if safe_mode.get() {
        return view! { <SafeModeNotice on_render=move || safe_mode.set(false) /> }.into_any();
    }
    let source = rendered.get();
    crash::mark();
    #[cfg(debug_assertions)]
    crate::panic_probe::check_render(&source);
    let view = view! {
        <EnvelopeView source=source file_stem="envelope" id="custom" collapse=collapse tab=tab />
    };
    crash::clear_soon();
    view.into_any()
}

/// The editor's text box. Input over the size limit is refused, and the box keeps its text.
#[component]
fn EditorText(
    /// The current text.
    text: RwSignal<String>,
    /// Where a refusal is reported.
    error: RwSignal<Option<Text>>,
    /// Takes an accepted edit.
    on_replace: impl Fn(String) + Copy + 'static,
) -> impl IntoView {
    view! {
        <textarea
            id=crash::EDITOR_ID
            class="pe-editor__input"
            data-testid="editor"
            spellcheck="false"
            autocomplete="off"
            prop:value=move || text.get()
            on:input=move |event| {
                let value = event_target_value(&event);
                // Refused, and the text box keeps what it had (DECISIONS §9).
                if value.len() > crate::viewer::MAX_INPUT_BYTES {
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
fn LargeText(
    /// The current text.
    text: RwSignal<String>,
) -> impl IntoView {
    let lang = use_lang();
    let size = move || text.with(|text| pep_core::export::human_size(text.len() as u64));
    let download = move |_| {
        text.with_untracked(|text| {
            let _ = browser::download("envelope.json", text, "application/json");
        });
    };
    view! {
        <div class="pe-editor__large" role="status" data-testid="editor-large">
            <p>{move || lang.get().large_text(&size())}</p>
            <button type="button" class="pe-button" on:click=download>
                {tr(Text::Download)}
            </button>
        </div>
    }
}

/// Shown instead of the envelope whose last render did not finish.
#[component]
fn SafeModeNotice(
    /// Renders the envelope after all.
    on_render: impl Fn() + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let text = move || {
        (
            lang.get().t(Text::SafeMode),
            lang.get().t(Text::RenderAnyway),
        )
    };
    view! {
        <div class="pe-safe-mode" role="alert" data-testid="safe-mode">
            <p>{move || text().0}</p>
            <button
                type="button"
                class="pe-button"
                data-testid="render-anyway"
                on:click=move |_| on_render()
            >
                {move || text().1}
            </button>
        </div>
    }
}

/// The browser would not keep the text: say so, and offer the exact text as a file.
#[component]
fn UnsavedNotice(
    /// The current text.
    text: RwSignal<String>,
) -> impl IntoView {
    let download = move |_| {
        text.with_untracked(|text| {
            let _ = browser::download("envelope.json", text, "application/json");
        });
    };
    view! {
        <div class="pe-editor__error" role="status" data-testid="storage-notice">
            {tr(Text::NotStored)}
            " "
            <button type="button" class="pe-button" data-testid="storage-download" on:click=download>
                {tr(Text::Download)}
            </button>
        </div>
    }
}
