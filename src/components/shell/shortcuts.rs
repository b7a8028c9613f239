//! The keyboard shortcuts dialog (DECISIONS §15): `?` opens it, in the lazy module; the list
//! is `pep_view::shortcuts`. A modal dialog whose one control is Close; its host
//! (`src/platform/js/lazy.js`) keeps Tab on it and closes it on Escape and on the backdrop.

use leptos::prelude::*;
use pep_view::shortcuts::{SHORTCUTS, Says, Shortcut};

use crate::state::lang::use_lang;

/// A text of the dialog, in the language shown.
fn say(says: Says) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || says.t(lang.get())
}

/// The list of keyboard shortcuts.
#[component]
pub fn ShortcutsDialog(
    /// Closes the dialog (its host gives focus back).
    on_close: Callback<()>,
) -> impl IntoView {
    view! {
        <div
            class="pe-dialog pe-shortcuts"
            role="dialog"
            aria-modal="true"
            aria-labelledby="pe-shortcuts-title"
            data-testid="shortcuts"
            tabindex="-1"
        >
            <div class="pe-dialog__head">
                <h2 id="pe-shortcuts-title" class="pe-dialog__title">{say(Says::Title)}</h2>
                <button
                    type="button"
                    class="pe-button"
                    data-testid="shortcuts-close"
                    on:click=move |_| on_close.run(())
                >
                    {say(Says::Close)}
                </button>
            </div>
            <dl class="pe-shortcuts__list">{SHORTCUTS.iter().map(shortcut_row).collect_view()}</dl>
        </div>
    }
}

/// One shortcut: its keys, then what they do.
fn shortcut_row(shortcut: &Shortcut) -> impl IntoView + use<> {
    let keys = shortcut
        .keys
        .iter()
        .map(|key| view! { <kbd class="pe-kbd">{*key}</kbd> })
        .collect_view();
    view! {
        <div class="pe-shortcuts__row">
            <dt class="pe-shortcuts__keys">{keys}</dt>
            <dd class="pe-shortcuts__what">{say(shortcut.what)}</dd>
        </div>
    }
}
