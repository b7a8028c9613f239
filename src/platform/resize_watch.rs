//! A `ResizeObserver` that reports the border-box height of each watched row by its
//! `data-index`, for the windowed lists: heights are measured where the browser has laid the
//! rows out anyway, so measuring forces no extra layout.

use wasm_bindgen::{JsCast, closure::Closure};

/// Watches the heights of row elements carrying a `data-index` attribute.
pub struct ResizeWatch {
    observer: web_sys::ResizeObserver,
    /// Kept alive as long as the observer may call it.
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl ResizeWatch {
    /// Calls `on_heights` with `(index, height)` pairs whenever watched rows change size (and
    /// once when each starts being watched).
    pub fn new(mut on_heights: impl FnMut(Vec<(usize, f64)>) + 'static) -> Option<ResizeWatch> {
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let heights = entries
                .iter()
                .filter_map(|entry| entry.dyn_into::<web_sys::ResizeObserverEntry>().ok())
                .filter_map(|entry| {
                    let target = entry.target();
                    // An observer also fires for rows just removed from the page, which then
                    // measure 0: they keep their last real height.
                    if !target.is_connected() {
                        return None;
                    }
                    let index = target.get_attribute("data-index")?.parse().ok()?;
                    let height = target.get_bounding_client_rect().height();
                    (height > 0.0).then_some((index, height))
                })
                .collect();
            on_heights(heights);
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        Some(ResizeWatch {
            observer,
            _callback: callback,
        })
    }

    /// Watches exactly the element children of `parent` that carry a `data-index`.
    pub fn watch_children(&self, parent: &web_sys::Element) {
        self.observer.disconnect();
        let children = parent.children();
        for position in 0..children.length() {
            if let Some(child) = children.item(position)
                && child.has_attribute("data-index")
            {
                self.observer.observe(&child);
            }
        }
    }
}

impl Drop for ResizeWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}
