//! How the request list (DECISIONS §13) behaves, as plain data: which rows are drawn for a
//! scroll position (rows have one height, so the window is arithmetic), and where the keys
//! move the active row (the WAI-ARIA listbox pattern: arrows, Page Up/Down, Home, End).

use std::ops::Range;

/// Each row's height, in CSS pixels (`style/compare.css` draws them so).
pub const ROW_HEIGHT: u32 = 32;

/// The most rows the list shows before it scrolls.
pub const VISIBLE_ROWS: usize = 8;

/// Rows drawn beyond each edge of the viewport, so a fast scroll shows no gap.
const OVERSCAN: usize = 4;

/// The rows to draw when the list's viewport of `height` pixels is scrolled to `top`, out of
/// `count`.
pub fn window(top: u32, height: u32, count: usize) -> Range<usize> {
    let row = ROW_HEIGHT.max(1);
    let first = (top / row) as usize;
    let shown = height.div_ceil(row) as usize;
    let start = first.saturating_sub(OVERSCAN).min(count);
    let end = (first + shown + OVERSCAN).min(count);
    start..end.max(start)
}

/// The scroll position that brings row `index` into a viewport of `height` pixels now
/// scrolled to `top`; `None` when it is in view already.
pub fn scroll_to(index: usize, top: u32, height: u32) -> Option<u32> {
    let row_top = index as u32 * ROW_HEIGHT;
    let row_bottom = row_top + ROW_HEIGHT;
    if row_top < top {
        Some(row_top)
    } else if row_bottom > top + height {
        Some(row_bottom.saturating_sub(height))
    } else {
        None
    }
}

/// The row `key` moves to from `active` among `count` rows; `None` for any other key (or
/// an empty list).
pub fn after_key(active: usize, key: &str, count: usize) -> Option<usize> {
    let last = count.checked_sub(1)?;
    let page = VISIBLE_ROWS - 1;
    let next = match key {
        "ArrowDown" => active.saturating_add(1),
        "ArrowUp" => active.saturating_sub(1),
        "PageDown" => active.saturating_add(page),
        "PageUp" => active.saturating_sub(page),
        "Home" => 0,
        "End" => last,
        _ => return None,
    };
    Some(next.min(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_covers_the_viewport_and_a_margin() {
        assert_eq!(window(0, 256, 10_000), 0..12);
        assert_eq!(window(32 * 100, 256, 10_000), 96..112);
        assert_eq!(window(32 * 9_999, 256, 10_000), 9_995..10_000);
        assert_eq!(window(0, 256, 3), 0..3);
        assert_eq!(window(5000, 256, 0), 0..0);
    }

    #[test]
    fn scrolling_brings_a_row_into_view() {
        assert_eq!(scroll_to(0, 0, 256), None);
        assert_eq!(scroll_to(8, 0, 256), Some(32));
        assert_eq!(scroll_to(2, 320, 256), Some(64));
    }

    #[test]
    fn keys_move_within_the_list() {
        assert_eq!(after_key(0, "ArrowDown", 3), Some(1));
        assert_eq!(after_key(2, "ArrowDown", 3), Some(2));
        assert_eq!(after_key(0, "ArrowUp", 3), Some(0));
        assert_eq!(after_key(1, "End", 3), Some(2));
        assert_eq!(after_key(2, "Home", 3), Some(0));
        assert_eq!(after_key(0, "PageDown", 100), Some(7));
        assert_eq!(after_key(3, "PageUp", 100), Some(0));
        assert_eq!(after_key(0, "Enter", 3), None);
        assert_eq!(after_key(0, "ArrowDown", 0), None);
    }
}
