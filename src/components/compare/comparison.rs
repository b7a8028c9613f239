//! Two sides compared (DECISIONS §13): both opened by the engine, then compared there; the
//! summary, each format's prompt cache with the break marked in both sides' JSON, and the
//! messages aligned, runs of same ones folded.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::model::compare::CompareView;
use pep_view::model::{IssuesView, Request, Response};
use pep_view::panel_tab::PanelTab;
use pep_view::text::Text;

use super::{CacheReport, DiffRows, DiffSummary};
use crate::components::shell::{Shown, Source, open};
use crate::components::widgets::IssueList;
use crate::state::compare::CompareSide;
use crate::state::doc::Doc;
use crate::state::engine::{EngineLink, use_engine};
use crate::state::lang::tr;

/// What the comparison has so far.
#[derive(Clone)]
enum State {
    Opening,
    Unreadable(String, IssuesView),
    /// Both documents (boxed: a `Doc` is large) and their comparison.
    Ready(Box<(Doc, Doc)>, Arc<CompareView>),
}

/// The comparison of `a` with `b`.
#[component]
pub fn Comparison(
    /// Side A.
    a: CompareSide,
    /// Side B.
    b: CompareSide,
) -> impl IntoView {
    let state = RwSignal::new(State::Opening);
    let sides = RwSignal::new((None::<Doc>, None::<Doc>));
    let owner = Owner::current().unwrap_or_default();
    let engine = use_engine();
    for (index, side) in [a, b].into_iter().enumerate() {
        let label = side.label;
        let source = Source {
            text: side.text,
            recognise: true,
        };
        let shown = move |_, shown| match shown {
            Shown::Envelope(doc) => sides.update(|pair| {
                if index == 0 {
                    pair.0 = Some(doc);
                } else {
                    pair.1 = Some(doc);
                }
            }),
            Shown::Unreadable(issues, _) | Shown::Requests(issues, _) => {
                state.set(State::Unreadable(label.clone(), issues))
            }
        };
        let id = open(
            &engine,
            source,
            PanelTab::ALL[0],
            owner.child(),
            |_, _| {},
            shown,
        );
        on_cleanup(move || engine.forget(id));
    }
    compare_once_open(engine, sides, state);
    move || match state.get() {
        State::Opening => view! {
            <p class="pe-panel__ok" role="status">{tr(Text::Preparing)}</p>
        }
        .into_any(),
        // Why, with the JSON paths; the side's text is the user's, still where it came from.
        State::Unreadable(label, issues) => view! {
            <div role="alert" class="pe-compare__error" data-testid="compare-unreadable">
                <p>{tr(Text::CannotRead)}": "{label}</p>
                <IssueList issues=issues title=Text::ValidationIssues open=true />
            </div>
        }
        .into_any(),
        State::Ready(docs, compared) => {
            let (first, second) = *docs;
            view! {
            {side_issues(first, "A")}
            {side_issues(second, "B")}
            <DiffSummary compared=Arc::clone(&compared) />
            <CacheReport compared=Arc::clone(&compared) a=first b=second />
            <DiffRows compared=compared />
            }
            .into_any()
        }
    }
}

/// A side's validation issues, with their JSON paths, when it has any: it is compared as it
/// is, and the user should know it is not a valid envelope.
fn side_issues(doc: Doc, name: &'static str) -> Option<impl IntoView + use<>> {
    let issues = doc.fixed().issues.clone();
    (!issues.is_empty()).then(|| {
        view! {
            <div class="pe-compare__issues" data-testid=format!("compare-issues-{}", name.to_lowercase())>
                <h3>{name}</h3>
                <IssueList issues=issues title=Text::ValidationIssues />
            </div>
        }
    })
}

/// Once both sides are open: compares them in the engine, which keeps both documents.
fn compare_once_open(
    engine: EngineLink,
    sides: RwSignal<(Option<Doc>, Option<Doc>)>,
    state: RwSignal<State>,
) {
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        let (Some(first), Some(second)) = sides.get() else {
            return false;
        };
        let id = engine.register(move |response| {
            if let Response::Compared { compare, .. } = response {
                state.set(State::Ready(Box::new((first, second)), Arc::new(*compare)));
            }
        });
        engine.send(Request::Compare {
            doc: id,
            a: first.fixed().doc,
            b: second.fixed().doc,
        });
        on_cleanup(move || engine.forget(id));
        true
    });
}
