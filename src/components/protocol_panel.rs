//! The protocol panel (spec §7.3): the exact OpenAI request and the raw protocol, with Copy
//! and Download, and the export warnings. Both tab panels stay in the page; the inactive one is
//! `hidden`.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use pep_core::Issue;
use wasm_bindgen::JsCast;

use super::{IssueList, JsonView, tr};
use crate::browser;
use crate::i18n::Text;
use crate::raw_text::RawText;

/// Which tab of the protocol panel is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelTab {
    /// The OpenAI Chat Completions request.
    OpenAi,
    /// The envelope as written.
    Raw,
}

impl PanelTab {
    /// The tab button's element id.
    fn id(self) -> &'static str {
        match self {
            PanelTab::OpenAi => "pe-tab-openai",
            PanelTab::Raw => "pe-tab-raw",
        }
    }

    /// The tab panel's element id.
    fn panel_id(self) -> &'static str {
        match self {
            PanelTab::OpenAi => "pe-tabpanel-openai",
            PanelTab::Raw => "pe-tabpanel-raw",
        }
    }

    /// The tab a key moves to from `self` (WAI-ARIA tabs pattern), if the key is a tab key.
    fn after_key(self, key: &str) -> Option<PanelTab> {
        match key {
            "ArrowLeft" | "ArrowRight" => Some(match self {
                PanelTab::OpenAi => PanelTab::Raw,
                PanelTab::Raw => PanelTab::OpenAi,
            }),
            "Home" => Some(PanelTab::OpenAi),
            "End" => Some(PanelTab::Raw),
            _ => None,
        }
    }
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
    /// The open tab.
    tab: RwSignal<PanelTab>,
    /// File name without extension, e.g. `demo-f`: downloads are `demo-f.openai.json` and
    /// `demo-f.json`.
    file_stem: String,
    /// The OpenAI request JSON, as `pep export` prints it.
    #[prop(into)]
    export_json: Arc<str>,
    /// The envelope's raw JSON, pretty-printed (made when first needed for a large source).
    raw_json: RawText,
    /// Export warnings.
    warnings: Vec<Issue>,
) -> impl IntoView {
    let copy_state = RwSignal::new(CopyState::Idle);
    // Each copy restarts the feedback timer; an older timer must not clear a newer message.
    let copies = StoredValue::new(0_u64);
    // Shared, not copied: each text can be megabytes.
    let texts = StoredValue::new((Arc::clone(&export_json), raw_json.clone()));
    let current_text = move || {
        texts.with_value(|(openai, raw)| match tab.get_untracked() {
            PanelTab::OpenAi => Arc::clone(openai),
            PanelTab::Raw => raw.text(),
        })
    };
    // The Raw tab's text is put in the page once it is ready or the tab is first opened.
    let raw_ready = raw_json.is_ready();
    let raw_shown = Memo::new(move |shown: Option<&bool>| {
        raw_ready || shown.copied().unwrap_or(false) || tab.get() == PanelTab::Raw
    });

    let copy = move |_| {
        let text = current_text();
        let generation = copies.get_value() + 1;
        copies.set_value(generation);
        leptos::task::spawn_local(async move {
            let state = match browser::copy_text(&text).await {
                Ok(()) => CopyState::Copied,
                Err(_) => CopyState::Failed,
            };
            copy_state.try_set(state);
            set_timeout(
                move || {
                    if copies.try_get_value() == Some(generation) {
                        copy_state.try_set(CopyState::Idle);
                    }
                },
                Duration::from_secs(2),
            );
        });
    };
    let stem = StoredValue::new(file_stem);
    let download = move |_| {
        let name = stem.with_value(|stem| match tab.get_untracked() {
            PanelTab::OpenAi => format!("{stem}.openai.json"),
            PanelTab::Raw => format!("{stem}.json"),
        });
        let _ = browser::download(&name, &format!("{}\n", current_text()), "application/json");
    };

    let tab_button = move |which: PanelTab, label: Text| {
        view! {
            <button
                type="button"
                role="tab"
                id=which.id()
                class="pe-tab"
                aria-selected=move || (tab.get() == which).to_string()
                aria-controls=which.panel_id()
                tabindex=move || if tab.get() == which { "0" } else { "-1" }
                on:click=move |_| tab.set(which)
                on:keydown=move |event: leptos::ev::KeyboardEvent| {
                    let Some(next) = tab.get_untracked().after_key(&event.key()) else { return };
                    event.prevent_default();
                    tab.set(next);
                    let element = document().get_element_by_id(next.id());
                    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                        let _ = element.focus();
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
    let warnings_view = if warnings.is_empty() {
        view! { <p class="pe-panel__ok" data-testid="export-warnings">{tr(Text::NoWarnings)}</p> }
            .into_any()
    } else {
        view! {
            <IssueList issues=warnings title=Text::ExportWarnings testid="export-warnings" open=true />
        }
        .into_any()
    };
    view! {
        <section class="pe-panel" aria-label=tr(Text::ProtocolPanel)>
            <div class="pe-panel__bar">
                <div role="tablist" class="pe-tabs" aria-label=tr(Text::ProtocolPanel)>
                    {tab_button(PanelTab::OpenAi, Text::OpenAiFormat)}
                    {tab_button(PanelTab::Raw, Text::RawProtocol)}
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
                {move || match copy_state.get() {
                    CopyState::Idle => "",
                    CopyState::Copied | CopyState::Failed => copy_label(),
                }}
            </p>
            <div
                role="tabpanel"
                id=PanelTab::OpenAi.panel_id()
                class="pe-tabpanel"
                tabindex="0"
                aria-labelledby=PanelTab::OpenAi.id()
                hidden=move || tab.get() != PanelTab::OpenAi
            >
                {warnings_view}
                <JsonView json=export_json testid="export-openai" />
            </div>
            <div
                role="tabpanel"
                id=PanelTab::Raw.panel_id()
                class="pe-tabpanel"
                tabindex="0"
                aria-labelledby=PanelTab::Raw.id()
                hidden=move || tab.get() != PanelTab::Raw
            >
                {move || raw_shown.get().then(|| {
                    let raw = texts.with_value(|(_, raw)| raw.text());
                    view! { <JsonView json=raw testid="export-raw" /> }
                })}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::PanelTab;

    #[test]
    fn tab_keys_follow_the_aria_pattern() {
        assert_eq!(
            PanelTab::OpenAi.after_key("ArrowRight"),
            Some(PanelTab::Raw)
        );
        assert_eq!(PanelTab::Raw.after_key("ArrowLeft"), Some(PanelTab::OpenAi));
        assert_eq!(PanelTab::OpenAi.after_key("Home"), Some(PanelTab::OpenAi));
        assert_eq!(PanelTab::OpenAi.after_key("End"), Some(PanelTab::Raw));
        assert_eq!(PanelTab::Raw.after_key("Enter"), None);
    }
}
