//! The chat column's messages. A short conversation renders every message; a long one renders
//! only the messages near the viewport, with two spacers standing in for the rest, so the DOM
//! stays small at any length and a fold toggle touches only its own segment.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use leptos::prelude::*;
use pep_core::Envelope;
use pep_core::model::{Entry, Message, Segment};

use super::MessageView;
use crate::collapse::{Collapse, SegmentKey};
use crate::resize_watch::ResizeWatch;
use crate::viewport;
use crate::windowing::{RowLayout, px};

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
    let layout = StoredValue::new(RowLayout::new(
        envelope.messages.iter().map(estimate_height).collect(),
    ));
    let envelope = StoredValue::new(envelope);
    let initial = 0..count.min(if windowed { 12 } else { count });
    let range = RwSignal::new(initial.clone());
    let spacers = RwSignal::new(
        layout
            .try_update_value(|l| l.spacers(&initial))
            .unwrap_or_default(),
    );
    let list_ref = NodeRef::<leptos::html::Ol>::new();

    // Recomputes the window from the list's position in the viewport.
    let place = move || {
        let Some(list) = list_ref.get_untracked() else {
            return;
        };
        let top = -list.get_bounding_client_rect().top();
        let height = viewport::viewport_height();
        let Some((next, gaps)) = layout.try_update_value(|layout| {
            let next = layout.visible(top - OVERSCAN_PX, top + height + OVERSCAN_PX, MAX_ROWS);
            let gaps = layout.spacers(&next);
            (next, gaps)
        }) else {
            return;
        };
        if spacers.get_untracked() != gaps {
            spacers.set(gaps);
        }
        if range.get_untracked() != next {
            range.set(next);
        }
    };

    if windowed {
        let watch = ResizeWatch::new(move |heights| {
            let changed = layout
                .try_update_value(|layout| {
                    heights.into_iter().fold(false, |changed, (row, h)| {
                        layout.set_height(row, h + GAP_PX) | changed
                    })
                })
                .unwrap_or(false);
            if changed {
                place();
            }
        });
        let watch = StoredValue::new_local(watch);
        // After each change of the window, watch the rows now in the DOM.
        Effect::new(move |_| {
            range.track();
            request_animation_frame(move || {
                if let Some(list) = list_ref.get_untracked() {
                    watch.with_value(|watch| watch.iter().for_each(|w| w.watch_children(&list)));
                }
                place();
            });
        });
        let frame_pending = StoredValue::new(false);
        let on_move = move || {
            if !frame_pending.get_value() {
                frame_pending.set_value(true);
                request_animation_frame(move || {
                    frame_pending.try_set_value(false);
                    place();
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

    // Jumps: unfold the segment, bring its message into the window, then scroll to it once
    // it is rendered.
    Effect::new(move |_| {
        let Some(key) = target.get() else { return };
        if let Some(signal) = collapse.signal(key) {
            signal.set(false);
        }
        if windowed && let Some(list) = list_ref.get_untracked() {
            let offset = layout.try_update_value(|l| l.offset(key.0)).unwrap_or(0.0);
            let list_top = list.get_bounding_client_rect().top() + viewport::scroll_y();
            viewport::scroll_to_y(list_top + offset - 80.0);
            let start = key.0.saturating_sub(2);
            range.set(start..(start + 12).min(count));
        }
        request_animation_frame(move || {
            request_animation_frame(move || {
                if let Some(list) = list_ref.get_untracked() {
                    viewport::reveal_segment(&list, key);
                }
            });
        });
    });

    let rows = move || {
        let Range { start, end } = range.get();
        (start..end).collect::<Vec<_>>()
    };
    view! {
        <ol class="pe-messages" class:pe-messages--windowed=windowed node_ref=list_ref>
            {windowed.then(|| view! {
                <li class="pe-messages__spacer" aria-hidden="true" style:height=move || format!("{}px", px(spacers.get().0))></li>
            })}
            <For
                each=rows
                key=|index| *index
                children=move |index| {
                    let entry = envelope.with_value(|e| e.messages.get(index).cloned());
                    entry.map(|entry| view! {
                        <MessageView index=index entry=entry collapse=collapse variables=variables.clone() />
                    })
                }
            />
            {windowed.then(|| view! {
                <li class="pe-messages__spacer" aria-hidden="true" style:height=move || format!("{}px", px(spacers.get().1))></li>
            })}
        </ol>
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
