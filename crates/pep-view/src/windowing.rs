//! Which rows of a long list are worth putting in the DOM: the chat list and the panel's JSON
//! render only the rows near the viewport, with spacers standing in for the rest, so the page
//! stays small and fast however long the conversation is.
//!
//! Plain arithmetic, tested natively: the components feed in measured heights and scroll
//! positions and get back index ranges and spacer sizes.

use std::ops::Range;

/// From this many messages on, the chat renders only the messages near the viewport. Below
/// it everything is in the page, so find-in-page and every test hook see the whole
/// conversation (and the worker sends every message model with the first view).
pub const WINDOW_FROM: usize = 150;

/// Heights of a list's rows (measured where known, estimated elsewhere) and their offsets.
#[derive(Debug, Clone, PartialEq)]
pub struct RowLayout {
    heights: Vec<f64>,
    /// `offsets[i]` is the top of row `i`; one more entry than rows (the total height).
    offsets: Vec<f64>,
    /// Whether `offsets` is out of date after a height changed.
    stale: bool,
}

impl RowLayout {
    /// A layout of rows with these (estimated) heights, in pixels.
    pub fn new(heights: Vec<f64>) -> RowLayout {
        let mut layout = RowLayout {
            heights,
            offsets: Vec::new(),
            stale: true,
        };
        layout.refresh();
        layout
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.heights.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.heights.is_empty()
    }

    /// Records a measured height; returns whether it changed (by at least half a pixel, so
    /// sub-pixel jitter does not cause endless re-layouts).
    pub fn set_height(&mut self, row: usize, height: f64) -> bool {
        let Some(slot) = self.heights.get_mut(row) else {
            return false;
        };
        if !height.is_finite() || (*slot - height).abs() < 0.5 {
            return false;
        }
        *slot = height.max(0.0);
        self.stale = true;
        true
    }

    /// Recomputes the offsets after heights changed: linear, once per batch of measurements.
    fn refresh(&mut self) {
        if !self.stale {
            return;
        }
        self.offsets.clear();
        self.offsets.reserve(self.heights.len() + 1);
        let mut top = 0.0;
        self.offsets.push(top);
        for height in &self.heights {
            top += height;
            self.offsets.push(top);
        }
        self.stale = false;
    }

    /// The top of `row` (the total height for `row == len`).
    pub fn offset(&mut self, row: usize) -> f64 {
        self.refresh();
        let last = self.offsets.len().saturating_sub(1);
        self.offsets.get(row.min(last)).copied().unwrap_or(0.0)
    }

    /// The height of all rows together.
    pub fn total(&mut self) -> f64 {
        let len = self.len();
        self.offset(len)
    }

    /// The rows that overlap `top..bottom` (pixels from the list's top), plus the rows within
    /// `overscan` pixels above and below, at most `max_rows` in all: the visible rows come
    /// first, so a cap never leaves part of the viewport blank. Never empty unless the list is.
    pub fn visible(
        &mut self,
        top: f64,
        bottom: f64,
        overscan: f64,
        max_rows: usize,
    ) -> Range<usize> {
        let max_rows = max_rows.max(1);
        let seen = self.overlapping(top, bottom);
        let seen = seen.start..seen.end.min(seen.start + max_rows);
        let spare = max_rows - seen.len();
        let wide = self.overlapping(top - overscan, bottom + overscan);
        // Share the spare rows, at most half above; what one side cannot use goes to the other.
        let room_above = seen.start - wide.start;
        let room_below = wide.end - seen.end;
        let below = room_below.min(spare - room_above.min(spare / 2));
        let above = room_above.min(spare - below);
        seen.start - above..seen.end + below
    }

    /// The rows that overlap `top..bottom`; the nearest row when none does.
    fn overlapping(&mut self, top: f64, bottom: f64) -> Range<usize> {
        self.refresh();
        let len = self.len();
        if len == 0 {
            return 0..0;
        }
        // The first row whose bottom is not above `top` (a row ending exactly there is kept,
        // which also keeps zero-height rows at the top).
        let first = self.offsets[1..]
            .partition_point(|row_bottom| *row_bottom < top)
            .min(len - 1);
        // The first row whose top is at or below `bottom`: rows before it are visible.
        let end = self
            .offsets
            .partition_point(|row_top| *row_top < bottom)
            .clamp(first + 1, len);
        first..end
    }

    /// The spacer heights above and below `range`.
    pub fn spacers(&mut self, range: &Range<usize>) -> (f64, f64) {
        let len = self.len();
        self.spacers_within(range, len)
    }

    /// The spacer heights above and below `range` in a list of its first `shown` rows only
    /// (a step of the envelope): the rows beyond take no room.
    pub fn spacers_within(&mut self, range: &Range<usize>, shown: usize) -> (f64, f64) {
        let shown = shown.min(self.len());
        let end = range.end.min(shown);
        let start = range.start.min(end);
        let above = self.offset(start);
        let below = self.offset(shown) - self.offset(end);
        (above, below.max(0.0))
    }
}

/// A length in whole CSS pixels, for style values: formatting an integer keeps the float
/// formatter (several KB of wasm) out of the app.
pub fn px(length: f64) -> i64 {
    length.round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_rows_follow_the_viewport() {
        let mut layout = RowLayout::new(vec![100.0; 1000]);
        assert_eq!(layout.total(), 100_000.0);
        assert_eq!(layout.visible(0.0, 250.0, 0.0, 100), 0..3);
        assert_eq!(layout.visible(150.0, 250.0, 0.0, 100), 1..3);
        assert_eq!(layout.visible(200.0, 300.0, 0.0, 100), 1..3);
        assert_eq!(layout.visible(99_950.0, 120_000.0, 0.0, 100), 999..1000);
        // Scrolled past the end (the list shrank): still the last row, never an empty range.
        assert_eq!(layout.visible(500_000.0, 501_000.0, 0.0, 100), 999..1000);
        // Above the list: the first rows.
        assert_eq!(layout.visible(-900.0, 50.0, 0.0, 100), 0..1);
        assert_eq!(layout.visible(0.0, 100_000.0, 0.0, 40), 0..40, "capped");
        // Overscan adds rows around the visible ones, below first, within the cap.
        assert_eq!(layout.visible(1000.0, 1250.0, 300.0, 100), 6..16);
        assert_eq!(layout.visible(1000.0, 1250.0, 300.0, 5), 9..14);
        assert_eq!(
            layout.visible(1000.0, 1250.0, 300.0, 2),
            9..11,
            "the cap cuts the visible rows last"
        );
        assert_eq!(
            layout.visible(0.0, 250.0, 300.0, 100),
            0..6,
            "no rows above the first"
        );
    }

    #[test]
    fn a_step_shows_only_its_rows() {
        let mut layout = RowLayout::new(vec![100.0; 10]);
        assert_eq!(layout.spacers_within(&(2..5), 10), (200.0, 500.0));
        assert_eq!(layout.spacers_within(&(2..5), 4), (200.0, 0.0));
        assert_eq!(layout.spacers_within(&(6..9), 4), (400.0, 0.0));
        assert_eq!(layout.spacers_within(&(0..3), 99), (0.0, 700.0));
        assert_eq!(layout.spacers(&(2..5)), layout.spacers_within(&(2..5), 10));
    }

    #[test]
    fn measured_heights_move_the_rows_below() {
        let mut layout = RowLayout::new(vec![50.0; 10]);
        assert!(layout.set_height(2, 250.0));
        assert!(
            !layout.set_height(2, 250.2),
            "sub-pixel jitter is not a change"
        );
        assert!(!layout.set_height(99, 1.0), "out of range is ignored");
        assert!(!layout.set_height(3, f64::NAN));
        assert_eq!(layout.offset(3), 350.0);
        assert_eq!(layout.total(), 700.0);
        let range = layout.visible(300.0, 420.0, 0.0, 100);
        assert_eq!(range, 2..5);
        assert_eq!(layout.spacers(&range), (100.0, 250.0));
    }

    #[test]
    fn empty_and_zero_height_rows() {
        let mut empty = RowLayout::new(Vec::new());
        assert!(empty.is_empty());
        assert_eq!(empty.visible(0.0, 100.0, 0.0, 10), 0..0);
        assert_eq!(empty.spacers(&(0..0)), (0.0, 0.0));
        let mut flat = RowLayout::new(vec![0.0; 5]);
        assert_eq!(flat.visible(0.0, 100.0, 0.0, 3), 0..3);
    }

    #[test]
    fn large_lists_stay_cheap() {
        // 100,000 rows: one linear refresh, then logarithmic look-ups.
        let mut layout = RowLayout::new((0..100_000).map(|i| 40.0 + (i % 7) as f64).collect());
        let total = layout.total();
        let range = layout.visible(total / 2.0, total / 2.0 + 900.0, 0.0, 200);
        assert!(range.len() >= 20 && range.len() <= 25, "{range:?}");
        let (above, below) = layout.spacers(&range);
        assert!(
            (above + below + layout.offset(range.end) - layout.offset(range.start) - total).abs()
                < 1e-6
        );
    }
}
