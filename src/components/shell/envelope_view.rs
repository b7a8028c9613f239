//! One envelope on screen: the chat column and the protocol panel side by side (spec §7.3).
//! Used for the demos and for the user's own envelope alike.

use std::sync::Arc;

use leptos::prelude::*;

use crate::collapse::Collapse;
use crate::components::context_budget::{ContextBudget, MessageSizes};
use crate::components::incoming::Incoming;
use crate::components::linking::Linking;
use crate::components::{
    IssueList, MessageList, PanelChoice, PanelTab, ProtocolPanel, SearchBar, ShareButton, Shell,
    ViewSwitch, tr, use_lang, use_view_mode,
};
use crate::view_steps::{self, Step};
use crate::viewer::{ExportText, ViewModel};
use pep_view::text::{Noun, Text};

/// The chat view and protocol panel of one envelope source.
#[component]
pub fn EnvelopeView(
    /// The envelope JSON text, exactly as given (it may be invalid).
    #[prop(into)]
    source: Arc<str>,
    /// Download file name without extension, e.g. `demo-f`.
    #[prop(into)]
    file_stem: String,
    /// What is shown, for `data-demo` (a demo id, or `custom`).
    #[prop(into)]
    id: String,
    /// Fold state to keep across renders (the editor's view); a fresh one otherwise.
    #[prop(optional)]
    collapse: Option<Collapse>,
    /// The protocol panel's open tab, to keep across renders; a fresh one otherwise.
    #[prop(optional)]
    tab: Option<RwSignal<PanelTab>>,
) -> impl IntoView {
    let model = ViewModel::from_source(&source);
    let segment_count = model.segment_count();
    let later = model.later();
    let ViewModel {
        envelope,
        issues,
        exports,
        raw_json,
        variables,
        budget,
    } = model;
    let Some(envelope) = envelope else {
        return view! {
            <main class="pe-layout" data-demo=id>
                <section class="pe-chat pe-fatal">
                    <div role="alert">
                        <h2>{tr(Text::CannotRead)}</h2>
                        <IssueList issues=issues title=Text::ValidationIssues open=true />
                    </div>
                    <pre class="pe-fatal__source" tabindex="0">{raw_json.text().to_string()}</pre>
                </section>
            </main>
        }
        .into_any();
    };
    let message_count = envelope.messages.len();
    let collapse = collapse.unwrap_or_default();
    collapse.sync(&envelope);
    let envelope = Arc::new(envelope);
    // A large envelope's other exports and budget come after the first render (view_steps).
    let exports = RwSignal::new(exports);
    let budget = RwSignal::new(budget);
    provide_context(Memo::new(move |_| {
        budget.with(|budget| {
            budget
                .as_deref()
                .map(|b| MessageSizes::new(b, message_count))
        })
    }));
    finish_later(later, Arc::clone(&envelope), exports, budget);
    let target = RwSignal::new(None);
    // The chat and the panel's JSON point at each other through these.
    provide_context(Linking {
        hovered: RwSignal::new(None),
        target,
    });
    let view_mode = use_view_mode();
    // The panel's tab and whether it is shown come from the URL (or the host); a view of its
    // own (the editor's) keeps its tab across renders.
    let tab_prop = tab;
    let panel = Some(
        use_context::<PanelChoice>()
            .map(|choice| (choice.tab, choice.shown))
            .unwrap_or_else(|| (RwSignal::new(PanelTab::ALL[0]), RwSignal::new(true))),
    );
    view! {
        <main class="pe-layout" data-demo=id data-view=move || view_mode.get().as_str()>
            <section class="pe-chat" aria-label=tr(Text::Chat)>
                {toolbar(segment_count, Arc::clone(&envelope), target, collapse, &source, &file_stem, &id)}
                {move || budget.get().map(|budget| view! { <ContextBudget budget=budget /> })}
                <IssueList issues=issues title=Text::ValidationIssues testid="validation-issues" />
                <MessageList
                    envelope=envelope
                    collapse=collapse
                    variables=Arc::new(variables)
                    target=target
                />
            </section>
            {panel.map(|(tab, shown)| {
                let tab = tab_prop.unwrap_or(tab);
                move || shown.get().then(|| view! {
                    <ProtocolPanel
                        tab=tab
                        file_stem=file_stem.clone()
                        exports=exports
                        raw_json=raw_json.clone()
                    />
                })
            })}
        </main>
    }
    .into_any()
}

/// The chat's toolbar: the segment count, search, the view switch, fold all, Share and Edit a
/// copy.
fn toolbar(
    segment_count: usize,
    envelope: Arc<pep_core::Envelope>,
    target: RwSignal<Option<crate::collapse::SegmentKey>>,
    collapse: Collapse,
    source: &Arc<str>,
    file_stem: &str,
    id: &str,
) -> impl IntoView + use<> {
    let lang = use_lang();
    view! {
        <div class="pe-chat__toolbar">
            <span class="pe-chat__count">
                {move || lang.get().count(segment_count, Noun::Segment)}
            </span>
            <SearchBar envelope=envelope target=target />
            <ViewSwitch />
            <button
                type="button"
                class="pe-button"
                data-testid="expand-all"
                on:click=move |_| collapse.set_all(false)
            >
                {tr(Text::ExpandAll)}
            </button>
            <button
                type="button"
                class="pe-button"
                data-testid="collapse-all"
                on:click=move |_| collapse.set_all(true)
            >
                {tr(Text::CollapseAll)}
            </button>
            <ShareButton source=Arc::clone(source) file_stem=file_stem.to_owned() />
            {edit_copy(id, Arc::clone(source))}
        </div>
    }
}

/// "Edit a copy": opens the editor on this envelope, as if it had been opened as a file (so
/// the text it replaces can be undone, and nothing depends on the storage keeping it). Not for
/// the user's envelope itself, nor in embed mode.
fn edit_copy(id: &str, source: Arc<str>) -> impl IntoView + use<> {
    let shell = use_context::<Shell>()?;
    let Incoming(incoming) = use_context::<Incoming>()?;
    if shell.embed || id == crate::components::app::CUSTOM {
        return None;
    }
    let edit = move |_| {
        incoming.set(Some(Ok(source.to_string())));
        shell.open_custom.run(());
    };
    Some(view! {
        <button type="button" class="pe-button" data-testid="edit-copy" on:click=edit>
            {tr(Text::EditCopy)}
        </button>
    })
}

/// Runs a large envelope's later steps, each in a task of its own, into the view's signals
/// (which may be gone by then: the editor re-renders as the user types).
fn finish_later(
    later: &'static [Step],
    envelope: Arc<pep_core::Envelope>,
    exports: RwSignal<Vec<ExportText>>,
    budget: RwSignal<Option<Arc<pep_core::budget::Budget>>>,
) {
    if later.is_empty() {
        return;
    }
    leptos::task::spawn_local(async move {
        for step in later {
            crate::browser::next_task().await;
            let (Some(mut list), Some(mut made)) =
                (exports.try_get_untracked(), budget.try_get_untracked())
            else {
                return;
            };
            view_steps::run(&envelope, *step, &mut list, &mut made);
            exports.try_set(list);
            budget.try_set(made);
        }
    });
}
