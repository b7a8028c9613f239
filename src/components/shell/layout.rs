//! One envelope on screen: the chat column and the protocol panel side by side (spec §7.3),
//! the same for a demo, Your envelope, a shared or a hosted one. The chat and the visible
//! tab are built in the first render; the other tabs once the page has painted.

use leptos::prelude::*;
use pep_view::model::IssuesView;
use pep_view::panel_tab::PanelTab;
use pep_view::text::Text;

use crate::components::chat::{ContextBudget, MessageList, MessageSizes, Stepper, Toolbar};
use crate::components::panel::ProtocolPanel;
use crate::components::widgets::IssueList;
use crate::platform;
use crate::state::collapse::Collapse;
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::lang::tr;
use crate::state::linking::Linking;
use crate::state::options::{
    KeptStep, OpenTab, use_panel, use_presenter, use_step_ask, use_view_mode,
};

use super::deep_link::{DeepLinkNotice, follow_the_deep_link};
use super::{DemoNote, Note};

/// The chat view and protocol panel of one envelope.
#[component]
pub fn EnvelopeLayout(
    /// The envelope shown.
    doc: Doc,
    /// What is shown, for `data-demo` (a demo id, `custom`, `shared`, `hosted`).
    #[prop(into)]
    id: String,
    /// Download file name without extension, e.g. `demo-f`.
    #[prop(into)]
    file_stem: String,
    /// Fold state to keep across documents (the editor's view); a fresh one otherwise.
    #[prop(optional)]
    collapse: Option<Collapse>,
    /// The panel's open tab, to keep across documents; the app's otherwise.
    #[prop(optional)]
    tab: Option<RwSignal<PanelTab>>,
    /// A demo's presenter note (what to look at), shown in presenter mode.
    #[prop(optional)]
    note: Option<Note>,
) -> impl IntoView {
    provide_context(doc);
    let linking = Linking::provide();
    let collapse = collapse.unwrap_or_default();
    let count = doc.len();
    provide_context(Memo::new(move |_| {
        doc.budget().map(|budget| MessageSizes::new(&budget, count))
    }));
    let painted = RwSignal::new(false);
    platform::tasks::after_paint(move || {
        painted.try_set(true);
    });
    let view_mode = use_view_mode();
    let choice = use_panel();
    let tab = tab.unwrap_or(choice.tab);
    provide_context(OpenTab(tab));
    follow_the_step(doc, tab);
    let unopened = follow_the_deep_link(doc, linking);
    let issues = doc.fixed().issues.clone();
    let stem = file_stem.clone();
    let panel = move || {
        choice.shown.get().then(|| {
            view! {
                <ProtocolPanel tab=tab file_stem=stem.clone() doc=doc painted=painted.into() />
            }
        })
    };
    let demo = id.clone();
    let presenter = use_presenter();
    // Presenter mode: what to look at in this demo, above the chat.
    let note = move || {
        let note = note.clone().filter(|_| presenter.get())?;
        Some(view! { <DemoNote note=note /> })
    };
    view! {
        <main class="pe-layout" data-demo=demo data-view=move || view_mode.get().as_str()>
            <section class="pe-chat" aria-label=tr(Text::Chat)>
                {note}
                <DeepLinkNotice unopened=unopened />
                <Toolbar doc=doc id=id file_stem=file_stem collapse=collapse target=linking.target />
                <Stepper doc=doc />
                {move || doc.budget().map(|budget| view! { <ContextBudget budget=budget /> })}
                <IssueList issues=issues title=Text::ValidationIssues testid="validation-issues" />
                <MessageList doc=doc collapse=collapse target=linking.target />
            </section>
            {panel}
        </main>
    }
}

/// The step of `doc` (DECISIONS §13): takes the step asked for (`?step=`, a host's `set`),
/// keeps `?step=` in the URL (so a share link keeps it; none at the last step), and tells a
/// framing host every change.
fn follow_the_step(doc: Doc, tab: RwSignal<PanelTab>) {
    let asked = use_step_ask();
    let engine = use_engine();
    let count = doc.len();
    let kept = use_context::<KeptStep>();
    if let Some(step) = kept.and_then(|kept| kept.0.get_untracked()) {
        doc.set_step(&engine, step.min(count), tab.get_untracked());
    }
    Effect::new(move |_| {
        if let Some(step) = asked.get() {
            asked.set(None);
            doc.set_step(
                &engine,
                pep_view::step::clamp(step, count),
                tab.get_untracked(),
            );
        }
    });
    Effect::new(move |_| {
        let step = doc.step();
        if let Some(KeptStep(kept)) = kept {
            kept.set((step < count).then_some(step));
        }
        if step < count {
            let _ = platform::url::set_query_param("step", &step.to_string(), false);
        } else {
            let _ = platform::url::remove_query_param("step");
        }
        platform::embed::send_step(step, count);
    });
}

/// What shows for a source that is not an envelope at all: one error panel, and the input
/// as it is (never lost).
#[component]
pub fn UnreadablePanel(
    /// What is shown, for `data-demo`.
    #[prop(into)]
    id: String,
    /// Why it cannot be read.
    issues: IssuesView,
    /// The input.
    source: std::sync::Arc<str>,
) -> impl IntoView {
    view! {
        <main class="pe-layout" data-demo=id>
            <section class="pe-chat pe-fatal">
                <div role="alert">
                    <h2>{tr(Text::CannotRead)}</h2>
                    <IssueList issues=issues title=Text::ValidationIssues open=true />
                </div>
                <pre class="pe-fatal__source" tabindex="0">{source.to_string()}</pre>
            </section>
        </main>
    }
}
