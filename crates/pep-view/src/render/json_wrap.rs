//! The windowed JSON view with its lines wrapped (DECISIONS §15's wrap switch): a line then
//! takes as many rows as its text needs at the box's width, so the rows no longer have one
//! height and the view's arithmetic is [`RowLayout`]'s, over lines of estimated heights that
//! the component corrects as it measures them. A text too tall for the browser's scroll range
//! maps its scroll position proportionally, as the unwrapped view does
//! ([`super::json_lines::window_start`]).

use std::ops::Range;

use super::json_lines::{LINE_PX, LineIndex, MAX_LINE_CHARS, MAX_SCROLL_PX};
use crate::windowing::RowLayout;

/// An estimate of how many columns each line takes as the view shows it: its length in
/// bytes, up to the cut ([`MAX_LINE_CHARS`] characters and the marker of what was cut). Exact
/// for ASCII, more for other scripts (a CJK character is three bytes and two columns): the
/// component measures the lines it renders and corrects the estimate
/// ([`WrappedLines::set_measured`]). Linear in the number of lines, not in the text: a
/// 50 MiB export switches to wrapped lines without reading it.
pub fn line_columns(index: &LineIndex) -> Vec<u16> {
    (0..index.len())
        .map(|number| {
            let shown = index.byte_len(number).min(MAX_LINE_CHARS + CUT_MARKER);
            u16::try_from(shown).unwrap_or(u16::MAX)
        })
        .collect()
}

/// The columns of the marker a cut line ends with (" … +N", for N up to six digits).
const CUT_MARKER: usize = 10;

/// What the wrapped view shows for a scroll position: the lines to render and where the
/// first of them goes (pixels from the scroll area's top).
#[derive(Debug, Clone, PartialEq)]
pub struct WrapWindow {
    /// The lines to render, the visible ones and some beyond.
    pub lines: Range<usize>,
    /// The lines at least partly in the viewport.
    pub visible: Range<usize>,
    /// Where the first rendered line's top goes.
    pub top: f64,
}

/// The wrapped lines of one text at one width: each line's height, estimated from its columns
/// and corrected by measurement.
#[derive(Debug, Clone, PartialEq)]
pub struct WrappedLines {
    layout: RowLayout,
}

impl WrappedLines {
    /// Lines of `columns` (from [`line_columns`]) in a box `width` columns wide: each takes
    /// at least one row.
    pub fn new(columns: &[u16], width: usize) -> WrappedLines {
        let width = width.max(1);
        let heights = columns
            .iter()
            .map(|c| (usize::from(*c).div_ceil(width)).max(1) as f64 * LINE_PX)
            .collect();
        WrappedLines {
            layout: RowLayout::new(heights),
        }
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.layout.len()
    }

    /// Whether there are no lines.
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// Records a rendered line's measured height; whether it changed the layout.
    pub fn set_measured(&mut self, line: usize, height: f64) -> bool {
        self.layout.set_height(line, height)
    }

    /// Records the measured heights of rendered lines, keeping `anchor` (the first line in
    /// view) where the reader sees it: `None` when nothing changed, else how far the scroll
    /// position must move for that (lines above it that turned out taller or shorter than
    /// estimated; 0 beyond the scroll range's cap, where positions are proportional anyway).
    pub fn measure_lines(&mut self, heights: &[(usize, f64)], anchor: usize) -> Option<f64> {
        let before = self.layout.offset(anchor);
        let changed = heights.iter().fold(false, |changed, (line, height)| {
            self.set_measured(*line, *height) | changed
        });
        if !changed {
            return None;
        }
        let fits = self.layout.total() <= MAX_SCROLL_PX;
        Some(if fits {
            self.layout.offset(anchor) - before
        } else {
            0.0
        })
    }

    /// The height of the scroll area: every line's, up to [`MAX_SCROLL_PX`].
    pub fn height(&mut self) -> f64 {
        self.layout.total().min(MAX_SCROLL_PX)
    }

    /// The lines to render for `scroll_top` in a viewport `viewport` high, with `overscan`
    /// pixels of lines above and below.
    pub fn window(&mut self, scroll_top: f64, viewport: f64, overscan: f64) -> WrapWindow {
        let (at, shift) = self.content_top(scroll_top, viewport);
        // At most a screenful of one-row lines plus the overscan: never the whole text.
        let max_lines = ((viewport + 2.0 * overscan) / LINE_PX).ceil() as usize + 2;
        let visible = self.layout.visible(at, at + viewport, 0.0, max_lines);
        let lines = self.layout.visible(at, at + viewport, overscan, max_lines);
        let top = self.layout.offset(lines.start) + shift;
        WrapWindow {
            lines,
            visible,
            top,
        }
    }

    /// The scroll position that shows `line` a third of the way down (as
    /// [`super::json_lines::scroll_top_for_line`] does unwrapped).
    pub fn scroll_top_for_line(&mut self, line: usize, viewport: f64) -> f64 {
        let total = self.layout.total();
        let height = total.min(MAX_SCROLL_PX);
        let range = (height - viewport).max(0.0);
        let at = self.layout.offset(line) - viewport / 3.0;
        let top = if total <= MAX_SCROLL_PX {
            at
        } else {
            at / (total - viewport).max(1.0) * range
        };
        top.min(range).max(0.0)
    }

    /// Where in the content `scroll_top` looks, and how far the content is shifted to be
    /// there: nothing while the text fits the scroll range, proportionally beyond, so the end
    /// of the range shows the last line.
    fn content_top(&mut self, scroll_top: f64, viewport: f64) -> (f64, f64) {
        let total = self.layout.total();
        let height = total.min(MAX_SCROLL_PX);
        let range = (height - viewport).max(0.0);
        let scroll_top = scroll_top.min(range).max(0.0);
        if total <= MAX_SCROLL_PX {
            return (scroll_top, 0.0);
        }
        let at = scroll_top / range.max(1.0) * (total - viewport).max(0.0);
        (at, scroll_top - at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrapped(text: &str, width: usize) -> WrappedLines {
        WrappedLines::new(&line_columns(&LineIndex::new(text)), width)
    }

    #[test]
    fn columns_are_estimated_from_bytes_up_to_the_cut() {
        let long = format!("{}\n", "x".repeat(5_000));
        let text = format!("ab\n中文\n\n{long}");
        // "中文" is six bytes (four columns): measuring corrects it.
        assert_eq!(
            line_columns(&LineIndex::new(&text)),
            [2, 6, 0, (MAX_LINE_CHARS + CUT_MARKER) as u16, 0]
        );
    }

    #[test]
    fn a_line_takes_the_rows_its_columns_need() {
        let mut lines = wrapped("a\nbbbbbbbbbb\nccccccccccc\n", 10);
        assert_eq!(lines.len(), 4);
        // 1 + 1 + 2 + 1 (the empty last line) rows.
        assert_eq!(lines.height(), 5.0 * LINE_PX);
        let window = lines.window(0.0, 3.0 * LINE_PX, 0.0);
        assert_eq!(window.visible, 0..3);
        assert_eq!(window.top, 0.0);
        // Scrolled into the third row: the third line (two rows) is the one in view.
        let window = lines.window(2.0 * LINE_PX + 4.0, LINE_PX, 0.0);
        assert_eq!(window.visible, 2..3);
        assert_eq!(window.top, 2.0 * LINE_PX);
    }

    #[test]
    fn measured_heights_correct_the_estimate() {
        let mut lines = wrapped("a\nb\nc", 10);
        assert!(lines.set_measured(0, 3.0 * LINE_PX));
        assert!(
            !lines.set_measured(0, 3.0 * LINE_PX),
            "no change, no re-layout"
        );
        assert_eq!(lines.height(), 5.0 * LINE_PX);
        assert_eq!(lines.window(3.0 * LINE_PX + 4.0, 10.0, 0.0).visible, 1..2);
    }

    #[test]
    fn measuring_keeps_the_first_line_in_view_where_it_was() {
        let mut lines = wrapped("a\nb\nc\nd", 10);
        // Line 2 is at the top; lines 1 and 2 were taller than estimated, line 3 shorter.
        let shift = lines.measure_lines(&[(1, 54.0), (2, 36.0), (3, 18.0)], 2);
        assert_eq!(shift, Some(36.0), "line 1's extra rows move line 2 down");
        assert_eq!(lines.measure_lines(&[(1, 54.0)], 2), None, "nothing new");
        // Beyond the cap positions are proportional: no shift.
        let text = "x\n".repeat(500_000);
        let mut many = wrapped(&text, 80);
        assert_eq!(many.measure_lines(&[(10, 36.0)], 20), Some(0.0));
    }

    #[test]
    fn the_window_stays_a_screenful_however_many_lines() {
        let text = "x\n".repeat(100_000);
        let mut lines = wrapped(&text, 80);
        let window = lines.window(50_000.0 * LINE_PX, 20.0 * LINE_PX, 12.0 * LINE_PX);
        assert!(window.lines.len() <= 20 + 24 + 2, "{:?}", window.lines);
        assert!(window.visible.start >= window.lines.start);
        assert!(window.visible.end <= window.lines.end);
        assert_eq!(
            window.top,
            window.lines.start as f64 * LINE_PX,
            "lines of one row sit where the unwrapped view puts them"
        );
    }

    #[test]
    fn a_text_taller_than_the_scroll_range_maps_proportionally() {
        // 600,000 lines of two rows: 21.6 M px of content in 8 M px of scrolling.
        let text = "y".repeat(20) + &"\nyyyyyyyyyyyyyyyyyyyy".repeat(599_999);
        let mut lines = wrapped(&text, 10);
        assert_eq!(lines.height(), MAX_SCROLL_PX);
        let viewport = 360.0;
        // The end of the range shows the last line.
        let end = lines.window(MAX_SCROLL_PX - viewport, viewport, 0.0);
        assert_eq!(end.visible.end, 600_000);
        // The middle shows the middle, and the rendered lines cover the viewport.
        let middle_top = (MAX_SCROLL_PX - viewport) / 2.0;
        let middle = lines.window(middle_top, viewport, 0.0);
        assert!(
            (middle.visible.start as i64 - 300_000).abs() < 20,
            "{middle:?}"
        );
        assert!(middle.top <= middle_top);
        assert!(middle.top + middle.visible.len() as f64 * 2.0 * LINE_PX >= middle_top + viewport);
        // And a line asked for comes into view.
        let top = lines.scroll_top_for_line(450_000, viewport);
        let window = lines.window(top, viewport, 0.0);
        assert!(window.visible.contains(&450_000), "{window:?}");
    }

    #[test]
    fn a_line_asked_for_comes_a_third_down() {
        let text = "x\n".repeat(1_000);
        let mut lines = wrapped(&text, 80);
        assert_eq!(lines.scroll_top_for_line(0, 360.0), 0.0);
        assert_eq!(lines.scroll_top_for_line(100, 360.0), 1_800.0 - 120.0);
        assert_eq!(
            lines.scroll_top_for_line(1_000, 360.0),
            1_001.0 * LINE_PX - 360.0
        );
    }
}
