//! Which lines the windowed JSON view renders, and where: one row of [`LINE_PX`] per line,
//! or, while the lines wrap, as many rows as each needs at the box's width
//! ([`WrappedLines`]: estimated from the lines' lengths, corrected by measuring the lines
//! rendered). The arithmetic is pep-view's; this file reads the box and keeps the results.

use std::ops::Range;
use std::sync::Arc;

use leptos::prelude::*;
use pep_view::links::LineLinks;
use pep_view::render::json_lines::{
    LINE_PX, LineIndex, scroll_height, scroll_top_for_line, window_start,
};
use pep_view::render::json_wrap::{WrappedLines, line_columns};

use crate::platform;

/// Lines rendered beyond the visible ones, above and below.
const OVERSCAN_LINES: usize = 12;
/// The characters of the probe that measures one character's width (`.pe-json__probe`).
pub const PROBE_CHARS: usize = 40;

/// The text and what is known about its lines, kept out of the reactive graph (one stored
/// value and one signal per view: each type of either costs the page's wasm its own code).
pub struct Lines {
    /// The text.
    pub json: Arc<str>,
    /// Where its lines are.
    pub index: LineIndex,
    /// Its links to the chat.
    pub links: Option<Arc<LineLinks>>,
    /// The wrapped lines and the width in columns they were laid out for, while they wrap.
    wrapped: Option<(WrappedLines, usize)>,
}

impl Lines {
    /// A text with its lines and links.
    pub fn new(json: Arc<str>, index: LineIndex, links: Option<Arc<LineLinks>>) -> Lines {
        Lines {
            json,
            index,
            links,
            wrapped: None,
        }
    }
}

/// What the window shows: the lines rendered, those in view, where the first one goes, and
/// the height of the whole scroll area.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// The lines rendered.
    pub lines: Range<usize>,
    /// The lines at least partly in view.
    pub visible: Range<usize>,
    /// Where the first rendered line's top goes, in px from the scroll area's top.
    pub top: f64,
    /// The scroll area's height, in px.
    pub height: f64,
}

/// The window over the lines: which are shown, where, and the box they scroll in (Copy, for
/// the handlers).
#[derive(Clone, Copy)]
pub struct Window {
    /// The text, its lines and links.
    pub store: StoredValue<Lines>,
    /// How many lines the text has.
    pub lines: usize,
    /// Whether the lines wrap.
    pub wrap: RwSignal<bool>,
    /// What is shown.
    pub shown: RwSignal<Shown>,
    /// The scrolling box.
    pub element: NodeRef<leptos::html::Div>,
    /// The element holding the rendered lines.
    pub rows: NodeRef<leptos::html::Div>,
    /// The element measuring a character's width.
    pub probe: NodeRef<leptos::html::Span>,
}

impl Window {
    /// A window over `lines` lines; until the box is measured it shows a first screenful.
    pub fn new(text: Lines, wrap: RwSignal<bool>) -> Window {
        let rows = 48;
        let lines = text.index.len();
        Window {
            store: StoredValue::new(text),
            lines,
            wrap,
            shown: RwSignal::new(Shown {
                lines: 0..rows.min(lines),
                visible: 0..rows.min(lines),
                top: 0.0,
                height: scroll_height(lines),
            }),
            element: NodeRef::new(),
            rows: NodeRef::new(),
            probe: NodeRef::new(),
        }
    }

    /// Reads the box's scroll position and size, and moves the window there.
    pub fn measure(self) {
        let Some(element) = self.element.try_get_untracked().flatten() else {
            return;
        };
        // No more than the window shows, even if styles failed to give the box its height.
        let viewport =
            platform::viewport::client_height(&element).min(platform::viewport::viewport_height());
        let top = platform::viewport::scroll_top(&element);
        let wrap = self.wrap.try_get_untracked().unwrap_or(false);
        let shown = if wrap {
            self.with_wrapped(|wrapped| {
                let overscan = OVERSCAN_LINES as f64 * LINE_PX;
                let window = wrapped.window(top, viewport, overscan);
                Shown {
                    lines: window.lines,
                    visible: window.visible,
                    top: window.top,
                    height: wrapped.height(),
                }
            })
        } else {
            Some(one_row_each(top, viewport, self.lines))
        };
        if let Some(next) = shown
            && self
                .shown
                .try_get_untracked()
                .is_some_and(|now| now != next)
        {
            self.shown.try_set(next);
        }
    }

    /// Records the measured heights of rendered lines while they wrap, and moves the window
    /// when that changed where lines are; the first line in view stays where the reader sees
    /// it (the scroll position follows what changed above it).
    pub fn measured(self, heights: Vec<(usize, f64)>) {
        if !self.wrap.try_get_untracked().unwrap_or(false) {
            return;
        }
        let Some(anchor) = self.shown.try_with_untracked(|s| s.visible.start) else {
            return;
        };
        let Some(shift) = self
            .with_wrapped(|wrapped| wrapped.measure_lines(&heights, anchor))
            .flatten()
        else {
            return;
        };
        if shift.abs() >= 0.5
            && let Some(element) = self.element.try_get_untracked().flatten()
        {
            let top = platform::viewport::scroll_top(&element) + shift;
            platform::viewport::set_scroll_top(&element, top);
        }
        self.measure();
    }

    /// Lets go of the wrapped layout (the lines no longer wrap).
    pub fn forget_wrapping(self) {
        self.store.try_update_value(|text| text.wrapped = None);
    }

    /// Calls `with` on the wrapped lines at the box's width now, laid out again when the width
    /// changed (a resize, presenter mode's larger type). `None` once the view is gone.
    fn with_wrapped<R>(self, with: impl FnOnce(&mut WrappedLines) -> R) -> Option<R> {
        let width = self.columns()?;
        self.store
            .try_update_value(|text| {
                if text.wrapped.as_ref().is_none_or(|(_, was)| *was != width) {
                    let columns = line_columns(&text.index);
                    text.wrapped = Some((WrappedLines::new(&columns, width), width));
                }
                text.wrapped.as_mut().map(|(wrapped, _)| with(wrapped))
            })
            .flatten()
    }

    /// How many characters fit across the box; `None` once the view is gone.
    fn columns(self) -> Option<usize> {
        let element = self.element.try_get_untracked().flatten()?;
        let char_px = self
            .probe
            .try_get_untracked()
            .flatten()
            .map_or(0.0, |probe| {
                platform::viewport::width_of(&probe) / PROBE_CHARS as f64
            });
        if char_px <= 0.0 {
            return Some(80);
        }
        let width = platform::viewport::client_width(&element) / char_px;
        Some((width.floor() as usize).max(1))
    }

    /// Scrolls the box so that `line` is in view, unless the box is hidden.
    pub fn reveal(self, line: usize) {
        let Some(element) = self.element.try_get_untracked().flatten() else {
            return;
        };
        if platform::dom::is_hidden(&element) {
            return;
        }
        let viewport = platform::viewport::client_height(&element);
        let wrapped = self
            .wrap
            .try_get_untracked()
            .unwrap_or(false)
            .then(|| self.with_wrapped(|wrapped| wrapped.scroll_top_for_line(line, viewport)));
        let top = wrapped
            .flatten()
            .unwrap_or_else(|| scroll_top_for_line(line, viewport, self.lines));
        platform::viewport::set_scroll_top(&element, top);
        // The window follows now, not on the scroll event a frame later: heights measured in
        // between then keep the revealed line in place, not the one that was at the top.
        self.measure();
    }

    /// Whether `line` is at least partly in view.
    pub fn in_view(self, line: usize) -> bool {
        self.shown
            .try_with_untracked(|shown| shown.visible.contains(&line))
            .unwrap_or(false)
    }
}

/// The window of lines one row each: exact pixel scrolling, proportional beyond the scroll
/// range's cap ([`window_start`]).
fn one_row_each(scroll_top: f64, viewport: f64, lines: usize) -> Shown {
    let (first, top) = window_start(scroll_top, viewport, lines);
    let rows = (viewport / LINE_PX).ceil() as usize + 1;
    let start = first.saturating_sub(OVERSCAN_LINES);
    Shown {
        lines: start..(first + rows + OVERSCAN_LINES).min(lines),
        visible: first..(first + rows).min(lines),
        top: top - (first - start) as f64 * LINE_PX,
        height: scroll_height(lines),
    }
}
