//! The loader of the envelopes the lazy module shows for the page (Your envelope, a shared
//! link's, embed mode's stored one; `src/lazy_main.rs`), mounted by
//! `src/platform/js/lazy.js` into a place the page gives it, so the page's first render does
//! not carry their views. The page tells the module its options at the start and hands Your
//! envelope each text that arrives (paste, drop, Edit a copy); the module tells the page when
//! its view switch changes the view mode, and hands it the text of "Edit a copy".

use std::cell::RefCell;

use pep_view::text::{Lang, Text};
use pep_view::view_mode::ViewMode;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The page's options at the time it asked, as the module is told them (`state::shell`
/// hands them on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageOptions {
    /// Embed mode.
    pub embed: bool,
    /// The view mode.
    pub view: ViewMode,
    /// Presenter mode.
    pub present: bool,
    /// A step asked for, taken by the first envelope shown.
    pub step: Option<u64>,
    /// A place asked for (a deep link's path), taken the same way.
    pub at: Option<String>,
}

/// What the module calls the page with (a view mode; the text of "Edit a copy").
type Callback = Closure<dyn Fn(String)>;

thread_local! {
    /// The shown view's callbacks, kept as long as the view may call them.
    static CALLBACKS: RefCell<Option<[Callback; 2]>> = const { RefCell::new(None) };
}

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openDocument)]
    #[allow(clippy::too_many_arguments)]
    fn open_document(
        host: &web_sys::Element,
        what: &str,
        payload: Option<String>,
        embed: bool,
        view: &str,
        present: bool,
        step: Option<f64>,
        at: Option<String>,
        loading: &str,
        failed: &str,
        on_view: &JsValue,
        on_edit: &JsValue,
    );

    #[wasm_bindgen(js_name = documentAt)]
    fn document_at_js(path: &str);

    #[wasm_bindgen(js_name = arriveRaw)]
    fn arrive_raw_js(value: &JsValue);

    #[wasm_bindgen(js_name = closeDocument)]
    fn close_document();
}

/// Shows `what` (`LazyShown::name`, with a shared link's payload) in `host` with the page's
/// `options`; `host` says so in `lang` while the module loads, and that it failed if it cannot
/// be fetched. `on_view` gets each view mode the view switch chooses, `on_edit` the text of
/// "Edit a copy". Replaces the envelope shown before.
pub fn open(
    host: &web_sys::Element,
    what: (&str, Option<&str>),
    options: PageOptions,
    lang: Lang,
    on_view: impl Fn(String) + 'static,
    on_edit: impl Fn(String) + 'static,
) {
    let callbacks = [
        Closure::<dyn Fn(String)>::new(on_view),
        Closure::<dyn Fn(String)>::new(on_edit),
    ];
    let [on_view, on_edit] = &callbacks;
    open_document(
        host,
        what.0,
        what.1.map(str::to_owned),
        options.embed,
        options.view.as_str(),
        options.present,
        options.step.map(|step| step as f64),
        options.at,
        lang.t(Text::Preparing),
        lang.t(Text::ViewUnavailable),
        on_view.as_ref(),
        on_edit.as_ref(),
    );
    CALLBACKS.with(|slot| *slot.borrow_mut() = Some(callbacks));
}

/// Hands Your envelope a text (a JS string: pasted, or Edit a copy's) or a dropped file (a
/// `File`) as the browser has it: the module copies it into its memory, once, or refuses it. Until Your envelope is mounted it waits
/// for it, in order (the page opens it right after).
pub fn arrive_raw(value: JsValue) {
    arrive_raw_js(&value);
}

/// What a text or file given to [`arrive_raw`] holds, in the module that takes it: the text,
/// or why it is refused (larger than DECISIONS §9 allows, or unreadable). None for anything
/// else.
pub async fn take_raw(value: JsValue) -> Option<Result<String, Text>> {
    if let Some(file) = value.dyn_ref::<web_sys::File>() {
        if super::files::size(file) > pep_view::MAX_INPUT_BYTES as f64 {
            return Some(Err(Text::FileTooLarge));
        }
        let read = super::files::read_file(file).await;
        return Some(read.map_err(|_| Text::FileReadFailed));
    }
    let text = value.as_string()?;
    Some(if text.len() > pep_view::MAX_INPUT_BYTES {
        Err(Text::InputTooLarge)
    } else {
        Ok(text)
    })
}

/// Takes the envelope shown down, if there is one.
pub fn close() {
    close_document();
    CALLBACKS.with(|slot| slot.borrow_mut().take());
}

/// Hands the envelope the module shows a place to open on (a host's `set` with `at`).
pub fn ask_at(path: &str) {
    document_at_js(path);
}
