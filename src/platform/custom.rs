//! Your envelope's loader: the editor and the view of the user's own envelope are in the lazy
//! module (`src/lazy_main.rs`), mounted by `src/platform/js/lazy.js` into a place the page
//! gives it, so the page's first render does not carry them. The page tells the module the
//! view mode and presenter mode at the start and hands it each text that arrives (paste,
//! drop, Edit a copy); the module tells the page when its view switch changes the view mode.

use std::cell::RefCell;

use pep_view::text::{Lang, Text};
use wasm_bindgen::prelude::*;

/// What the module calls with each view mode its switch chooses.
type OnView = Closure<dyn Fn(String)>;

thread_local! {
    /// The shown view's `on_view`, kept as long as the view may call it.
    static ON_VIEW: RefCell<Option<OnView>> = const { RefCell::new(None) };
}

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openCustom)]
    #[allow(clippy::too_many_arguments)]
    fn open_custom(
        host: &web_sys::Element,
        view: &str,
        present: bool,
        step: Option<f64>,
        loading: &str,
        failed: &str,
        on_view: &JsValue,
    );

    #[wasm_bindgen(js_name = arriveCustom)]
    fn arrive_custom(text: Option<String>, refused: Option<u32>);

    #[wasm_bindgen(js_name = closeCustom)]
    fn close_custom();
}

/// Where Your envelope starts.
pub struct Start<'a> {
    /// The view mode (`ViewMode::as_str`).
    pub view: &'a str,
    /// Presenter mode.
    pub present: bool,
    /// A step asked for (`?step=`), taken by the first envelope shown.
    pub step: Option<u64>,
}

/// Shows Your envelope in `host`, which says so in `lang` while the module loads, and that it
/// failed if the module cannot be fetched; `on_view` gets each view mode its switch chooses.
pub fn open(
    host: &web_sys::Element,
    start: Start<'_>,
    lang: Lang,
    on_view: impl Fn(String) + 'static,
) {
    let on_view = Closure::<dyn Fn(String)>::new(on_view);
    open_custom(
        host,
        start.view,
        start.present,
        start.step.map(|step| step as f64),
        lang.t(Text::Preparing),
        lang.t(Text::EditorUnavailable),
        on_view.as_ref(),
    );
    ON_VIEW.with(|slot| *slot.borrow_mut() = Some(on_view));
}

/// Hands Your envelope a text that arrived, or why one was refused (`Err`).
pub fn arrive(value: Result<String, Text>) {
    match value {
        Ok(text) => arrive_custom(Some(text), None),
        Err(reason) => arrive_custom(None, Some(text_number(reason))),
    }
}

/// Takes Your envelope down, if it is shown.
pub fn close() {
    close_custom();
    ON_VIEW.with(|slot| slot.borrow_mut().take());
}

/// A text's number, which the module of the same build reads back ([`text_of`]).
fn text_number(text: Text) -> u32 {
    Text::ALL
        .iter()
        .position(|known| *known == text)
        .map_or(u32::MAX, |at| at as u32)
}

/// The text a number stands for ([`text_number`]); none for a number no text has.
pub fn text_of(number: u32) -> Option<Text> {
    Text::ALL.get(number as usize).copied()
}
