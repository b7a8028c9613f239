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

use super::{EnvelopeView, PanelTab, tr, use_lang};
use crate::collapse::Collapse;
use crate::i18n::{Lang, Text};
use crate::{browser, crash};

/// How long typing must pause before the view re-renders.
const DEBOUNCE: Duration = Duration::from_millis(250);

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
    let file_error = RwSignal::new(false);
    // Owned here, not by the view below, so folds and the panel tab survive each re-render.
    let collapse = Collapse::new();
    let tab = RwSignal::new(PanelTab::OpenAi);
    // The last render of the stored envelope did not finish: do not render it again unasked.
    let safe_mode = RwSignal::new(crash::marked());

    // Render and save only once typing pauses: a large envelope is not re-parsed per keystroke.
    let schedule = move || {
        let generation = edits.get_value() + 1;
        edits.set_value(generation);
        set_timeout(
            move || {
                if edits.try_get_value() == Some(generation) {
                    let current = text.get_untracked();
                    browser::save_custom(&current);
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
    let open_file = move |event: leptos::ev::Event| {
        file_error.set(false);
        let Some(file) = browser::chosen_file(&event) else {
            return;
        };
        leptos::task::spawn_local(async move {
            match browser::read_file(&file).await {
                Ok(content) => {
                    text.try_set(content);
                    schedule();
                }
                Err(_) => {
                    file_error.try_set(true);
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
                <button type="button" class="pe-button" on:click=move |_| replace(example.to_owned())>
                    {tr(Text::ResetExample)}
                </button>
            </div>
            <p class="pe-editor__hint">{tr(Text::EditorHint)}</p>
            <Show when=move || file_error.get()>
                <p class="pe-editor__error" role="alert">{tr(Text::FileReadFailed)}</p>
            </Show>
            <textarea
                id=crash::EDITOR_ID
                class="pe-editor__input"
                data-testid="editor"
                spellcheck="false"
                autocomplete="off"
                prop:value=move || text.get()
                on:input=move |event| replace(event_target_value(&event))
            ></textarea>
        </section>
        {move || {
            if safe_mode.get() {
                return view! { <SafeModeNotice on_render=move || safe_mode.set(false) /> }
                    .into_any();
            }
            let source = rendered.get();
            crash::mark();
            #[cfg(debug_assertions)]
            crate::panic_probe::check_render(&source);
            let view = view! {
                <EnvelopeView
                    source=source
                    file_stem="envelope"
                    id="custom"
                    collapse=collapse
                    tab=tab
                />
            };
            crash::clear_soon();
            view.into_any()
        }}
    }
}

/// Shown instead of the envelope whose last render did not finish.
#[component]
fn SafeModeNotice(
    /// Renders the envelope after all.
    on_render: impl Fn() + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let text = move || match lang.get() {
        Lang::Zh => (
            "安全模式：上次显示这个信封时页面出错或未能完成，所以这次没有自动显示。你的文本仍在上方的编辑器中，可以修改后再显示。",
            "仍然显示",
        ),
        Lang::En => (
            "Safe mode: last time this envelope stopped the page or did not finish rendering, so it is not shown automatically. Your text is in the editor above; edit it, or render it anyway.",
            "Render anyway",
        ),
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
