//! The compare module's entry point (DECISIONS §13): a second wasm of the app, built by Trunk
//! next to the page's and fetched the first time a comparison is shown
//! (`src/platform/js/compare.js`), so the page's first render does not carry the compare view.
//! It mounts `components::compare::CompareModule` into the element the page gives it; its
//! engine is a worker of its own. Like `main.rs`, it only starts things.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use pep_view::text::Lang;
use prompt_envelope::components::compare::CompareModule;
use prompt_envelope::platform;
use prompt_envelope::state::compare::SideAsk;
use wasm_bindgen::prelude::*;

/// What is mounted: the view (dropping it unmounts it) and its language.
struct Mounted {
    _view: Box<dyn std::any::Any>,
    lang: RwSignal<Lang>,
}

thread_local! {
    /// The one comparison shown (the page shows at most one).
    static MOUNTED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
}

/// Nothing runs until the page mounts a comparison.
fn main() {}

/// Mounts the comparison of side A (`a_id`: a demo id, `custom`, or `text` with `a_label` and
/// `a_text`) with side B (`b_id`: a demo id or `custom`; none: the view asks for it) into
/// `root`, in `lang` (a BCP 47 tag); `on_close` is called when Close is pressed. Replaces what
/// was mounted before. An error when the parts name no side.
#[wasm_bindgen]
pub fn mount(
    root: web_sys::HtmlElement,
    a_id: String,
    a_label: Option<String>,
    a_text: Option<String>,
    b_id: Option<String>,
    lang: String,
    on_close: js_sys::Function,
) -> Result<(), JsValue> {
    platform::crash::install();
    unmount();
    let a = SideAsk::from_parts(&a_id, a_label, a_text)
        .ok_or_else(|| JsValue::from_str(&format!("compare: no side named {a_id:?}")))?;
    let b = b_id.and_then(|id| SideAsk::from_id(&id));
    let tag = Lang::from_tag(&lang);
    // The signals are made inside the mount, so they belong to its owner and go with it.
    let made = Rc::new(Cell::new(None));
    let keep = Rc::clone(&made);
    let view = leptos::mount::mount_to(root, move || {
        let lang = RwSignal::new(tag);
        keep.set(Some(lang));
        let on_close = Callback::new(move |()| {
            let _ = on_close.call0(&JsValue::NULL);
        });
        view! { <CompareModule a=a b=b lang=lang on_close=on_close /> }
    });
    let Some(lang) = made.get() else {
        return Err(JsValue::from_str("compare: the view did not mount"));
    };
    MOUNTED.with(|mounted| {
        *mounted.borrow_mut() = Some(Mounted {
            _view: Box::new(view),
            lang,
        });
    });
    Ok(())
}

/// The mounted comparison's language (`lang`, a BCP 47 tag).
#[wasm_bindgen]
pub fn set_lang(lang: String) {
    MOUNTED.with(|mounted| {
        if let Some(mounted) = mounted.borrow().as_ref() {
            mounted.lang.set(Lang::from_tag(&lang));
        }
    });
}

/// Takes the mounted comparison down.
#[wasm_bindgen]
pub fn unmount() {
    // Dropped outside the borrow: unmounting runs the view's cleanups.
    let mounted = MOUNTED.with(|mounted| mounted.borrow_mut().take());
    drop(mounted);
}
