//! A search box over the whole envelope: find-in-page cannot see the messages a long,
//! windowed conversation has not rendered, so the engine searches the data instead and the
//! list jumps to each hit (unfolding it and scrolling it into view).

use std::time::Duration;

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::model::Request;
use pep_view::text::Text;

use crate::state::doc::{Doc, Hits};
use crate::state::engine::use_engine;
use crate::state::lang::tr;

/// How long typing must pause before searching (a search reads every text of the envelope).
const DEBOUNCE: Duration = Duration::from_millis(200);

/// The search's state: the query, the current hit, and the bookkeeping that keeps late
/// answers and timers from acting on a newer query (Copy, for the handlers).
#[derive(Clone, Copy)]
struct Search {
    doc: Doc,
    target: RwSignal<Option<SegmentRef>>,
    hits: ReadSignal<Hits>,
    query: RwSignal<String>,
    current: RwSignal<usize>,
    /// Typing changed the query and its answer has not come yet.
    pending: RwSignal<bool>,
    /// The number of the latest search sent.
    searches: StoredValue<u32>,
    /// Each keystroke restarts the pause; an older timer must not search.
    edits: StoredValue<u64>,
}

impl Search {
    fn new(doc: Doc, target: RwSignal<Option<SegmentRef>>) -> Search {
        Search {
            doc,
            target,
            hits: doc.hits(),
            query: RwSignal::new(String::new()),
            current: RwSignal::new(0),
            pending: RwSignal::new(false),
            searches: StoredValue::new(0),
            edits: StoredValue::new(0),
        }
    }

    /// Makes hit `position` the current one and brings it into view.
    fn go(self, position: usize) {
        let key = self
            .hits
            .with_untracked(|hits| hits.keys.get(position).copied());
        if let Some(key) = key {
            self.current.set(position);
            self.target.set(Some(key));
        }
    }

    /// The answer to the latest search arrived: show its first hit.
    fn answered(self) {
        let answered = self.hits.with(|hits| hits.seq);
        if answered == 0 || answered != self.searches.get_value() || !self.pending.get_untracked() {
            return;
        }
        self.pending.set(false);
        self.current.set(0);
        if self.hits.with_untracked(|hits| hits.keys.is_empty()) {
            self.target.set(None);
        } else {
            self.go(0);
        }
    }

    /// Sends the query to the engine.
    fn run(self) {
        let seq = self.searches.get_value() + 1;
        self.searches.set_value(seq);
        self.pending.set(true);
        let request = Request::Search {
            doc: self.doc.fixed().doc,
            seq,
            query: self.query.get_untracked(),
        };
        self.doc.request(&use_engine(), request);
    }

    /// The query was edited: search once typing pauses.
    fn typed(self, text: String) {
        self.query.set(text);
        self.pending.set(true);
        let typed = self.edits.get_value() + 1;
        self.edits.set_value(typed);
        set_timeout(
            move || {
                let latest = self.edits.try_get_value() == Some(typed);
                if latest && self.pending.try_get_untracked() == Some(true) {
                    self.run();
                }
            },
            DEBOUNCE,
        );
    }

    /// Moves to the next or previous hit, round the end.
    fn step(self, forward: bool) {
        let len = self.hits.with_untracked(|hits| hits.keys.len());
        if len == 0 || self.pending.get_untracked() {
            return;
        }
        let now = self.current.get_untracked();
        self.go(if forward {
            (now + 1) % len
        } else {
            (now + len - 1) % len
        });
    }

    fn keydown(self, event: &leptos::ev::KeyboardEvent) {
        match event.key().as_str() {
            // Enter right after typing searches at once instead of stepping through old hits.
            "Enter" if self.pending.get_untracked() => {
                event.prevent_default();
                self.run();
            }
            "Enter" => {
                event.prevent_default();
                self.step(!event.shift_key());
            }
            "Escape" => {
                self.query.set(String::new());
                self.pending.set(false);
                self.searches.set_value(self.searches.get_value() + 1);
                self.target.set(None);
            }
            _ => {}
        }
    }

    fn status(self) -> String {
        let query_blank = self.query.with(|q| q.trim().is_empty());
        self.hits
            .with(|hits| status_text(hits, query_blank, self.pending.get(), self.current.get()))
    }

    /// Nothing to step through.
    fn none(self) -> bool {
        self.pending.get() || self.hits.with(|hits| hits.keys.is_empty())
    }
}

/// The search box, its hit counter and previous / next buttons.
#[component]
pub fn SearchBar(
    /// The envelope to search.
    doc: Doc,
    /// Set to the current hit, which the message list brings into view.
    target: RwSignal<Option<SegmentRef>>,
) -> impl IntoView {
    let search = Search::new(doc, target);
    Effect::new(move |_| search.answered());
    let none = move || search.none();
    view! {
        <div class="pe-search" role="search">
            <input
                type="search"
                class="pe-search__input"
                data-testid="search"
                aria-label=tr(Text::Search)
                placeholder=tr(Text::SearchPlaceholder)
                prop:value=move || search.query.get()
                on:input=move |event| search.typed(event_target_value(&event))
                on:keydown=move |event| search.keydown(&event)
            />
            <span class="pe-search__status" role="status" data-testid="search-status">
                {move || search.status()}
            </span>
            {step_button(Text::SearchPrevious, "↑", none, move || search.step(false))}
            {step_button(Text::SearchNext, "↓", none, move || search.step(true))}
        </div>
    }
}

/// The hit counter: "3 / 17", "3 / 10000+" when capped, "…" while a search is pending.
fn status_text(hits: &Hits, query_blank: bool, pending: bool, current: usize) -> String {
    if query_blank {
        String::new()
    } else if pending {
        "…".to_owned()
    } else if hits.total == 0 {
        tr(Text::NoMatches)().to_owned()
    } else {
        let more = if hits.total > hits.keys.len() {
            "+"
        } else {
            ""
        };
        format!("{} / {}{more}", current + 1, hits.keys.len())
    }
}

/// A previous / next button, disabled while there is nothing to step through.
fn step_button(
    label: Text,
    arrow: &'static str,
    disabled: impl Fn() -> bool + Send + Sync + 'static,
    on_press: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="pe-button pe-search__step"
            aria-label=tr(label)
            title=tr(label)
            disabled=disabled
            on:click=move |_| on_press()
        >
            {arrow}
        </button>
    }
}
