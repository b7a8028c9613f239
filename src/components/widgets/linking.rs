//! Linking the chat and the protocol panel (issue: segment ↔ export): hovering or focusing a
//! segment highlights the lines of the open tab's JSON it produced; clicking such a line
//! brings its segment into view and marks it, through the same jump a search hit uses.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::collapse::SegmentKey;

/// The class of a JSON line that the hovered or focused segment produced.
pub const LINKED_CLASS: &str = "pe-json__row--linked";

/// The two signals both sides share, provided by the envelope view.
#[derive(Debug, Clone, Copy)]
pub struct Linking {
    /// The segment under the pointer or holding focus, if any.
    pub hovered: RwSignal<Option<SegmentKey>>,
    /// The segment to jump to (shared with search).
    pub target: RwSignal<Option<SegmentKey>>,
}

/// The linking signals of the envelope view around, if any (component tests have none).
pub fn use_linking() -> Option<Linking> {
    use_context::<Linking>()
}

/// The segment an event happened in: the child of a message body that holds its target,
/// and that message's index (`data-index`).
pub fn segment_of_event(event: &web_sys::Event) -> Option<SegmentKey> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    let segment = target.closest(".pe-message__body > *").ok().flatten()?;
    let body = segment.parent_element()?;
    let position = (0..body.children().length()).find(|i| {
        body.children()
            .item(*i)
            .is_some_and(|child| child == segment)
    })?;
    let message = body.closest("[data-index]").ok().flatten()?;
    let index = message.get_attribute("data-index")?.parse().ok()?;
    Some(SegmentKey::new(index, position as usize))
}

/// The link group of the JSON line an event happened on (`data-link`).
pub fn group_of_event(event: &web_sys::Event) -> Option<u32> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    let row = target.closest("[data-link]").ok().flatten()?;
    row.get_attribute("data-link")?.parse().ok()
}

/// Marks the lines of `groups` inside `root` (and unmarks every other line).
pub fn mark_groups(root: &web_sys::Element, groups: &[u32]) {
    if let Ok(marked) = root.query_selector_all(&format!(".{LINKED_CLASS}")) {
        for i in 0..marked.length() {
            if let Some(element) = marked
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let _ = element.class_list().remove_1(LINKED_CLASS);
            }
        }
    }
    for group in groups {
        let Ok(rows) = root.query_selector_all(&format!("[data-link=\"{group}\"]")) else {
            continue;
        };
        for i in 0..rows.length() {
            if let Some(element) = rows
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let _ = element.class_list().add_1(LINKED_CLASS);
            }
        }
    }
}

/// Scrolls `container` (not the page) so that `row` is in view, a third from the top, when it
/// is not in view already.
pub fn scroll_into(container: &web_sys::Element, row: &web_sys::Element) {
    let outer = container.get_bounding_client_rect();
    let inner = row.get_bounding_client_rect();
    if inner.top() >= outer.top() && inner.bottom() <= outer.bottom() {
        return;
    }
    let delta = inner.top() - outer.top() - outer.height() / 3.0;
    container.set_scroll_top(container.scroll_top() + delta as i32);
}
