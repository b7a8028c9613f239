//! One envelope on screen: the chat column and the protocol panel side by side (spec §7.3).
//! Used for the demos and for the user's own envelope alike.

use std::sync::Arc;

use leptos::prelude::*;

use super::context_budget::{ContextBudget, MessageSizes};
use super::linking::Linking;
use super::{
    IssueList, MessageList, PanelTab, ProtocolPanel, SearchBar, ViewSwitch, tr, use_lang,
    use_view_mode,
};
use crate::collapse::Collapse;
use crate::i18n::{Noun, Text};
use crate::viewer::ViewModel;

/// The chat view and protocol panel of one envelope source.
#[component]
pub fn EnvelopeView(
    /// The envelope JSON text, exactly as given (it may be invalid).
    #[prop(into)]
    source: String,
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
    // The source can be megabytes; everything below works from the model.
    drop(source);
    let segment_count = model.segment_count();
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
                    <pre class="pe-fatal__source">{raw_json.text().to_string()}</pre>
                </section>
            </main>
        }
        .into_any();
    };
    if let Some(budget) = &budget {
        provide_context(MessageSizes::new(budget, envelope.messages.len()));
    }
    let collapse = collapse.unwrap_or_default();
    collapse.sync(&envelope);
    let envelope = Arc::new(envelope);
    let target = RwSignal::new(None);
    // The chat and the panel's JSON point at each other through these.
    provide_context(Linking {
        hovered: RwSignal::new(None),
        target,
    });
    let lang = use_lang();
    let view_mode = use_view_mode();
    view! {
        <main class="pe-layout" data-demo=id data-view=move || view_mode.get().as_str()>
            <section class="pe-chat" aria-label=tr(Text::Chat)>
                <div class="pe-chat__toolbar">
                    <span class="pe-chat__count">
                        {move || lang.get().count(segment_count, Noun::Segment)}
                    </span>
                    <SearchBar envelope=envelope.clone() target=target />
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
                </div>
                {budget.map(|budget| view! { <ContextBudget budget=budget /> })}
                <IssueList issues=issues title=Text::ValidationIssues testid="validation-issues" />
                <MessageList
                    envelope=envelope
                    collapse=collapse
                    variables=Arc::new(variables)
                    target=target
                />
            </section>
            <ProtocolPanel
                tab=tab.unwrap_or_else(|| RwSignal::new(PanelTab::ALL[0]))
                file_stem=file_stem
                exports=exports
                raw_json=raw_json
            />
        </main>
    }
    .into_any()
}
