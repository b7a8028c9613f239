//! A demo's note for presenter mode: what to look at in it, in the UI language, above the chat
//! (from `demos/manifest.json`, carried by the demo's bundle), open until folded.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::text::{Lang, Text};

use crate::state::lang::{tr, use_lang};

/// A demo's presenter note in both languages (Chinese, English).
pub type Note = Arc<(String, String)>;

/// The note of the demo shown.
#[component]
pub fn DemoNote(
    /// The note, in Chinese and in English.
    note: Note,
) -> impl IntoView {
    let lang = use_lang();
    let text = move || match lang.get() {
        Lang::Zh => note.0.clone(),
        Lang::En => note.1.clone(),
    };
    // Open at first; folded, it gives the chat its room back.
    view! {
        <details class="pe-demo-note" open data-testid="demo-note">
            <summary class="pe-demo-note__label">{tr(Text::DemoNote)}</summary>
            <p class="pe-demo-note__text">{text}</p>
        </details>
    }
}
