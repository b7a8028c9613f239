//! One export's tab panel: its warnings, its request checks, how to send it, and the request;
//! "Preparing…" until the engine has made it.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;
use pep_view::model::{ExportView, IssuesView};
use pep_view::panel_tab::PanelTab;
use pep_view::text::Text;

use super::SendCode;
use crate::components::widgets::{IssueList, JsonText, JsonView};
use crate::state::doc::Doc;
use crate::state::lang::tr;
use crate::state::options::use_wrap;

/// The tab panel of `format`'s export.
#[component]
pub fn ExportTab(
    /// The open tab.
    tab: RwSignal<PanelTab>,
    /// Which export.
    format: Format,
    /// The envelope shown.
    doc: Doc,
    /// The file name Download gives it.
    file_name: String,
    /// Set when this tab's turn to be built out of view has come (one tab a task, once the
    /// page has painted).
    turn: Signal<bool>,
) -> impl IntoView {
    let which = PanelTab::Export(format);
    let file_name = StoredValue::new(file_name);
    // Built when in view, or when its turn comes; then kept.
    let shown = Memo::new(move |was: Option<&bool>| {
        was.copied().unwrap_or(false) || tab.get() == which || turn.get()
    });
    // Out of view while stepping, a tab keeps what it shows until it is opened again: a move
    // rebuilds the tab in view only.
    let export = Memo::new(move |was: Option<&Option<Shared>>| {
        let latest = doc.shown_export(format).map(|(step, e)| Shared(step, e));
        match was {
            Some(Some(kept)) if tab.get() != which && doc.stepping() => Some(kept.clone()),
            _ => latest,
        }
    });
    let content = move || {
        if !shown.get() {
            return None;
        }
        Some(match export.get() {
            Some(Shared(step, export)) => {
                // What the step added is marked once the user steps (DECISIONS §13).
                let added = doc
                    .stepping()
                    .then(|| export.links.lines_of_message(step.checked_sub(1)?))
                    .flatten();
                export_content(export, file_name.get_value(), added).into_any()
            }
            None => view! {
                <p class="pe-panel__ok" role="status" data-testid="export-preparing">
                    {tr(Text::Preparing)}
                </p>
            }
            .into_any(),
        })
    };
    view! {
        <div
            role="tabpanel"
            id=which.panel_id()
            class="pe-tabpanel"
            tabindex="0"
            aria-labelledby=which.id()
            aria-busy=move || (!doc.export_is_current(format)).to_string()
            hidden=move || tab.get() != which
        >
            {content}
        </div>
    }
}

/// An export shared with the document, with the step it was made for, compared by identity
/// (a new one is a new export).
#[derive(Clone)]
struct Shared(usize, Arc<ExportView>);

impl PartialEq for Shared {
    fn eq(&self, other: &Shared) -> bool {
        Arc::ptr_eq(&self.1, &other.1)
    }
}

/// What an export's tab shows; `added`, the lines a step added, is marked.
fn export_content(
    export: Arc<ExportView>,
    file_name: String,
    added: Option<(usize, usize)>,
) -> impl IntoView {
    let hooks = export.format.hooks();
    let (warnings_id, json_id) = (hooks.warnings, hooks.request);
    let warnings = if export.warnings.is_empty() {
        view! { <p class="pe-panel__ok" data-testid=warnings_id>{tr(Text::NoWarnings)}</p> }
            .into_any()
    } else {
        view! {
            <IssueList issues=export.warnings.clone() title=Text::ExportWarnings testid=warnings_id open=true />
        }
        .into_any()
    };
    let json = JsonText {
        text: Arc::clone(&export.text),
        line_starts: Arc::from(export.line_starts.as_slice()),
        links: Some(Arc::new(export.links.clone())),
        added,
    };
    view! {
        {warnings}
        {request_checks(export.format, export.checks.clone())}
        <SendCode format=export.format json=Arc::clone(&export.text) file_name=file_name model=export.model.clone() />
        <JsonView json=json testid=json_id wrap=use_wrap() />
    }
}

/// The request checks of an HTTP API's tab (an MCP prompt and a trace have none to pass).
fn request_checks(format: Format, checks: IssuesView) -> impl IntoView {
    let Some(testid) = format.hooks().checks else {
        return ().into_any();
    };
    if checks.is_empty() {
        return view! { <p class="pe-panel__ok" data-testid=testid>{tr(Text::RequestChecksOk)}</p> }
            .into_any();
    }
    view! { <IssueList issues=checks title=Text::RequestChecks testid=testid open=true /> }
        .into_any()
}
