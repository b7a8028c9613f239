//! A `ResizeObserver` that reports the border-box height of each watched row by its number
//! (`data-index` in the chat, `data-line` in the panel's wrapped JSON), for the windowed lists: heights are measured where the browser has laid the
//! rows out anyway, so measuring forces no extra layout.

use wasm_bindgen::{JsCast, closure::Closure};

/// What is told the `(number, height)` of rows that changed size.
type OnHeights = Box<dyn FnMut(Vec<(usize, f64)>)>;

/// Watches the heights of row elements carrying a number in an attribute.
pub struct ResizeWatch {
    observer: web_sys::ResizeObserver,
    /// The attribute holding a row's number.
    attribute: &'static str,
    /// Kept alive as long as the observer may call it.
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl ResizeWatch {
    /// Calls `on_heights` with `(number, height)` pairs, each row's number read from its
    /// `attribute`, whenever watched rows change size (and once when each starts being
    /// watched).
    pub fn new(
        attribute: &'static str,
        on_heights: impl FnMut(Vec<(usize, f64)>) + 'static,
    ) -> Option<ResizeWatch> {
        Self::boxed(attribute, Box::new(on_heights))
    }

    /// [`ResizeWatch::new`] for one type of callback: the page's wasm holds its code once,
    /// however many lists watch their rows.
    fn boxed(attribute: &'static str, mut on_heights: OnHeights) -> Option<ResizeWatch> {
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let heights = entries
                .iter()
                .filter_map(|entry| entry.dyn_into::<web_sys::ResizeObserverEntry>().ok())
                .filter_map(|entry| {
                    let target = entry.target();
                    // An observer also fires for rows just removed from the page, which then
                    // measure 0: they keep their last real height.
                    // A row still waiting for its content (`aria-busy`) is not its height:
                    // the estimate stays until the real row is measured.
                    if !target.is_connected()
                        || target.get_attribute("aria-busy").as_deref() == Some("true")
                    {
                        return None;
                    }
                    let index = target.get_attribute(attribute)?.parse().ok()?;
                    let height = target.get_bounding_client_rect().height();
                    (height > 0.0).then_some((index, height))
                })
                .collect();
            on_heights(heights);
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        Some(ResizeWatch {
            observer,
            attribute,
            _callback: callback,
        })
    }

    /// Watches exactly the element children of `parent` that carry the attribute.
    pub fn watch_children(&self, parent: &web_sys::Element) {
        self.observer.disconnect();
        let children = parent.children();
        for position in 0..children.length() {
            if let Some(child) = children.item(position)
                && child.has_attribute(self.attribute)
            {
                self.observer.observe(&child);
            }
        }
    }
}

impl ResizeWatch {
    /// Stops watching every row.
    pub fn unwatch(&self) {
        self.observer.disconnect();
    }
}

impl Drop for ResizeWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}
