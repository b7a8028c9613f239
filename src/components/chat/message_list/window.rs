//! The windowing state of one list: row heights, the rendered range and the spacers, kept on
//! the viewport as the page scrolls and rows are measured.

use std::ops::Range;

use leptos::prelude::*;
use pep_view::windowing::RowLayout;

use crate::platform;
use crate::platform::resize_watch::ResizeWatch;
use crate::state::doc::Doc;
use crate::state::engine::EngineLink;

/// How far beyond the viewport rows are kept rendered, in pixels, so that scrolling shows
/// rendered rows rather than blank space.
const OVERSCAN_PX: f64 = 900.0;
/// An upper bound on rendered rows, whatever the estimates say.
const MAX_ROWS: usize = 60;
/// Messages asked for beyond the rendered rows, on each side.
const PREFETCH: usize = 24;
/// The vertical gap between messages (`.pe-messages` in layout.css).
pub(super) const GAP_PX: f64 = 14.0;
/// The windowing state of one list: row heights, the rendered range and the spacers.
#[derive(Clone, Copy)]
pub(super) struct Window {
    pub(super) layout: StoredValue<RowLayout>,
    pub(super) range: RwSignal<Range<usize>>,
    pub(super) spacers: RwSignal<(f64, f64)>,
    pub(super) list_ref: NodeRef<leptos::html::Ol>,
    /// The document, for the step shown.
    doc: Doc,
}

impl Window {
    pub(super) fn new(heights: &[u32], windowed: bool, doc: Doc) -> Window {
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
    pub(super) fn list(self) -> Option<platform::dom::ListElement> {
        self.list_ref.try_get_untracked().flatten()
    }

    /// Recomputes the window from the list's position in the viewport, for the rows of the
    /// step shown.
    pub(super) fn place(self) {
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
    pub(super) fn scroll_to(self, row: usize) {
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
    pub(super) fn follow_the_viewport(self, doc: Doc, engine: EngineLink) {
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
        // After each change of the window, and when models arrive (a row waiting for its
        // model is replaced by a new element then): ask for the window's models, watch the
        // rows in the DOM.
        Effect::new(move |_| {
            doc.track_arrivals();
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
