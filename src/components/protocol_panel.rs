//! The protocol panel (spec §7.3): the exact OpenAI request and the raw protocol, with Copy
//! and Download, and the export warnings. Both tab panels stay in the page; the inactive one is
//! `hidden`.

use std::time::Duration;

use leptos::prelude::*;
use pep_core::Issue;

use super::{IssueList, JsonView, tr};
use crate::browser;
use crate::i18n::Text;

/// Which tab is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    OpenAi,
    Raw,
}

/// Feedback after pressing Copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CopyState {
    Idle,
    Copied,
    Failed,
}

/// The protocol panel.
#[component]
pub fn ProtocolPanel(
    /// File name without extension, e.g. `demo-f`: downloads are `demo-f.openai.json` and
    /// `demo-f.json`.
    file_stem: String,
    /// The OpenAI request JSON, as `pep export` prints it.
    export_json: String,
    /// The envelope's raw JSON, pretty-printed.
    raw_json: String,
    /// Export warnings.
    warnings: Vec<Issue>,
) -> impl IntoView {
    let tab = RwSignal::new(Tab::OpenAi);
    let copy_state = RwSignal::new(CopyState::Idle);
    let texts = StoredValue::new((export_json.clone(), raw_json.clone()));
    let current_text = move || {
        texts.with_value(|(openai, raw)| match tab.get_untracked() {
            Tab::OpenAi => openai.clone(),
            Tab::Raw => raw.clone(),
        })
    };

    let copy = move |_| {
        let text = current_text();
        leptos::task::spawn_local(async move {
            let state = match browser::copy_text(&text).await {
                Ok(()) => CopyState::Copied,
                Err(_) => CopyState::Failed,
            };
            copy_state.try_set(state);
            set_timeout(
                move || {
                    copy_state.try_set(CopyState::Idle);
                },
                Duration::from_secs(2),
            );
        });
    };
    let stem = StoredValue::new(file_stem);
    let download = move |_| {
        let name = stem.with_value(|stem| match tab.get_untracked() {
            Tab::OpenAi => format!("{stem}.openai.json"),
            Tab::Raw => format!("{stem}.json"),
        });
        let _ = browser::download(&name, &format!("{}\n", current_text()), "application/json");
    };

    let tab_button = move |which: Tab, id: &'static str, panel: &'static str, label: Text| {
        view! {
            <button
                type="button"
                role="tab"
                id=id
                class="pe-tab"
                aria-selected=move || (tab.get() == which).to_string()
                aria-controls=panel
                tabindex=move || if tab.get() == which { "0" } else { "-1" }
                on:click=move |_| tab.set(which)
                on:keydown=move |event: leptos::ev::KeyboardEvent| {
                    // Arrow keys move between tabs (WAI-ARIA tabs pattern).
                    if matches!(event.key().as_str(), "ArrowLeft" | "ArrowRight" | "Home" | "End") {
                        event.prevent_default();
                        let next = if tab.get_untracked() == Tab::OpenAi { Tab::Raw } else { Tab::OpenAi };
                        tab.set(next);
                        let next_id = if next == Tab::OpenAi { "pe-tab-openai" } else { "pe-tab-raw" };
                        if let Some(element) = document().get_element_by_id(next_id) {
                            use wasm_bindgen::JsCast;
                            if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
                                let _ = element.focus();
                            }
                        }
                    }
                }
            >
                {tr(label)}
            </button>
        }
    };

    let copy_label = move || match copy_state.get() {
        CopyState::Idle => tr(Text::Copy)(),
        CopyState::Copied => tr(Text::Copied)(),
        CopyState::Failed => tr(Text::CopyFailed)(),
    };
    let warning_count = warnings.len();
    view! {
        <aside class="pe-panel" aria-label=tr(Text::ProtocolPanel)>
            <div class="pe-panel__bar">
                <div role="tablist" class="pe-tabs" aria-label=tr(Text::ProtocolPanel)>
                    {tab_button(Tab::OpenAi, "pe-tab-openai", "pe-tabpanel-openai", Text::OpenAiFormat)}
                    {tab_button(Tab::Raw, "pe-tab-raw", "pe-tabpanel-raw", Text::RawProtocol)}
                </div>
                <div class="pe-panel__actions">
                    <button
                        type="button"
                        class="pe-button"
                        class:pe-button--ok=move || copy_state.get() == CopyState::Copied
                        class:pe-button--bad=move || copy_state.get() == CopyState::Failed
                        data-testid="copy"
                        on:click=copy
                    >
                        {copy_label}
                    </button>
                    <button type="button" class="pe-button" data-testid="download" on:click=download>
                        {tr(Text::Download)}
                    </button>
                </div>
            </div>
            <p class="pe-sr-only" aria-live="polite">
                {move || if copy_state.get() == CopyState::Idle { String::new() } else { copy_label() .to_owned() }}
            </p>
            <div
                role="tabpanel"
                id="pe-tabpanel-openai"
                class="pe-tabpanel"
                aria-labelledby="pe-tab-openai"
                hidden=move || tab.get() != Tab::OpenAi
            >
                {if warning_count == 0 {
                    view! { <p class="pe-panel__ok" data-testid="export-warnings">{tr(Text::NoWarnings)}</p> }.into_any()
                } else {
                    view! { <IssueList issues=warnings title=Text::ExportWarnings testid="export-warnings" /> }.into_any()
                }}
                <JsonView json=export_json testid="export-openai" />
            </div>
            <div
                role="tabpanel"
                id="pe-tabpanel-raw"
                class="pe-tabpanel"
                aria-labelledby="pe-tab-raw"
                hidden=move || tab.get() != Tab::Raw
            >
                <JsonView json=raw_json testid="export-raw" />
            </div>
        </aside>
    }
}
