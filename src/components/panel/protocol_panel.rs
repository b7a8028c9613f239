//! The protocol panel (spec §7.3): the exact request for OpenAI, Anthropic and MCP, and the raw
//! protocol, each with Copy, Download and its export warnings; the two HTTP APIs also with
//! "Copy as cURL" and SDK code. Every tab panel stays in the page; the inactive ones are
//! `hidden`.

use std::sync::Arc;

use leptos::prelude::*;
use pep_core::Issue;
use pep_core::export::Format;
use wasm_bindgen::JsCast;

use crate::browser;
use crate::components::{CopyButton, IssueList, JsonView, PanelTab, SendCode, tr};
use crate::raw_text::RawText;
use crate::viewer::ExportText;
use pep_view::text::Text;

/// The protocol panel.
#[component]
pub fn ProtocolPanel(
    /// The open tab.
    tab: RwSignal<PanelTab>,
    /// File name without extension, e.g. `demo-f`: downloads are `demo-f.openai.json`, …, and
    /// `demo-f.json`.
    file_stem: String,
    /// The exports, in the tabs' order (a large envelope's Anthropic and MCP ones arrive
    /// after the first render).
    exports: RwSignal<Vec<ExportText>>,
    /// The envelope's raw JSON, pretty-printed (made when first needed for a large source).
    raw_json: RawText,
) -> impl IntoView {
    // Shared, not copied: each text can be megabytes.
    let raw = StoredValue::new(raw_json.clone());
    let current_text = Callback::new(move |()| match tab.get_untracked() {
        PanelTab::Raw => raw.with_value(RawText::text),
        PanelTab::Export(format) => exports.with_untracked(|list| {
            list.iter()
                .find(|export| export.format == format)
                .map_or_else(|| Arc::from(""), |export| Arc::clone(&export.json))
        }),
    });
    // The Raw tab's text is put in the page once it is ready or the tab is first opened.
    let raw_ready = raw_json.is_ready();
    let raw_shown = Memo::new(move |shown: Option<&bool>| {
        raw_ready || shown.copied().unwrap_or(false) || tab.get() == PanelTab::Raw
    });
    let stem = StoredValue::new(file_stem.clone());
    let download = move |_| {
        let name = stem.with_value(|stem| tab.get_untracked().file_name(stem));
        let text = current_text.run(());
        let _ = browser::download(&name, &format!("{text}\n"), "application/json");
    };

    let tab_button = move |which: PanelTab| {
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
                    let element = document().get_element_by_id(&next.id());
                    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                        let _ = element.focus();
                    }
                }
            >
                {tr(which.label())}
            </button>
        }
    };
    let export_panels = Format::ALL.map(|format| {
        let file_name = PanelTab::Export(format).file_name(&file_stem);
        // Each tab follows its own export only.
        let this = Memo::new(move |_| {
            exports.with(|list| list.iter().find(|export| export.format == format).cloned())
        });
        export_panel(tab, format, this, file_name)
    });
    view! {
        <section class="pe-panel" aria-label=tr(Text::ProtocolPanel) data-testid="panel">
            <div class="pe-panel__bar">
                <div role="tablist" class="pe-tabs" aria-label=tr(Text::ProtocolPanel)>
                    {PanelTab::ALL.map(tab_button)}
                </div>
                <div class="pe-panel__actions">
                    <CopyButton label=Text::Copy testid="copy" text=current_text />
                    <button type="button" class="pe-button" data-testid="download" on:click=download>
                        {tr(Text::Download)}
                    </button>
                </div>
            </div>
            {export_panels}
            <div
                role="tabpanel"
                id=PanelTab::Raw.panel_id()
                class="pe-tabpanel"
                tabindex="0"
                aria-labelledby=PanelTab::Raw.id()
                hidden=move || tab.get() != PanelTab::Raw
            >
                {move || raw_shown.get().then(|| {
                    let raw = raw.with_value(RawText::text);
                    view! { <JsonView json=raw testid="export-raw" /> }
                })}
            </div>
        </section>
    }
}

/// One export's tab panel: its warnings, how to send it, and the request; "Preparing…" until
/// a large envelope's export is made.
fn export_panel(
    tab: RwSignal<PanelTab>,
    format: Format,
    export: Memo<Option<ExportText>>,
    file_name: String,
) -> impl IntoView {
    let which = PanelTab::Export(format);
    let file_name = StoredValue::new(file_name);
    view! {
        <div
            role="tabpanel"
            id=which.panel_id()
            class="pe-tabpanel"
            tabindex="0"
            aria-labelledby=which.id()
            hidden=move || tab.get() != which
        >
            {move || match export.get() {
                Some(export) => export_content(export, file_name.get_value()).into_any(),
                None => view! {
                    <p class="pe-panel__ok" role="status" data-testid="export-preparing">
                        {tr(Text::Preparing)}
                    </p>
                }
                .into_any(),
            }}
        </div>
    }
}

/// What an export's tab shows.
fn export_content(export: ExportText, file_name: String) -> impl IntoView {
    // The OpenAI tab keeps the hook names it had before there were three formats.
    let (warnings_id, json_id) = match export.format {
        Format::OpenAi => ("export-warnings", "export-openai"),
        Format::Anthropic => ("export-warnings-anthropic", "export-anthropic"),
        Format::Mcp => ("export-warnings-mcp", "export-mcp"),
    };
    let warnings = if export.warnings.is_empty() {
        view! { <p class="pe-panel__ok" data-testid=warnings_id>{tr(Text::NoWarnings)}</p> }
            .into_any()
    } else {
        view! {
            <IssueList issues=export.warnings title=Text::ExportWarnings testid=warnings_id open=true />
        }
        .into_any()
    };
    let checks = request_checks(export.format, export.checks);
    view! {
        {warnings}
        {checks}
        <SendCode format=export.format json=Arc::clone(&export.json) file_name=file_name />
        <JsonView json=export.json testid=json_id links=export.links />
    }
}

/// The request checks of an HTTP API's tab (an MCP prompt has none to pass).
fn request_checks(format: Format, checks: Vec<Issue>) -> impl IntoView {
    let testid = match format {
        Format::OpenAi => "request-checks-openai",
        Format::Anthropic => "request-checks-anthropic",
        Format::Mcp => return ().into_any(),
    };
    if checks.is_empty() {
        return view! { <p class="pe-panel__ok" data-testid=testid>{tr(Text::RequestChecksOk)}</p> }
            .into_any();
    }
    view! { <IssueList issues=checks title=Text::RequestChecks testid=testid open=true /> }
        .into_any()
}
