//! The lazy module's entry point: a second wasm of the app, built by Trunk next to the page's
//! and fetched the first time a comparison (DECISIONS §13), a request list, Share's flow or
//! Your envelope is shown (`src/platform/js/lazy.js`), so the page's first render carries
//! none of them. It mounts `components::compare::CompareModule`,
//! `components::requests::RequestList`, `components::share::ShareFlow` or
//! `components::shell::CustomView` into the element the page gives it; its engine is a
//! worker of its own. Like `main.rs`, it only starts things.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use pep_view::model::ImportSummary;
use pep_view::route::Panel;
use pep_view::text::Lang;
use pep_view::view_mode::ViewMode;
use prompt_envelope::components::compare::CompareModule;
use prompt_envelope::components::requests::RequestList;
use prompt_envelope::components::share::ShareFlow;
use prompt_envelope::components::shell::CustomView;
use prompt_envelope::platform;
use prompt_envelope::state::compare::SideAsk;
use prompt_envelope::state::options::{PanelChoice, Presenter, StepAsk, ViewModeState};
use prompt_envelope::state::shell::{Incoming, Shell};
use wasm_bindgen::prelude::*;

/// What is mounted: the view (dropping it unmounts it) and its language.
struct Mounted {
    _view: Box<dyn std::any::Any>,
    lang: RwSignal<Lang>,
}

thread_local! {
    /// The one comparison shown (the page shows at most one).
    static MOUNTED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// The one request list shown (DECISIONS §13), beside it.
    static LISTED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// Share's flow (DECISIONS §8), beside the page's one Share button.
    static SHARING: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// Your envelope, and where the texts that arrive for it go.
    static CUSTOM: RefCell<Option<(Mounted, Incoming)>> = const { RefCell::new(None) };
}

/// Nothing runs until the page mounts a comparison.
fn main() {}

/// Mounts the comparison of side A (`a_id`: a demo id, `custom`, or `text` with `a_label` and
/// `a_text`) with side B (`b_id`: the same, with `b_label` and `b_text`; none: the view asks
/// for it) into `root`, in `lang` (a BCP 47 tag); `on_close` is called when Close is pressed.
/// Replaces what was mounted before. An error when the parts name no side.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn mount(
    root: web_sys::HtmlElement,
    a_id: String,
    a_label: Option<String>,
    a_text: Option<String>,
    b_id: Option<String>,
    b_label: Option<String>,
    b_text: Option<String>,
    lang: String,
    on_close: js_sys::Function,
) -> Result<(), JsValue> {
    platform::crash::install();
    unmount();
    let a = SideAsk::from_parts(&a_id, a_label, a_text)
        .ok_or_else(|| JsValue::from_str(&format!("compare: no side named {a_id:?}")))?;
    let b = b_id.and_then(|id| SideAsk::from_parts(&id, b_label, b_text));
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

/// Mounts the request list of `source`, a file of many requests (DECISIONS §13), into
/// `root`, in `lang`: `on_choose(text, summary)` gets each chosen request's envelope text
/// (the last one first) and what its import said (an `ImportSummary` in wire bytes), `on_compare(a_label, a_text, b_label, b_text)` two neighbours to compare.
/// Replaces the list mounted before.
#[wasm_bindgen]
pub fn mount_requests(
    root: web_sys::HtmlElement,
    source: String,
    lang: String,
    on_choose: js_sys::Function,
    on_compare: js_sys::Function,
) -> Result<(), JsValue> {
    platform::crash::install();
    unmount_requests();
    let tag = Lang::from_tag(&lang);
    let made = Rc::new(Cell::new(None));
    let keep = Rc::clone(&made);
    let view = leptos::mount::mount_to(root, move || {
        let lang = RwSignal::new(tag);
        keep.set(Some(lang));
        prompt_envelope::state::lang::provide_lang(lang);
        let on_choose = Callback::new(move |(text, summary): (String, ImportSummary)| {
            let bytes = js_sys::Uint8Array::from(pep_view::wire::encode(&summary).as_slice());
            let _ = on_choose.call2(&JsValue::NULL, &JsValue::from_str(&text), &bytes);
        });
        let on_compare = Callback::new(move |[(a, x), (b, y)]: [(String, String); 2]| {
            let args = js_sys::Array::of4(&a.into(), &x.into(), &b.into(), &y.into());
            let _ = on_compare.apply(&JsValue::NULL, &args);
        });
        view! { <RequestList source=source on_choose=on_choose on_compare=on_compare /> }
    });
    let Some(lang) = made.get() else {
        return Err(JsValue::from_str("requests: the list did not mount"));
    };
    LISTED.with(|listed| {
        *listed.borrow_mut() = Some(Mounted {
            _view: Box::new(view),
            lang,
        });
    });
    Ok(())
}

/// Takes the mounted request list down.
#[wasm_bindgen]
pub fn unmount_requests() {
    let listed = LISTED.with(|listed| listed.borrow_mut().take());
    drop(listed);
}

/// Mounts Share's flow for `text` (Download names it `stem`.json) into `root`, in `lang`: it
/// scans `text` for secrets at once. Replaces the flow mounted before.
#[wasm_bindgen]
pub fn mount_share(root: web_sys::HtmlElement, text: String, stem: String, lang: String) {
    platform::crash::install();
    unmount_share();
    let tag = Lang::from_tag(&lang);
    let made = Rc::new(Cell::new(None));
    let keep = Rc::clone(&made);
    let source: std::sync::Arc<str> = std::sync::Arc::from(text);
    let view = leptos::mount::mount_to(root, move || {
        let lang = RwSignal::new(tag);
        keep.set(Some(lang));
        prompt_envelope::state::lang::provide_lang(lang);
        view! { <ShareFlow source=source file_stem=stem /> }
    });
    if let Some(lang) = made.get() {
        SHARING.with(|sharing| {
            *sharing.borrow_mut() = Some(Mounted {
                _view: Box::new(view),
                lang,
            });
        });
    }
}

/// Takes Share's flow down.
#[wasm_bindgen]
pub fn unmount_share() {
    let sharing = SHARING.with(|sharing| sharing.borrow_mut().take());
    drop(sharing);
}

/// Mounts Your envelope (the editor and the user's envelope) into `root`, in `lang`, in view
/// mode `view` (`ViewMode::as_str`) and presenter mode `present`; the first envelope shown
/// takes `step`. `on_view(mode)` is called with each view mode its switch chooses. The panel
/// follows `?panel=`, as the page's does. Replaces what was mounted before.
#[wasm_bindgen]
pub fn mount_custom(
    root: web_sys::HtmlElement,
    view: String,
    present: bool,
    step: Option<f64>,
    lang: String,
    on_view: js_sys::Function,
) {
    platform::crash::install();
    unmount_custom();
    let tag = Lang::from_tag(&lang);
    let made = Rc::new(Cell::new(None));
    let keep = Rc::clone(&made);
    let mounted = leptos::mount::mount_to(root, move || {
        let lang = RwSignal::new(tag);
        prompt_envelope::state::lang::provide_lang(lang);
        let mode = RwSignal::new(ViewMode::from_query(Some(&view)));
        provide_context(ViewModeState(mode));
        Effect::new(move |was: Option<ViewMode>| {
            let now = mode.get();
            if was.is_some_and(|was| was != now) {
                let _ = on_view.call1(&JsValue::NULL, &JsValue::from_str(now.as_str()));
            }
            now
        });
        let panel = platform::url::query_param("panel");
        provide_context(PanelChoice::new(Panel::from_query(panel.as_deref())));
        provide_context(StepAsk(RwSignal::new(step.map(|step| step as u64))));
        provide_context(Presenter(RwSignal::new(present)));
        // Your envelope opens nothing else; Compare… and the request list need the shell.
        provide_context(Shell {
            embed: false,
            open_custom: Callback::new(|()| {}),
        });
        let incoming = Incoming(RwSignal::new(None));
        provide_context(incoming);
        keep.set(Some((lang, incoming)));
        view! { <CustomView /> }
    });
    if let Some((lang, incoming)) = made.get() {
        let mounted = Mounted {
            _view: Box::new(mounted),
            lang,
        };
        CUSTOM.with(|custom| *custom.borrow_mut() = Some((mounted, incoming)));
    }
}

/// A text that arrived for Your envelope (paste, drop, Edit a copy), or, with `refused` (a
/// text's number, `platform::custom`), why one was refused.
#[wasm_bindgen]
pub fn custom_arrive(text: Option<String>, refused: Option<u32>) {
    let value = match (text, refused.and_then(platform::custom::text_of)) {
        (_, Some(reason)) => Err(reason),
        (Some(text), None) => Ok(text),
        (None, None) => return,
    };
    CUSTOM.with(|custom| {
        if let Some((_, Incoming(incoming))) = custom.borrow().as_ref() {
            incoming.set(Some(value));
        }
    });
}

/// Takes Your envelope down.
#[wasm_bindgen]
pub fn unmount_custom() {
    let custom = CUSTOM.with(|custom| custom.borrow_mut().take());
    drop(custom);
}

/// The language (`lang`, a BCP 47 tag) of everything mounted.
#[wasm_bindgen]
pub fn set_lang(lang: String) {
    for slot in [&MOUNTED, &LISTED, &SHARING] {
        slot.with(|mounted| {
            if let Some(mounted) = mounted.borrow().as_ref() {
                mounted.lang.set(Lang::from_tag(&lang));
            }
        });
    }
    CUSTOM.with(|custom| {
        if let Some((mounted, _)) = custom.borrow().as_ref() {
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
