//! The page's viewport: its height, the scroll position, and bringing a segment into view
//! with a highlight (search results), for the windowed chat list.

use wasm_bindgen::JsCast;

use pep_core::SegmentRef as SegmentKey;

/// The class that marks the segment a search or link jumped to.
const HIT_CLASS: &str = "pe-hit";

/// The viewport's height in CSS pixels (a phone-sized guess when unknown).
pub fn viewport_height() -> f64 {
    web_sys::window()
        .and_then(|window| window.inner_height().ok())
        .and_then(|height| height.as_f64())
        .unwrap_or(800.0)
}

/// How far the page is scrolled down, in CSS pixels.
pub fn scroll_y() -> f64 {
    web_sys::window()
        .and_then(|window| window.scroll_y().ok())
        .unwrap_or(0.0)
}

/// Scrolls the page so that `y` (from the document's top) is at the viewport's top.
pub fn scroll_to_y(y: f64) {
    if let Some(window) = web_sys::window() {
        window.scroll_to_with_x_and_y(0.0, y.max(0.0));
    }
}

/// Scrolls segment `key` of the rendered messages in `list` to the middle of the viewport and
/// marks it (and only it) as the current hit. Focus stays where it is: the search box keeps
/// it while the user types and steps. Does nothing when the message is not rendered.
pub fn reveal_segment(list: &web_sys::Element, key: SegmentKey) {
    let Ok(Some(message)) =
        list.query_selector(&format!(":scope > [data-index=\"{}\"]", key.message))
    else {
        return;
    };
    let segment = message
        .query_selector(".pe-message__body")
        .ok()
        .flatten()
        .and_then(|body| body.children().item(key.segment as u32))
        .map(shown_part)
        .unwrap_or(message);
    clear_hits(list);
    let _ = segment.class_list().add_1(HIT_CLASS);
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Center);
    segment.scroll_into_view_with_scroll_into_view_options(&options);
}

/// The part of a segment's element to mark: a tool segment is its card and its one-line
/// summary (`.pe-tool-seg`), of which the view shows one; the other is `display: none`
/// (no offset parent).
fn shown_part(segment: web_sys::Element) -> web_sys::Element {
    if !segment.class_list().contains("pe-tool-seg") {
        return segment;
    }
    let children = segment.children();
    (0..children.length())
        .rev()
        .filter_map(|i| children.item(i))
        .find(|child| {
            child
                .dyn_ref::<web_sys::HtmlElement>()
                .is_some_and(|c| c.offset_parent().is_some())
        })
        .unwrap_or(segment)
}

/// Removes the hit mark from every element of `list`.
pub fn clear_hits(list: &web_sys::Element) {
    let Ok(previous) = list.query_selector_all(&format!(".{HIT_CLASS}")) else {
        return;
    };
    for position in 0..previous.length() {
        if let Some(element) = previous
            .item(position)
            .and_then(|node| node.dyn_into::<web_sys::Element>().ok())
        {
            let _ = element.class_list().remove_1(HIT_CLASS);
        }
    }
}

/// An element's inner height, in CSS pixels.
pub fn client_height(element: &web_sys::Element) -> f64 {
    f64::from(element.client_height())
}

/// How far an element's content is scrolled down.
pub fn scroll_top(element: &web_sys::Element) -> f64 {
    f64::from(element.scroll_top())
}

/// Scrolls an element's content to `top`.
pub fn set_scroll_top(element: &web_sys::Element, top: f64) {
    element.set_scroll_top(top as i32);
}

/// The distance from the viewport's top to an element's top.
pub fn top_of(element: &web_sys::Element) -> f64 {
    element.get_bounding_client_rect().top()
}

/// An element's inner width (without its scroll bar), in CSS pixels.
pub fn client_width(element: &web_sys::Element) -> f64 {
    f64::from(element.client_width())
}

/// An element's laid-out width, in CSS pixels (fractions kept: a probe of many characters
/// gives one character's width).
pub fn width_of(element: &web_sys::Element) -> f64 {
    element.get_bounding_client_rect().width()
}
