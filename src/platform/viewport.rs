//! The page's viewport: its height, the scroll position, and bringing a segment into view
//! with a highlight (search results, a deep link's place), for the windowed chat list.

use wasm_bindgen::JsCast;

use pep_view::Place;
use pep_view::SegmentRef as SegmentKey;

/// The class that marks the segment a search or link jumped to.
const HIT_CLASS: &str = "pe-hit";
/// The `data-testid` of a deep link's target (DECISIONS §15), until the reader moves on.
const DEEP_MARK: &str = "deep-link-target";

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
/// it while the user types and steps. Does nothing (and says so) when the message is not
/// rendered.
pub fn reveal_segment(list: &web_sys::Element, key: SegmentKey) -> bool {
    let Ok(Some(message)) =
        list.query_selector(&format!(":scope > [data-index=\"{}\"]", key.message))
    else {
        return false;
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
    true
}

/// Scrolls a deep link's `place` among the rendered messages of `list` into the viewport and
/// marks it: the segment's element (`data-path`, a segment of an invalid message: its
/// message's card) or the message row. Does nothing (and says so) when the message is not
/// rendered.
pub fn mark_place(list: &web_sys::Element, place: Place) -> bool {
    let Ok(Some(row)) =
        list.query_selector(&format!(":scope > [data-index=\"{}\"]", place.message()))
    else {
        return false;
    };
    let target = match place {
        Place::Message(_) => None,
        Place::Segment(at) => row
            .query_selector(&format!("[data-path=\"{at}\"]"))
            .ok()
            .flatten(),
    };
    let options = web_sys::ScrollIntoViewOptions::new();
    // A message row can be taller than the viewport: its top comes into view.
    options.set_block(if target.is_some() {
        web_sys::ScrollLogicalPosition::Center
    } else {
        web_sys::ScrollLogicalPosition::Start
    });
    // A segment that was not rendered when the jump began has just been made folded.
    if let Some(toggle) = target.as_ref().and_then(|target| {
        let folded = ":scope > .pe-fold__toggle[aria-expanded=\"false\"], \
                      :scope > .pe-fold > .pe-fold__toggle[aria-expanded=\"false\"]";
        target.query_selector(folded).ok().flatten()
    }) && let Ok(toggle) = toggle.dyn_into::<web_sys::HtmlElement>()
    {
        toggle.click();
    }
    let target = target.unwrap_or(row);
    clear_hits(list);
    let _ = shown_part(target.clone()).class_list().add_1(HIT_CLASS);
    let _ = target.set_attribute("data-testid", DEEP_MARK);
    target.scroll_into_view_with_scroll_into_view_options(&options);
    true
}

fn mark_selector() -> String {
    format!("[data-testid=\"{DEEP_MARK}\"]")
}

/// Brings the marked hit in `list` back into the viewport if the layout moved it out; whether
/// it was in view (or is gone: nothing to keep).
pub fn keep_hit_in_view(list: &web_sys::Element) -> bool {
    let Ok(Some(hit)) = list.query_selector(&format!(".{HIT_CLASS}")) else {
        return true;
    };
    let rect = hit.get_bounding_client_rect();
    if rect.bottom() > 0.0 && rect.top() < viewport_height() {
        return true;
    }
    let options = web_sys::ScrollIntoViewOptions::new();
    // A message row can be taller than the viewport: its top, as `mark_place` put it.
    options.set_block(if hit.has_attribute("data-index") {
        web_sys::ScrollLogicalPosition::Start
    } else {
        web_sys::ScrollLogicalPosition::Center
    });
    hit.scroll_into_view_with_scroll_into_view_options(&options);
    false
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
            !child.class_list().contains("pe-seglink")
                && child
                    .dyn_ref::<web_sys::HtmlElement>()
                    .is_some_and(|c| c.offset_parent().is_some())
        })
        .unwrap_or(segment)
}

/// Removes the hit mark, and a deep link's mark, from every element of `list`.
pub fn clear_hits(list: &web_sys::Element) {
    crate::platform::dom::each_match(list, &format!(".{HIT_CLASS}"), |element| {
        let _ = element.class_list().remove_1(HIT_CLASS);
    });
    crate::platform::dom::each_match(list, &mark_selector(), |element| {
        let _ = element.remove_attribute("data-testid");
    });
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
