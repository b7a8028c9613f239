//! The DOM work components ask for by name: which segment or JSON line an event happened in,
//! marking linked lines, scrolling a box, focusing, reading what a paste or drop carries.

use pep_view::SegmentRef;
use wasm_bindgen::JsCast;

/// The class of a JSON line that the hovered or focused segment produced.
pub const LINKED_CLASS: &str = "pe-json__row--linked";

fn element_of(event: &web_sys::Event) -> Option<web_sys::Element> {
    event.target()?.dyn_into::<web_sys::Element>().ok()
}

/// The segment an event happened in: the child of a message body that holds its target, and
/// that message's index (`data-index`).
pub fn segment_of_event(event: &web_sys::Event) -> Option<SegmentRef> {
    let segment = element_of(event)?
        .closest(".pe-message__body > *")
        .ok()
        .flatten()?;
    let body = segment.parent_element()?;
    let children = body.children();
    let position =
        (0..children.length()).find(|i| children.item(*i).is_some_and(|c| c == segment))?;
    let message = body.closest("[data-index]").ok().flatten()?;
    let index = message.get_attribute("data-index")?.parse().ok()?;
    Some(SegmentRef::new(index, position as usize))
}

/// The link group of the JSON line an event happened on (`data-link`).
pub fn group_of_event(event: &web_sys::Event) -> Option<u32> {
    let row = element_of(event)?.closest("[data-link]").ok().flatten()?;
    row.get_attribute("data-link")?.parse().ok()
}

/// Calls `apply` on every element of `root` that matches `selector`.
pub fn each_match(
    root: &web_sys::Element,
    selector: &str,
    mut apply: impl FnMut(web_sys::Element),
) {
    let Ok(list) = root.query_selector_all(selector) else {
        return;
    };
    for i in 0..list.length() {
        if let Some(element) = list
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        {
            apply(element);
        }
    }
}

/// Marks the lines of `groups` inside `root` (and unmarks every other line).
pub fn mark_groups(root: &web_sys::Element, groups: &[u32]) {
    each_match(root, &format!(".{LINKED_CLASS}"), |element| {
        let _ = element.class_list().remove_1(LINKED_CLASS);
    });
    for group in groups {
        each_match(root, &format!("[data-link=\"{group}\"]"), |element| {
            let _ = element.class_list().add_1(LINKED_CLASS);
        });
    }
}

/// Scrolls the tab panel around `root` (not the page) so that the first line of `group` is in
/// view, a third from the top, unless it is in view already or the tab is hidden.
pub fn reveal_group(root: &web_sys::Element, group: u32) -> Option<()> {
    reveal_selector(root, &format!("[data-link=\"{group}\"]"))
}

/// [`reveal_group`] for the first element under `root` that `selector` matches.
pub fn reveal_selector(root: &web_sys::Element, selector: &str) -> Option<()> {
    let row = root.query_selector(selector).ok()??;
    let container = root.closest(".pe-tabpanel").ok()??;
    if container.get_attribute("hidden").is_some() {
        return None;
    }
    let outer = container.get_bounding_client_rect();
    let inner = row.get_bounding_client_rect();
    if inner.top() >= outer.top() && inner.bottom() <= outer.bottom() {
        return Some(());
    }
    let delta = inner.top() - outer.top() - outer.height() / 3.0;
    container.set_scroll_top(container.scroll_top() + delta as i32);
    Some(())
}

/// Whether `element` is hidden (the `hidden` attribute).
pub fn is_hidden(element: &web_sys::Element) -> bool {
    element.get_attribute("hidden").is_some()
}

/// Focuses the element with `id`, if there is one.
pub fn focus_id(id: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// Whether the `<details>` a toggle event came from is open now.
pub fn details_open(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
        .is_some_and(|details| details.open())
}

/// Whether an event happened in a modal dialog over the page (the shortcuts, Embed), which
/// keeps its keys from the page's.
pub fn in_dialog(event: &web_sys::Event) -> bool {
    element_of(event)
        .and_then(|element| element.closest(".pe-dialog-host").ok().flatten())
        .is_some()
}

/// Whether an event lands in something that takes text itself (a paste there is its own).
pub fn in_text_field(event: &web_sys::Event) -> bool {
    let Some(element) = element_of(event) else {
        return false;
    };
    matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA")
        || element
            .closest("[contenteditable]")
            .ok()
            .flatten()
            .is_some()
}

/// Whether a comparison hides the page's envelope (`.pe-comparing` on the root, set by
/// `js/lazy.js`): what would change that envelope (the step keys, Play, a paste or a drop)
/// waits until it is closed.
pub fn comparing() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .is_some_and(|root| root.class_list().contains("pe-comparing"))
}

/// Whether a key event is free for the stepper (DECISIONS §13): focus is on the page itself
/// or on a plain control (a button, a link, a fold), not on anything that uses the arrow
/// keys, Home and End itself — a text field, the slider, the panel's tabs, or a box that
/// scrolls with them (the JSON, a long result, a snippet). Never while a comparison hides the
/// stepper (`.pe-comparing`, `js/lazy.js`).
pub fn leaves_step_keys(event: &web_sys::Event) -> bool {
    let Some(element) = element_of(event) else {
        return true;
    };
    if comparing() {
        return false;
    }
    let inside = |selector: &str| element.closest(selector).ok().flatten().is_some();
    // A modal dialog over the page (the shortcuts, Embed) keeps its keys.
    if inside(".pe-dialog-host") {
        return false;
    }
    match element.tag_name().as_str() {
        "BODY" | "HTML" => true,
        "BUTTON" | "A" | "SUMMARY" => !inside("[role=\"tablist\"], .pe-json, [contenteditable]"),
        _ => false,
    }
}

/// The text a paste carries.
pub fn pasted_text(event: &web_sys::ClipboardEvent) -> Option<String> {
    event.clipboard_data()?.get_data("text").ok()
}

/// The text a paste carries, left in the browser: a large one is copied into a wasm only once,
/// by the module that takes it (`lazy_document::arrive_raw`). None when it holds only white
/// space.
pub fn pasted_raw(event: &web_sys::ClipboardEvent) -> Option<js_sys::JsString> {
    let data = event.clipboard_data()?;
    let get_data: js_sys::Function = js_sys::Reflect::get(&data, &"getData".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let text: js_sys::JsString = get_data
        .call1(&data, &"text".into())
        .ok()?
        .dyn_into()
        .ok()?;
    (text.trim().length() > 0).then_some(text)
}

/// Whether a drag carries files.
pub fn carries_files(event: &web_sys::DragEvent) -> bool {
    event.data_transfer().is_some_and(|data| {
        data.types()
            .iter()
            .any(|t| t.as_string().as_deref() == Some("Files"))
    })
}

/// The first file a drop carries.
pub fn dropped_file(event: &web_sys::DragEvent) -> Option<web_sys::File> {
    event.data_transfer()?.files()?.get(0)
}

/// The `<html>` element's attribute `name` set to `value`.
pub fn set_root_attribute(name: &str, value: &str) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute(name, value);
    }
}

/// Attribute `name` set to `value` on every element under `root` matching `selector`.
pub fn set_all(root: &web_sys::Element, selector: &str, name: &str, value: &str) {
    let Ok(found) = root.query_selector_all(selector) else {
        return;
    };
    for index in 0..found.length() {
        if let Some(element) = found
            .item(index)
            .and_then(|node| node.dyn_into::<web_sys::Element>().ok())
        {
            let _ = element.set_attribute(name, value);
        }
    }
}

/// The first element matching `selector` in the page.
pub fn query(selector: &str) -> Option<web_sys::Element> {
    web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()
        .flatten()
}

/// Removes the element with id `id` from the page, if there is one.
pub fn remove_id(id: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id));
    if let Some(element) = element {
        element.remove();
    }
}

/// The chat list's element type (`<ol>`), for the components that hold one.
pub type ListElement = web_sys::HtmlOListElement;
