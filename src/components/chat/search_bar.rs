//! A search box over the whole envelope: find-in-page cannot see the messages a long,
//! windowed conversation has not rendered, so the engine searches the data instead and the
//! list jumps to each hit (unfolding it and scrolling it into view).

use std::time::Duration;

use leptos::prelude::*;
use pep_core::SegmentRef;
use pep_view::model::Request;
use pep_view::text::Text;

use crate::state::doc::{Doc, Hits};
use crate::state::engine::use_engine;
use crate::state::lang::tr;

/// How long typing must pause before searching (a search reads every text of the envelope).
const DEBOUNCE: Duration = Duration::from_millis(200);

/// The search box, its hit counter and previous / next buttons.
#[component]
pub fn SearchBar(
    /// The envelope to search.
    doc: Doc,
    /// Set to the current hit, which the message list brings into view.
    target: RwSignal<Option<SegmentRef>>,
) -> impl IntoView {
    let engine = use_engine();
    let query = RwSignal::new(String::new());
    let current = RwSignal::new(0_usize);
    // Typing changed the query and its answer has not come yet.
    let pending = RwSignal::new(false);
    let searches = StoredValue::new(0_u32);
    // Each keystroke restarts the pause; an older timer must not search.
    let edits = StoredValue::new(0_u64);
    let hits = doc.hits();
    let go = move |position: usize| {
        let key = hits.with_untracked(|hits| hits.keys.get(position).copied());
        if let Some(key) = key {
            current.set(position);
            target.set(Some(key));
        }
    };
    // The answer to the latest search: show its first hit.
    Effect::new(move |_| {
        let answered = hits.with(|hits| hits.seq);
        if answered != 0 && answered == searches.get_value() && pending.get_untracked() {
            pending.set(false);
            current.set(0);
            if hits.with_untracked(|hits| hits.keys.is_empty()) {
                target.set(None);
            } else {
                go(0);
            }
        }
    });
    let run = move || {
        let seq = searches.get_value() + 1;
        searches.set_value(seq);
        pending.set(true);
        let doc_id = doc.fixed().doc;
        let query = query.get_untracked();
        doc.request(
            &engine,
            Request::Search {
                doc: doc_id,
                seq,
                query,
            },
        );
    };
    let on_input = move |event| {
        query.set(event_target_value(&event));
        pending.set(true);
        let typed = edits.get_value() + 1;
        edits.set_value(typed);
        set_timeout(
            move || {
                if edits.try_get_value() == Some(typed) && pending.try_get_untracked() == Some(true)
                {
                    run();
                }
            },
            DEBOUNCE,
        );
    };
    let step = move |forward: bool| {
        let len = hits.with_untracked(|hits| hits.keys.len());
        if len == 0 || pending.get_untracked() {
            return;
        }
        let now = current.get_untracked();
        go(if forward {
            (now + 1) % len
        } else {
            (now + len - 1) % len
        });
    };
    let on_keydown = move |event: leptos::ev::KeyboardEvent| match event.key().as_str() {
        // Enter right after typing searches at once instead of stepping through old hits.
        "Enter" if pending.get_untracked() => {
            event.prevent_default();
            run();
        }
        "Enter" => {
            event.prevent_default();
            step(!event.shift_key());
        }
        "Escape" => {
            query.set(String::new());
            pending.set(false);
            searches.set_value(searches.get_value() + 1);
            target.set(None);
        }
        _ => {}
    };
    let status = move || {
        let query_blank = query.with(|q| q.trim().is_empty());
        hits.with(|hits| status_text(hits, query_blank, pending.get(), current.get()))
    };
    let none = move || pending.get() || hits.with(|hits| hits.keys.is_empty());
    view! {
        <div class="pe-search" role="search">
            <input
                type="search"
                class="pe-search__input"
                data-testid="search"
                aria-label=tr(Text::Search)
                placeholder=tr(Text::SearchPlaceholder)
                prop:value=move || query.get()
                on:input=on_input
                on:keydown=on_keydown
            />
            <span class="pe-search__status" role="status" data-testid="search-status">{status}</span>
            {step_button(Text::SearchPrevious, "↑", none, move || step(false))}
            {step_button(Text::SearchNext, "↓", none, move || step(true))}
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
