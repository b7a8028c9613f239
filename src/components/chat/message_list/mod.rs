//! The chat column's messages. A short conversation renders every message; a long one renders
//! only the messages near the viewport, with two spacers standing in for the rest, so the DOM
//! stays small at any length and a fold toggle touches only its own segment. A row whose
//! model has not arrived from the engine yet keeps its estimated height until it does.

mod jump;
mod window;

use std::ops::Range;

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::windowing::{WINDOW_FROM, px};

use super::MessageView;
use crate::platform;
use crate::state::collapse::Collapse;
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::linking::use_linking;
use jump::follow_target;
use window::{GAP_PX, Window};

/// How tall a first screen is at most, in pixels: the page's first list renders the messages
/// estimated to fill it in the mount's task, and the rest a task later.
const FIRST_SCREEN_PX: f64 = 1_600.0;

thread_local! {
    /// Whether a list has been built yet: only the page's first one is built in two tasks
    /// (a later one takes the place of one on screen and is built whole, so nothing blinks).
    static FIRST_BUILT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The messages of one envelope.
#[component]
pub fn MessageList(
    /// The envelope shown.
    doc: Doc,
    /// Fold state of the envelope's segments.
    collapse: Collapse,
    /// A segment to bring into view and highlight; set it to jump.
    target: RwSignal<Option<SegmentRef>>,
) -> impl IntoView {
    let count = doc.len();
    let windowed = count >= WINDOW_FROM;
    let engine = use_engine();
    let window = Window::new(&doc.fixed().heights, windowed, doc);
    if !windowed && !FIRST_BUILT.replace(true) {
        first_screen_first(window, &doc.fixed().heights);
    }
    if windowed {
        window.follow_the_viewport(doc, engine);
    }
    follow_target(window, doc, target, collapse, windowed, engine);
    // Only the messages of the step shown (DECISIONS §13; all of them unless stepping).
    let rows = move || {
        let Range { start, end } = window.range.get();
        let shown = doc.step();
        (start.min(shown)..end.min(shown)).collect::<Vec<_>>()
    };
    if windowed {
        // A new step changes how tall the list is: place the window again, and say the new
        // number of messages on the rows already there (new rows are made with it).
        Effect::new(move |_| {
            let shown = doc.step();
            window.place();
            if let Some(list) = window.list() {
                platform::dom::set_all(&list, "[aria-setsize]", "aria-setsize", &shown.to_string());
            }
        });
    }
    let row =
        move |index: usize| {
            // A stepped list has as many messages as the step shows.
            let set_size = windowed.then(|| doc.step_untracked());
            // Re-rendered only when its model arrives, not whenever any model does: the model is
            // read untracked (a rebuild would also reset what the row's elements were given since,
            // such as a jump's mark).
            let loaded = Memo::new(move |_| doc.message(index).is_some());
            move || {
                match loaded.get().then(|| untrack(|| doc.message(index))).flatten() {
            Some(message) => view! {
                <MessageView
                    index=index
                    message=message
                    collapse=collapse
                    set_size=set_size
                    target=Some(target)
                />
            }
            .into_any(),
            None => view! {
                <li class="pe-message pe-message--loading" data-index=index aria-busy="true"></li>
            }
            .into_any(),
        }
            }
        };
    view! {
        <ol
            class="pe-messages"
            class:pe-messages--windowed=windowed
            node_ref=window.list_ref
            on:mouseover=move |event| hover(&event)
            on:focusin=move |event| hover(&event)
            on:mouseleave=move |_| leave()
            on:focusout=move |_| leave()
        >
            {windowed.then(|| spacer(window, true))}
            <For each=rows key=|index| *index children=row />
            {windowed.then(|| spacer(window, false))}
        </ol>
    }
}

/// Renders the messages estimated to fill a first screen now and the rest a task later, so the
/// start's task holds less than the whole conversation (issue 23: no task over 50 ms).
fn first_screen_first(window: Window, heights: &[u32]) {
    let mut filled = 0.0;
    let first = heights
        .iter()
        .take_while(|height| {
            let fits = filled < FIRST_SCREEN_PX;
            filled += f64::from(**height) + GAP_PX;
            fits
        })
        .count();
    if first >= heights.len() {
        return;
    }
    let all = window.range.get_untracked();
    window.range.set(0..first);
    set_timeout(
        move || {
            window.range.try_set(all);
        },
        std::time::Duration::ZERO,
    );
}

fn spacer(window: Window, above: bool) -> impl IntoView {
    view! {
        <li
            class="pe-messages__spacer"
            aria-hidden="true"
            style:height=move || {
                let (top, bottom) = window.spacers.get();
                format!("{}px", px(if above { top } else { bottom }))
            }
        ></li>
    }
}

/// Marks the segment under the pointer or focus, for linking to the panel.
fn hover(event: &leptos::ev::Event) {
    if let Some(linking) = use_linking() {
        let key = platform::dom::segment_of_event(event);
        if linking.hovered.get_untracked() != key {
            linking.hovered.set(key);
        }
    }
}

fn leave() {
    if let Some(linking) = use_linking().filter(|l| l.hovered.get_untracked().is_some()) {
        linking.hovered.set(None);
    }
}
