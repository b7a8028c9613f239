//! A demo's note for presenter mode: what to look at in it, in the UI language, above the chat
//! (from `demos/manifest.json`), open until folded.

use leptos::prelude::*;
use pep_view::demos::DemoEntry;
use pep_view::text::{Lang, Text};

use crate::state::catalogue::DEMOS;
use crate::state::lang::{tr, use_lang};

/// The note of the demo `id` names; nothing for anything else (Your envelope, a shared or a
/// hosted one).
#[component]
pub fn DemoNote(
    /// What is shown: a demo id, `custom`, `shared` or `hosted`.
    #[prop(into)]
    id: String,
) -> impl IntoView {
    let demo: Option<&'static DemoEntry> = DEMOS.iter().find(|demo| demo.id == id);
    let lang = use_lang();
    demo.map(|demo| {
        let note = move || match lang.get() {
            Lang::Zh => demo.note_zh,
            Lang::En => demo.note_en,
        };
        // Open at first; folded, it gives the chat its room back.
        view! {
            <details class="pe-demo-note" open data-testid="demo-note">
                <summary class="pe-demo-note__label">{tr(Text::DemoNote)}</summary>
                <p class="pe-demo-note__text">{note}</p>
            </details>
        }
    })
}
