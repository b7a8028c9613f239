//! Two sources compared (DECISIONS §13): both opened by the engine, then compared there; the
//! summary (counts, ≈ token change per kind), each format's prompt cache with the break
//! marked in both sides' JSON, and the messages aligned, runs of same ones folded.

use leptos::prelude::*;
use pep_view::model::Response;
use pep_view::model::compare::CompareView as Compared;
use pep_view::panel_tab::PanelTab;
use pep_view::text::Text;

use super::document::{Shown, Source, open};
use std::sync::Arc;

use crate::components::chat::DiffRows;
use crate::components::panel::{CacheReport, DiffSummary};
use crate::components::widgets::{demo_text, side_label};
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::lang::tr;
use crate::state::shell::{CompareChoice, CompareSide};

/// What the comparison has so far.
#[derive(Clone)]
enum State {
    Opening,
    Unreadable(String),
    Ready(Arc<(Doc, Doc, Compared)>),
}

/// The comparison of `a` with `b`.
#[component]
pub fn CompareView(
    /// Side A.
    a: CompareSide,
    /// Side B.
    b: CompareSide,
) -> impl IntoView {
    let state = RwSignal::new(State::Opening);
    let sides = RwSignal::new((None::<Doc>, None::<Doc>));
    let owner = Owner::current().unwrap_or_default();
    let engine = use_engine();
    for (index, side) in [a.clone(), b.clone()].into_iter().enumerate() {
        let label = side.label.clone();
        let source = Source {
            text: side.text,
            recognise: true,
        };
        let tab = PanelTab::ALL[0];
        let shown = move |_, shown| match shown {
            Shown::Envelope(doc) => sides.update(|pair| {
                if index == 0 {
                    pair.0 = Some(doc);
                } else {
                    pair.1 = Some(doc);
                }
            }),
            Shown::Unreadable(..) => state.set(State::Unreadable(label.clone())),
        };
        let id = open(&engine, source, tab, owner.child(), |_, _| {}, shown);
        on_cleanup(move || engine.forget(id));
    }
    // Once both are open: compare them in the engine.
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        let (Some(first), Some(second)) = sides.get() else {
            return false;
        };
        let id = engine.register(move |response| {
            if let Response::Compared { compare, .. } = response {
                state.set(State::Ready(Arc::new((first, second, *compare))));
            }
        });
        let (a_id, b_id) = (first.fixed().doc, second.fixed().doc);
        engine.send(pep_view::model::Request::Compare {
            doc: id,
            a: a_id,
            b: b_id,
        });
        on_cleanup(move || engine.forget(id));
        true
    });
    let close = move |_| {
        if let Some(choice) = use_context::<CompareChoice>() {
            choice.0.set(None);
        }
        let _ = crate::platform::url::remove_query_param("compare");
    };
    let names = format!("A · {} ↔ B · {}", a.label, b.label);
    view! {
        <main class="pe-compare" data-testid="compare-view" aria-label=tr(Text::CompareTitle)>
            <div class="pe-compare__head">
                <h2 class="pe-compare__title">{tr(Text::CompareTitle)}</h2>
                <span class="pe-compare__names" data-testid="compare-names">{names}</span>
                <button type="button" class="pe-button" data-testid="compare-close" on:click=close>
                    {tr(Text::CompareClose)}
                </button>
            </div>
            {move || match state.get() {
                State::Opening => view! {
                    <p class="pe-panel__ok" role="status">{tr(Text::Preparing)}</p>
                }.into_any(),
                State::Unreadable(label) => view! {
                    <p role="alert" class="pe-compare__error">{tr(Text::CannotRead)}": "{label}</p>
                }.into_any(),
                State::Ready(ready) => {
                    let (first, second, ref compared) = *ready;
                    let compared = Arc::new(compared.clone());
                    view! {
                        <DiffSummary compared=Arc::clone(&compared) />
                        <CacheReport compared=Arc::clone(&compared) a=first b=second />
                        <DiffRows compared=compared />
                    }.into_any()
                }
            }}
        </main>
    }
}

/// Provides the comparison shown (none at first), opening `?compare=Y` next to `?demo=X` (Y a
/// demo, or `custom` for Your envelope); choosing another demo, or going back, ends it.
pub fn provide_compare(demo_id: RwSignal<String>) {
    let choice = RwSignal::new(None);
    provide_context(CompareChoice(choice));
    if let Some(other) = crate::platform::url::query_param("compare") {
        let first = demo_id.get_untracked();
        leptos::task::spawn_local(async move {
            let lang = crate::state::lang::use_lang().get_untracked();
            let b = if other == super::CUSTOM {
                crate::platform::storage::load_custom()
            } else {
                demo_text(&other).await
            };
            if let (Some(a), Some(b)) = (demo_text(&first).await, b) {
                let a = CompareSide {
                    label: side_label(lang, &first),
                    text: Arc::from(a),
                };
                let b = CompareSide {
                    label: side_label(lang, &other),
                    text: Arc::from(b),
                };
                choice.set(Some((a, b)));
            }
        });
    }
    Effect::new(move |was: Option<String>| {
        let now = demo_id.get();
        if was.is_some_and(|was| was != now) && choice.get_untracked().is_some() {
            choice.set(None);
            let _ = crate::platform::url::remove_query_param("compare");
        }
        now
    });
}
