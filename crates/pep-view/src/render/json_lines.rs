//! Line access into a large text for the panel's windowed JSON view: the line starts are found
//! once, in one linear pass, and each visible line is cut to a readable length so that no
//! multi-megabyte line (a long string value) ever reaches the DOM.

use std::ops::Range;

/// A visible line is cut after this many characters.
pub const MAX_LINE_CHARS: usize = 2_000;

/// Where each line of a text starts and ends (without its `\n`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineIndex {
    /// Byte ranges of the lines, in order.
    lines: Vec<Range<usize>>,
}

impl LineIndex {
    /// Indexes `text`; an empty text has one empty line, like an editor shows it.
    pub fn new(text: &str) -> LineIndex {
        let mut lines = Vec::with_capacity(text.len() / 32 + 1);
        let mut start = 0;
        for (at, byte) in text.bytes().enumerate() {
            if byte == b'\n' {
                lines.push(start..at);
                start = at + 1;
            }
        }
        lines.push(start..text.len());
        LineIndex { lines }
    }

    /// The index of a text of `len` bytes whose lines start at `starts` (what the export's
    /// printer recorded as it wrote: no second pass over the text).
    pub fn from_starts(len: usize, starts: &[u32]) -> LineIndex {
        if starts.is_empty() {
            let whole = 0..len;
            return LineIndex {
                lines: Vec::from([whole]),
            };
        }
        let mut lines = Vec::with_capacity(starts.len());
        for (i, start) in starts.iter().enumerate() {
            let start = *start as usize;
            // A line ends before the `\n` that starts the next one.
            let end = starts
                .get(i + 1)
                .map_or(len, |next| (*next as usize).saturating_sub(1));
            lines.push(start.min(len)..end.clamp(start.min(len), len));
        }
        LineIndex { lines }
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there are no lines (never: see [`LineIndex::new`]).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The length of line `number` in bytes (0 past the end).
    pub fn byte_len(&self, number: usize) -> usize {
        self.lines.get(number).map_or(0, ExactSizeIterator::len)
    }

    /// Line `number` (from 0) of `text`, cut to [`MAX_LINE_CHARS`] characters, with the
    /// number of characters cut off. `text` must be the indexed text.
    pub fn line<'t>(&self, text: &'t str, number: usize) -> (&'t str, usize) {
        let Some(range) = self.lines.get(number) else {
            return ("", 0);
        };
        let line = text.get(range.clone()).unwrap_or_default();
        match line.char_indices().nth(MAX_LINE_CHARS) {
            Some((cut, _)) => (&line[..cut], line[cut..].chars().count()),
            None => (line, 0),
        }
    }
}

/// The height of one line of the windowed view, in CSS pixels (`.pe-json__line`).
pub const LINE_PX: f64 = 18.0;
/// The tallest scroll area used: browsers cap element heights (Chromium near 33.5 M px), so a
/// text of millions of lines maps its scroll range onto this height instead.
pub const MAX_SCROLL_PX: f64 = 8_000_000.0;

/// The height of the scroll area for `lines` lines.
pub fn scroll_height(lines: usize) -> f64 {
    (lines as f64 * LINE_PX).min(MAX_SCROLL_PX)
}

/// For a scroll position, the first line to show and where to place it (pixels from the
/// scroll area's top). Exact pixel scrolling while the text fits; a proportional mapping
/// beyond [`MAX_SCROLL_PX`], ending exactly on the last line.
pub fn window_start(scroll_top: f64, viewport: f64, lines: usize) -> (usize, f64) {
    let full = lines as f64 * LINE_PX;
    let height = scroll_height(lines);
    let scroll_top = within(scroll_top, height - viewport);
    if full <= MAX_SCROLL_PX {
        let first = (scroll_top / LINE_PX).floor() as usize;
        return (first.min(lines.saturating_sub(1)), first as f64 * LINE_PX);
    }
    let visible = (viewport / LINE_PX).ceil() as usize;
    let range = (height - viewport).max(1.0);
    let first = (scroll_top / range * lines.saturating_sub(visible) as f64).floor() as usize;
    (first.min(lines.saturating_sub(visible)), scroll_top)
}

/// The scroll position that shows line `line` a third of the way down: the inverse of
/// [`window_start`], exact while the text fits and proportional beyond.
pub fn scroll_top_for_line(line: usize, viewport: f64, lines: usize) -> f64 {
    let full = lines as f64 * LINE_PX;
    let height = scroll_height(lines);
    let range = (height - viewport).max(0.0);
    let top = if full <= MAX_SCROLL_PX {
        line as f64 * LINE_PX - viewport / 3.0
    } else {
        let visible = (viewport / LINE_PX).ceil() as usize;
        let lead = (viewport / 3.0 / LINE_PX) as usize;
        let first = line.saturating_sub(lead);
        first as f64 / lines.saturating_sub(visible).max(1) as f64 * range
    };
    within(top, range)
}

/// `value` brought into `0..=upper` (0 when `upper` is below 0). Not
/// `f64::clamp`: its check that the bounds are in order formats them with `{:?}` when it fails,
/// which puts Rust's float printing (about 7 KB gzip) in the page's wasm, though it never fails
/// here.
fn within(value: f64, upper: f64) -> f64 {
    value.min(upper).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_indexed_once() {
        let text = "{\n  \"a\": 1\n}";
        let index = LineIndex::new(text);
        assert_eq!(index.len(), 3);
        assert_eq!(index.line(text, 0), ("{", 0));
        assert_eq!(index.line(text, 1), ("  \"a\": 1", 0));
        assert_eq!(index.line(text, 2), ("}", 0));
        assert_eq!(index.line(text, 3), ("", 0), "past the end");
        assert_eq!(LineIndex::new("").len(), 1);
        assert_eq!(LineIndex::new("a\n").len(), 2);
    }

    #[test]
    fn line_starts_give_the_same_index() {
        for text in ["", "a", "{\n  \"a\": 1\n}", "x\n", "\n\n"] {
            let starts: Vec<u32> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
                .collect();
            assert_eq!(
                LineIndex::from_starts(text.len(), &starts),
                LineIndex::new(text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn long_lines_are_cut_on_a_character_boundary() {
        let text = format!("x\n{}", "长".repeat(MAX_LINE_CHARS + 7));
        let index = LineIndex::new(&text);
        let (line, cut) = index.line(&text, 1);
        assert_eq!(line.chars().count(), MAX_LINE_CHARS);
        assert_eq!(cut, 7);
    }

    #[test]
    fn lines_map_back_to_scroll_positions() {
        assert_eq!(scroll_top_for_line(0, 360.0, 1000), 0.0);
        assert_eq!(scroll_top_for_line(100, 360.0, 1000), 1800.0 - 120.0);
        assert_eq!(scroll_top_for_line(999, 360.0, 1000), 18_000.0 - 360.0);
        let lines = 3_000_000;
        let top = scroll_top_for_line(lines / 2, 360.0, lines);
        let (first, _) = window_start(top, 360.0, lines);
        assert!(first <= lines / 2 && lines / 2 < first + 20, "{first}");
    }

    #[test]
    fn scroll_positions_map_to_lines() {
        assert_eq!(window_start(0.0, 360.0, 1000), (0, 0.0));
        assert_eq!(window_start(100.0, 360.0, 1000), (5, 90.0));
        // Clamped to the last full screen.
        let (first, _) = window_start(1e9, 360.0, 1000);
        assert_eq!(first, (18_000.0_f64 - 360.0) as usize / 18);
        assert_eq!(window_start(0.0, 360.0, 0), (0, 0.0));
        // Millions of lines: the scroll area is capped and the end still reaches the last line.
        let lines = 3_000_000;
        assert_eq!(scroll_height(lines), MAX_SCROLL_PX);
        let (first, top) = window_start(MAX_SCROLL_PX - 360.0, 360.0, lines);
        assert_eq!(first, lines - 20);
        assert_eq!(top, MAX_SCROLL_PX - 360.0);
        let (middle, _) = window_start((MAX_SCROLL_PX - 360.0) / 2.0, 360.0, lines);
        assert!((middle as i64 - (lines as i64 - 20) / 2).abs() <= 1);
    }
}
