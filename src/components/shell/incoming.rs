//! Getting a conversation in without the editor (issue 8): paste anywhere outside a text
//! field, or drop a file on the page. What arrives goes to Your envelope, recognised (an
//! OpenAI, Anthropic or MCP request is imported) and undoable; what is too large is refused
//! with nothing replaced (DECISIONS §9).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::browser;
use crate::components::{IssueList, tr, use_lang};
use crate::recognise::ImportSummary;
use crate::viewer::MAX_INPUT_BYTES;
use pep_view::text::Text;

/// A text that arrived by paste, drop or "Edit a copy", or why it was refused; taken by
/// Your envelope.
#[derive(Debug, Clone, Copy)]
pub struct Incoming(pub RwSignal<Option<Result<String, Text>>>);

/// Listens for pastes outside text fields and for dropped files, page-wide; `arrived` is
/// called after each (to show Your envelope).
pub fn listen(incoming: Incoming, arrived: impl Fn() + Copy + 'static) {
    let deliver = move |value: Result<String, Text>| {
        incoming.0.set(Some(value));
        arrived();
    };
    let paste = window_event_listener(leptos::ev::paste, move |event| {
        if in_text_field(event.target()) {
            return;
        }
        let Some(text) = event
            .clipboard_data()
            .and_then(|data| data.get_data("text").ok())
        else {
            return;
        };
        if text.trim().is_empty() {
            return;
        }
        event.prevent_default();
        deliver(if text.len() > MAX_INPUT_BYTES {
            Err(Text::InputTooLarge)
        } else {
            Ok(text)
        });
    });
    // A drop needs its dragover cancelled, or the browser opens the file itself.
    let over = window_event_listener(leptos::ev::dragover, move |event| {
        if carries_files(&event) {
            event.prevent_default();
        }
    });
    let drop = window_event_listener(leptos::ev::drop, move |event| {
        let file = event
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        let Some(file) = file else { return };
        event.prevent_default();
        if file.size() > MAX_INPUT_BYTES as f64 {
            deliver(Err(Text::FileTooLarge));
            return;
        }
        leptos::task::spawn_local(async move {
            deliver(
                browser::read_file(&file)
                    .await
                    .map_err(|_| Text::FileReadFailed),
            );
        });
    });
    on_cleanup(move || {
        paste.remove();
        over.remove();
        drop.remove();
    });
}

fn carries_files(event: &web_sys::DragEvent) -> bool {
    event.data_transfer().is_some_and(|data| {
        data.types()
            .iter()
            .any(|t| t.as_string().as_deref() == Some("Files"))
    })
}

/// Whether a paste lands in something that takes text itself.
fn in_text_field(target: Option<web_sys::EventTarget>) -> bool {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA")
        || element
            .closest("[contenteditable]")
            .ok()
            .flatten()
            .is_some()
}

/// What the last whole-text arrival did: what was recognised, and the text it replaced.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrival {
    /// Set when the text was a request and was imported.
    pub summary: Option<ImportSummary>,
    /// The text it replaced, for Undo (none when there was nothing to lose).
    pub previous: Option<String>,
}

/// "OpenAI request, 14 messages, 2 warnings", the import warnings, and Undo.
#[component]
pub fn ArrivalNotice(
    /// The arrival.
    arrival: Arrival,
    /// Puts the previous text back.
    on_undo: impl Fn(String) + Copy + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let summary = arrival.summary.clone();
    let line = move || {
        summary.as_ref().map(|s| {
            lang.get()
                .recognised(s.source.as_str(), s.messages, s.warnings.len())
        })
    };
    let warnings = arrival
        .summary
        .as_ref()
        .map(|s| s.warnings.clone())
        .unwrap_or_default();
    let previous = StoredValue::new(arrival.previous);
    view! {
        <div class="pe-arrival" role="status" data-testid="import-notice">
            {line}
            {(!warnings.is_empty()).then(|| view! {
                <IssueList issues=warnings title=Text::ImportWarnings testid="import-warnings" />
            })}
            {previous.with_value(Option::is_some).then(|| view! {
                " "
                <span>{tr(Text::Replaced)}</span>
                " "
                <button
                    type="button"
                    class="pe-button"
                    data-testid="undo"
                    on:click=move |_| {
                        if let Some(text) = previous.get_value() {
                            on_undo(text);
                        }
                    }
                >
                    {tr(Text::Undo)}
                </button>
            })}
        </div>
    }
}
