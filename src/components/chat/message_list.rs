//! The chat column's messages. A short conversation renders every message; a long one renders
//! only the messages near the viewport, with two spacers standing in for the rest, so the DOM
//! stays small at any length and a fold toggle touches only its own segment. A row whose
//! model has not arrived from the engine yet keeps its estimated height until it does.

use std::ops::Range;

use leptos::prelude::*;
use pep_core::{Place, SegmentRef};
use pep_view::windowing::{RowLayout, WINDOW_FROM, px};

use super::MessageView;
use crate::platform;
use crate::platform::resize_watch::ResizeWatch;
use crate::state::collapse::Collapse;
use crate::state::doc::Doc;
use crate::state::engine::{EngineLink, use_engine};
use crate::state::linking::use_linking;
use crate::state::options::use_open_tab;

/// How far beyond the viewport rows are kept rendered, in pixels, so that scrolling shows
/// rendered rows rather than blank space.
const OVERSCAN_PX: f64 = 900.0;
/// An upper bound on rendered rows, whatever the estimates say.
const MAX_ROWS: usize = 60;
/// Messages asked for beyond the rendered rows, on each side.
const PREFETCH: usize = 24;
/// The vertical gap between messages (`.pe-messages` in layout.css).
const GAP_PX: f64 = 14.0;
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

/// Jumps: unfold the segment, bring its message into the window (asking for its model),
/// then scroll to it once it is rendered. Focus stays where it is (the search box): the hit
/// is marked instead. A deep link's place (set just before the target) is marked as such,
/// and a message's place unfolds nothing.
fn follow_target(
    window: Window,
    doc: Doc,
    target: RwSignal<Option<SegmentRef>>,
    collapse: Collapse,
    windowed: bool,
    engine: EngineLink,
) {
    let deep = use_linking().map(|linking| linking.deep);
    // Each jump's number: a jump still waiting for its row, or keeping it in view, stops once
    // a newer one has begun.
    let jumps = StoredValue::new(0_u32);
    Effect::new(move |_| {
        let jump = jumps.try_update_value(|n| {
            *n = n.wrapping_add(1);
            *n
        });
        let Some(key) = target.get() else {
            if let Some(list) = window.list() {
                platform::viewport::clear_hits(&list);
            }
            return;
        };
        // A deep link's place is marked once: the next jump is an ordinary one.
        let place = deep
            .and_then(|deep| deep.try_update_value(Option::take).flatten())
            .filter(|place| place.segment() == key);
        // A segment not rendered yet has no signal: the deep link's mark unfolds it then.
        if !matches!(place, Some(Place::Message(_)))
            && let Some(signal) = collapse.existing(key)
        {
            signal.set(false);
        }
        // A segment beyond the step shown (a search hit, an issue): step on to its message.
        if key.message >= doc.step_untracked() {
            doc.set_step(&engine, key.message + 1, use_open_tab().get_untracked());
        }
        if windowed {
            doc.want(&engine, key.message..key.message + 1);
            window.scroll_to(key.message);
        }
        // The row may still wait for its model: reveal once it is rendered (once: models
        // arriving later must not pull the page back while the reader scrolls on).
        let revealed = StoredValue::new(false);
        Effect::new(move |_| {
            if revealed.get_value() || doc.message(key.message).is_none() {
                return;
            }
            revealed.set_value(true);
            let current = move || jump.is_some() && jumps.try_get_value() == jump;
            reveal_when_rendered(window, key, place, REVEAL_TRIES, current);
        });
    });
}

/// How many frames a jump waits for its row (a step moved forward grows the list a frame or
/// two after the jump began, and the window follows).
const REVEAL_TRIES: u8 = 60;

/// Reveals (or marks, for a deep link's place) segment `key` once its row is in the DOM, two
/// frames after each try so that it is laid out; until then scrolls the window to it again.
/// Stops when `current` says a newer jump has begun.
fn reveal_when_rendered(
    window: Window,
    key: SegmentRef,
    place: Option<Place>,
    tries: u8,
    current: impl Fn() -> bool + Copy + 'static,
) {
    request_animation_frame(move || {
        request_animation_frame(move || {
            let Some(list) = window.list().filter(|_| current()) else {
                return;
            };
            let done = match place {
                Some(place) => platform::viewport::mark_place(&list, place),
                None => platform::viewport::reveal_segment(&list, key),
            };
            if done {
                settle(window, REVEAL_TRIES, 0, current);
            } else if tries > 0 {
                window.scroll_to(key.message);
                reveal_when_rendered(window, key, place, tries - 1, current);
            }
        });
    });
}

/// Keeps the place just revealed in view while the rows around it are measured (their real
/// heights replace the estimates above it), until it has stayed put for a few frames.
fn settle(window: Window, frames: u8, still: u8, current: impl Fn() -> bool + Copy + 'static) {
    request_animation_frame(move || {
        let Some(list) = window.list().filter(|_| current()) else {
            return;
        };
        let still = if platform::viewport::keep_hit_in_view(&list) {
            still + 1
        } else {
            0
        };
        if still < 4 && frames > 0 {
            settle(window, frames - 1, still, current);
        }
    });
}

/// The windowing state of one list: row heights, the rendered range and the spacers.
#[derive(Clone, Copy)]
struct Window {
    layout: StoredValue<RowLayout>,
    range: RwSignal<Range<usize>>,
    spacers: RwSignal<(f64, f64)>,
    list_ref: NodeRef<leptos::html::Ol>,
    /// The document, for the step shown.
    doc: Doc,
}

impl Window {
    fn new(heights: &[u32], windowed: bool, doc: Doc) -> Window {
        let count = heights.len();
        let mut layout = RowLayout::new(heights.iter().map(|h| f64::from(*h)).collect());
        let initial = 0..count.min(if windowed { 12 } else { count });
        let spacers = layout.spacers(&initial);
        Window {
            layout: StoredValue::new(layout),
            range: RwSignal::new(initial),
            spacers: RwSignal::new(spacers),
            list_ref: NodeRef::new(),
            doc,
        }
    }

    /// The list element, unless it is gone (frames and observers can fire after the view was
    /// replaced, e.g. by the editor's next render).
    fn list(self) -> Option<platform::dom::ListElement> {
        self.list_ref.try_get_untracked().flatten()
    }

    /// Recomputes the window from the list's position in the viewport, for the rows of the
    /// step shown.
    fn place(self) {
        let shown = self.doc.step_untracked();
        let Some(list) = self.list() else { return };
        let top = -platform::viewport::top_of(&list);
        let bottom = top + platform::viewport::viewport_height();
        let Some((next, gaps)) = self.layout.try_update_value(|layout| {
            let mut next = layout.visible(top, bottom, OVERSCAN_PX, MAX_ROWS);
            // Scrolled below the step's last row (the list just got shorter): its last rows.
            if next.start >= shown {
                next = shown.saturating_sub(12)..shown;
            }
            next.end = next.end.min(shown);
            let gaps = layout.spacers_within(&next, shown);
            (next, gaps)
        }) else {
            return;
        };
        if self
            .spacers
            .try_get_untracked()
            .is_some_and(|now| now != gaps)
        {
            self.spacers.try_set(gaps);
        }
        if self
            .range
            .try_get_untracked()
            .is_some_and(|now| now != next)
        {
            self.range.try_set(next);
        }
    }

    /// Scrolls the page so that row `row` is near the top, and renders the rows there now.
    fn scroll_to(self, row: usize) {
        let Some(list) = self.list() else { return };
        let offset = self
            .layout
            .try_update_value(|l| l.offset(row))
            .unwrap_or(0.0);
        let list_top = platform::viewport::top_of(&list) + platform::viewport::scroll_y();
        platform::viewport::scroll_to_y(list_top + offset - 80.0);
        self.place();
    }

    /// Keeps the window on the viewport: measures rendered rows, asks for the models around
    /// them, follows scrolling and resizing, until the list goes away.
    fn follow_the_viewport(self, doc: Doc, engine: EngineLink) {
        let watch = ResizeWatch::new("data-index", move |heights| {
            let changed = self
                .layout
                .try_update_value(|layout| {
                    heights.into_iter().fold(false, |changed, (row, h)| {
                        layout.set_height(row, h + GAP_PX) | changed
                    })
                })
                .unwrap_or(false);
            if changed {
                self.place();
            }
        });
        let watch = StoredValue::new_local(watch);
        // After each change of the window: ask for its models, watch the rows in the DOM.
        Effect::new(move |_| {
            let range = self.range.get();
            let wanted = range.start.saturating_sub(PREFETCH)..range.end + PREFETCH;
            doc.want(&engine, wanted);
            request_animation_frame(move || {
                if let Some(list) = self.list() {
                    watch
                        .try_with_value(|watch| watch.iter().for_each(|w| w.watch_children(&list)));
                }
                self.place();
            });
        });
        let frame_pending = StoredValue::new(false);
        let on_move = move || {
            if frame_pending.try_get_value() == Some(false) {
                frame_pending.set_value(true);
                request_animation_frame(move || {
                    frame_pending.try_set_value(false);
                    self.place();
                });
            }
        };
        let scroll = window_event_listener(leptos::ev::scroll, move |_| on_move());
        let resize = window_event_listener(leptos::ev::resize, move |_| on_move());
        on_cleanup(move || {
            scroll.remove();
            resize.remove();
        });
    }
}
