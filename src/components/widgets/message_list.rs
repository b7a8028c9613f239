//! The chat column's messages. A short conversation renders every message; a long one renders
//! only the messages near the viewport, with two spacers standing in for the rest, so the DOM
//! stays small at any length and a fold toggle touches only its own segment.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use leptos::prelude::*;
use pep_core::Envelope;
use pep_core::model::{Entry, Message, Segment};

use crate::collapse::{Collapse, SegmentKey};
use crate::components::MessageView;
use crate::components::linking::{segment_of_event, use_linking};
use crate::resize_watch::ResizeWatch;
use crate::viewport;
use pep_view::windowing::{RowLayout, px};

/// From this many messages on, only the messages near the viewport are rendered. Below it
/// everything is in the page, so find-in-page and every test hook see the whole conversation.
pub const WINDOW_FROM: usize = 150;
/// How far beyond the viewport rows are kept rendered, in pixels, so that scrolling shows
/// rendered rows rather than blank space.
const OVERSCAN_PX: f64 = 900.0;
/// An upper bound on rendered rows, whatever the estimates say.
const MAX_ROWS: usize = 60;
/// The vertical gap between messages (`.pe-messages` in layout.css).
const GAP_PX: f64 = 14.0;

/// The messages of one envelope.
#[component]
pub fn MessageList(
    /// The envelope, shared with the search box.
    envelope: Arc<Envelope>,
    /// Collapse state of the envelope's segments.
    collapse: Collapse,
    /// Session variables for system prompt templates.
    variables: Arc<HashMap<String, String>>,
    /// A segment to bring into view and highlight (search results); set it to jump.
    target: RwSignal<Option<SegmentKey>>,
) -> impl IntoView {
    let count = envelope.messages.len();
    let windowed = count >= WINDOW_FROM;
    let window = Window::new(&envelope, windowed);
    let envelope = StoredValue::new(envelope);
    if windowed {
        window.follow_the_viewport();
    }
    // Jumps: unfold the segment, bring its message into the window, then scroll to it once
    // it is rendered. Focus stays where it is (the search box): the hit is marked instead.
    Effect::new(move |_| {
        let Some(key) = target.get() else {
            if let Some(list) = window.list() {
                viewport::clear_hits(&list);
            }
            return;
        };
        if let Some(signal) = collapse.signal(key) {
            signal.set(false);
        }
        if windowed {
            window.scroll_to(key.message);
        }
        request_animation_frame(move || {
            request_animation_frame(move || {
                if let Some(list) = window.list() {
                    viewport::reveal_segment(&list, key);
                }
            });
        });
    });

    let rows = move || {
        let Range { start, end } = window.range.get();
        (start..end).collect::<Vec<_>>()
    };
    let set_size = windowed.then_some(count);
    let spacer = move |above: bool| {
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
    };
    let hovered = use_linking().map(|linking| linking.hovered);
    let hover = move |event: &web_sys::Event| {
        if let Some(hovered) = hovered {
            let key = segment_of_event(event);
            if hovered.get_untracked() != key {
                hovered.set(key);
            }
        }
    };
    let leave = move || {
        if let Some(hovered) = hovered.filter(|h| h.get_untracked().is_some()) {
            hovered.set(None);
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
            {windowed.then(|| spacer(true))}
            <For
                each=rows
                key=|index| *index
                children=move |index| {
                    let entry = envelope.with_value(|e| e.messages.get(index).cloned());
                    entry.map(|entry| view! {
                        <MessageView
                            index=index
                            entry=entry
                            collapse=collapse
                            variables=variables.clone()
                            set_size=set_size
                            target=Some(target)
                        />
                    })
                }
            />
            {windowed.then(|| spacer(false))}
        </ol>
    }
}

/// The windowing state of one list: row heights, the rendered range and the spacers.
#[derive(Clone, Copy)]
struct Window {
    layout: StoredValue<RowLayout>,
    range: RwSignal<Range<usize>>,
    spacers: RwSignal<(f64, f64)>,
    list_ref: NodeRef<leptos::html::Ol>,
}

impl Window {
    fn new(envelope: &Envelope, windowed: bool) -> Window {
        let count = envelope.messages.len();
        let mut layout = RowLayout::new(envelope.messages.iter().map(estimate_height).collect());
        let initial = 0..count.min(if windowed { 12 } else { count });
        let spacers = layout.spacers(&initial);
        Window {
            layout: StoredValue::new(layout),
            range: RwSignal::new(initial),
            spacers: RwSignal::new(spacers),
            list_ref: NodeRef::new(),
        }
    }

    /// The list element, unless it is gone (animation frames and observers can fire after
    /// the view was replaced, e.g. by the editor's next render).
    fn list(self) -> Option<web_sys::HtmlOListElement> {
        self.list_ref.try_get_untracked().flatten()
    }

    /// Recomputes the window from the list's position in the viewport.
    fn place(self) {
        let Some(list) = self.list() else { return };
        let top = -list.get_bounding_client_rect().top();
        let bottom = top + viewport::viewport_height();
        let Some((next, gaps)) = self.layout.try_update_value(|layout| {
            let next = layout.visible(top, bottom, OVERSCAN_PX, MAX_ROWS);
            let gaps = layout.spacers(&next);
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
        let list_top = list.get_bounding_client_rect().top() + viewport::scroll_y();
        viewport::scroll_to_y(list_top + offset - 80.0);
        self.place();
    }

    /// Keeps the window on the viewport: measures rendered rows, follows scrolling and
    /// resizing, until the list goes away.
    fn follow_the_viewport(self) {
        let watch = ResizeWatch::new(move |heights| {
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
        // After each change of the window, watch the rows now in the DOM.
        Effect::new(move |_| {
            self.range.track();
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

/// A first guess at a message's rendered height, replaced by the measured one as soon as the
/// message has been on screen. Good guesses keep the scrollbar steady.
fn estimate_height(entry: &Entry<Message>) -> f64 {
    let Entry::Valid(message) = entry else {
        return 160.0 + GAP_PX;
    };
    let segments: f64 = message
        .segments
        .iter()
        .map(|segment| match segment.valid() {
            Some(Segment::Text(text)) => {
                24.0 + 22.0 * (text.content.len() as f64 / 90.0).ceil().min(40.0)
            }
            Some(Segment::StaticVar(_)) => 34.0,
            Some(segment) if segment.collapsed() == Some(true) => 46.0,
            Some(Segment::LongText(_)) => 110.0,
            Some(_) => 160.0,
            None => 160.0,
        })
        .sum();
    52.0 + segments + GAP_PX
}
