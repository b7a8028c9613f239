//! The request list's loader (DECISIONS §13; `src/platform/js/lazy.js`): the list is in
//! the lazy module with the compare view, mounted into a place the page gives it. The page
//! hands it the file's text and gets back each chosen request's envelope text; comparing two
//! neighbours goes from the module to the compare view without the page.

use std::cell::RefCell;

use pep_view::model::ImportSummary;
use wasm_bindgen::prelude::*;

/// What the list calls with a chosen request's envelope text and its import summary's bytes.
type OnChoose = Closure<dyn Fn(String, Vec<u8>)>;

thread_local! {
    /// The shown list's `on_choose`, kept as long as the list may call it.
    static CHOOSE: RefCell<Option<OnChoose>> = const { RefCell::new(None) };
}

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openRequests)]
    fn open_requests(root: &web_sys::Element, text: &str, failed: &str, on_choose: &JsValue);

    #[wasm_bindgen(js_name = closeRequests)]
    fn close_requests();
}

/// Shows the request list of `text` in `root`; `on_choose` gets each chosen request's
/// envelope text and what its import said. If the module cannot be fetched, `root` says
/// `failed`.
pub fn open(
    root: &web_sys::Element,
    text: &str,
    failed: &str,
    on_choose: impl Fn(String, ImportSummary) + 'static,
) {
    close();
    let on_choose = Closure::<dyn Fn(String, Vec<u8>)>::new(move |text, summary: Vec<u8>| {
        // Made by the same build's module: a summary that does not decode is a bug, said so.
        match pep_view::wire::decode::<ImportSummary>(&summary) {
            Ok(summary) => on_choose(text, summary),
            Err(error) => super::crash::show(&error.to_string()),
        }
    });
    open_requests(root, text, failed, on_choose.as_ref());
    CHOOSE.with(|slot| *slot.borrow_mut() = Some(on_choose));
}

/// Takes the request list down, if one is shown.
pub fn close() {
    close_requests();
    CHOOSE.with(|slot| slot.borrow_mut().take());
}
