//! One envelope on screen: the chat column and the protocol panel side by side (spec §7.3).
//! Used for the demos and for the user's own envelope alike.

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;

use super::{IssueList, MessageView, PanelTab, ProtocolPanel, tr, use_lang};
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
    let Some(envelope) = model.envelope.clone() else {
        return view! {
            <main class="pe-layout" data-demo=id>
                <section class="pe-chat pe-fatal">
                    <div role="alert">
                        <h2>{tr(Text::CannotRead)}</h2>
                        <IssueList issues=model.issues.clone() title=Text::ValidationIssues open=true />
                    </div>
                    <pre class="pe-fatal__source">{model.raw_json.clone()}</pre>
                </section>
            </main>
        }
        .into_any();
    };
    let collapse = collapse.unwrap_or_default();
    collapse.sync(&envelope);
    let variables: Arc<HashMap<String, String>> = Arc::new(model.variables.clone());
    let segment_count = model.segment_count();
    let messages = envelope
        .messages
        .into_iter()
        .enumerate()
        .map(|(index, entry)| {
            view! {
                <MessageView index=index entry=entry collapse=collapse variables=variables.clone() />
            }
        })
        .collect_view();
    let lang = use_lang();
    view! {
        <main class="pe-layout" data-demo=id>
            <section class="pe-chat" aria-label=tr(Text::Chat)>
                <div class="pe-chat__toolbar">
                    <span class="pe-chat__count">
                        {move || lang.get().count(segment_count, Noun::Segment)}
                    </span>
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
                <IssueList
                    issues=model.issues.clone()
                    title=Text::ValidationIssues
                    testid="validation-issues"
                />
                <ol class="pe-messages">{messages}</ol>
            </section>
            <ProtocolPanel
                tab=tab.unwrap_or_else(|| RwSignal::new(PanelTab::OpenAi))
                file_stem=file_stem
                export_json=model.export_json.clone()
                raw_json=model.raw_json.clone()
                warnings=model.export_warnings.clone()
            />
        </main>
    }
    .into_any()
}
