//! A jump in the list (search, issue links, JSON lines, a deep link): the segment unfolded,
//! its message brought into the window, then revealed (or marked, for a deep link's place)
//! once its row is rendered, and kept in view while the rows around it are measured.

use leptos::prelude::*;
use pep_view::{Place, SegmentRef};

use super::window::Window;
use crate::platform;
use crate::state::collapse::Collapse;
use crate::state::doc::Doc;
use crate::state::engine::EngineLink;
use crate::state::linking::use_linking;
use crate::state::options::use_open_tab;

/// Jumps: unfold the segment, bring its message into the window (asking for its model),
/// then scroll to it once it is rendered. Focus stays where it is (the search box): the hit
/// is marked instead. A deep link's place (set just before the target) is marked as such,
/// and a message's place unfolds nothing.
pub(super) fn follow_target(
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
