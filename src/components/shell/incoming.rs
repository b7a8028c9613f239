//! Getting a conversation in without the editor (issue 8): paste anywhere outside a text
//! field, or drop a file on the page. What arrives goes to Your envelope, where a request is
//! imported and the arrival can be undone; what is too large is refused with nothing replaced
//! (DECISIONS §9). Your envelope is in the lazy module: the pasted text and the dropped file
//! go to it as the browser has them (`platform::lazy_document::arrive_raw`), so a large one is
//! not copied into the page's wasm and out again.

use leptos::prelude::*;
use pep_view::model::{ImportSummary, IssuesView};
use pep_view::text::Text;

use crate::components::widgets::IssueList;
use crate::platform;
use crate::state::lang::{tr, use_lang};

/// Listens for pastes outside text fields and for dropped files, page-wide; `arrived` is
/// called after each (to show Your envelope). Too large a file is refused by the module
/// before it is read (`lazy_document::take_raw`).
pub fn listen(arrived: impl Fn() + Copy + 'static) {
    let paste = window_event_listener(leptos::ev::paste, move |event| {
        // A comparison shows; the envelope it hides is not replaced out of sight.
        if platform::dom::in_text_field(&event) || platform::dom::comparing() {
            return;
        }
        let Some(text) = platform::dom::pasted_raw(&event) else {
            return;
        };
        event.prevent_default();
        platform::lazy_document::arrive_raw(text.into());
        arrived();
    });
    // A drop needs its dragover cancelled, or the browser opens the file itself.
    let over = window_event_listener(leptos::ev::dragover, move |event| {
        if platform::dom::carries_files(&event) {
            event.prevent_default();
        }
    });
    let drop = window_event_listener(leptos::ev::drop, move |event| {
        let Some(file) = platform::dom::dropped_file(&event) else {
            return;
        };
        if platform::dom::comparing() {
            // Not into the hidden envelope; nor may the browser open the file itself.
            event.prevent_default();
            return;
        }
        event.prevent_default();
        platform::lazy_document::arrive_raw(file.into());
        arrived();
    });
    on_cleanup(move || {
        paste.remove();
        over.remove();
        drop.remove();
    });
}

/// What the last whole-text arrival did: what was recognised, and the text it replaced.
#[derive(Debug, Clone, Default, PartialEq)]
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
                .recognised(s.source, s.messages, s.warnings.len())
        })
    };
    let warnings = arrival
        .summary
        .as_ref()
        .map(|s| IssuesView {
            warnings: s.warnings.len(),
            listed: s.warnings.clone(),
            errors: 0,
        })
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
