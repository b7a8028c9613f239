//! The lazy module's entry point: a second wasm of the app, built by Trunk next to the page's
//! and fetched the first time something below is shown (`src/platform/js/lazy.js`), so the
//! page's first render carries none of it: a comparison (DECISIONS §13,
//! `components::compare::CompareModule`), the request list of a file of many requests
//! (`components::requests::RequestList`), Share's scan and link (`components::share::ShareFlow`)
//! and the envelopes it shows for the page — Your envelope, a shared link's, embed mode's stored
//! one (`components::shell::LazyDocument`) — and the keyboard shortcuts
//! (`components::shell::ShortcutsDialog`) and the Embed dialog (`components::shell::EmbedDialog`). Each is mounted into the element the page gives it;
//! the module's engine is a worker of its own. Like `main.rs`, it only starts things.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::thread::LocalKey;

use leptos::prelude::*;
use pep_view::model::ImportSummary;
use pep_view::text::Lang;
use pep_view::view_mode::ViewMode;
use prompt_envelope::components::compare::CompareModule;
use prompt_envelope::components::panel::Snippets;
use prompt_envelope::components::requests::RequestList;
use prompt_envelope::components::share::ShareFlow;
use prompt_envelope::components::shell::{EmbedDialog, LazyDocument, ShortcutsDialog};
use prompt_envelope::platform;
use prompt_envelope::state::compare::SideAsk;
use prompt_envelope::state::lang::provide_lang;
use prompt_envelope::state::options::AtAsk;
use prompt_envelope::state::shell::{Incoming, LazyShown, PageOptions};
use wasm_bindgen::prelude::*;

/// What is mounted: the view (dropping it unmounts it) and its language.
struct Mounted {
    _view: Box<dyn std::any::Any>,
    lang: RwSignal<Lang>,
}

/// Where one kind of view is kept while it is mounted.
type Slot = LocalKey<RefCell<Option<Mounted>>>;

thread_local! {
    /// The one comparison shown (the page shows at most one).
    static COMPARED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// The one request list shown (DECISIONS §13), beside it.
    static LISTED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// Share's flow (DECISIONS §8), beside the page's one Share button.
    static SHARING: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// The keyboard shortcuts, over the page.
    static SHORTCUTS: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// The Embed dialog, over the page.
    static EMBED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// The export tabs' SDK code, each while its host is in the page.
    static SNIPPETS: RefCell<Vec<(web_sys::HtmlElement, Mounted)>> = const { RefCell::new(Vec::new()) };
    /// The envelope shown for the page.
    static DOCUMENT: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// The place asked for of the envelope shown (a host's `set` with `at`), while it is shown.
    static DOCUMENT_AT: Cell<Option<RwSignal<Option<String>>>> = const { Cell::new(None) };
    /// Where the texts that arrive for Your envelope go, while it is shown.
    static INCOMING: Cell<Option<Incoming>> = const { Cell::new(None) };
}

/// The lazy module's documents are numbered from here: it shares the page's worker, whose
/// documents are numbered from 1.
const FIRST_DOC: u32 = 1 << 30;

/// Nothing is shown until the page mounts something.
fn main() {
    prompt_envelope::state::engine::use_engine().number_docs_from(FIRST_DOC);
}

/// Mounts what `build` makes (given its language signal, which is provided) into `root` in
/// `lang` (a BCP 47 tag), kept in `slot` in place of what it held. The signals are made inside
/// the mount, so they belong to its owner and go with it.
fn mount_in<V: IntoView + 'static>(
    slot: &'static Slot,
    root: web_sys::HtmlElement,
    lang: &str,
    build: impl FnOnce(RwSignal<Lang>) -> V + 'static,
) -> Result<(), JsValue> {
    take_down(slot);
    let mounted = mount_view(root, lang, build)?;
    slot.with(|slot| *slot.borrow_mut() = Some(mounted));
    Ok(())
}

/// Mounts what `build` makes into `root` in `lang`, with its language signal provided.
fn mount_view<V: IntoView + 'static>(
    root: web_sys::HtmlElement,
    lang: &str,
    build: impl FnOnce(RwSignal<Lang>) -> V + 'static,
) -> Result<Mounted, JsValue> {
    platform::crash::install();
    let tag = Lang::from_tag(lang);
    let made = Rc::new(Cell::new(None));
    let keep = Rc::clone(&made);
    let view = leptos::mount::mount_to(root, move || {
        let lang = RwSignal::new(tag);
        keep.set(Some(lang));
        provide_lang(lang);
        build(lang)
    });
    let lang = made
        .get()
        .ok_or_else(|| JsValue::from_str("lazy module: the view did not mount"))?;
    Ok(Mounted {
        _view: Box::new(view),
        lang,
    })
}

/// A dialog's Close, calling the loader's `on_close` (which takes the dialog down).
fn closer(on_close: js_sys::Function) -> Callback<()> {
    Callback::new(move |()| {
        let _ = on_close.call0(&JsValue::NULL);
    })
}

/// Takes down what `slot` holds (outside the borrow: unmounting runs the view's cleanups).
fn take_down(slot: &'static Slot) {
    let mounted = slot.with(|slot| slot.borrow_mut().take());
    drop(mounted);
}

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
    let a = SideAsk::from_parts(&a_id, a_label, a_text)
        .ok_or_else(|| JsValue::from_str(&format!("compare: no side named {a_id:?}")))?;
    let b = b_id.and_then(|id| SideAsk::from_parts(&id, b_label, b_text));
    mount_in(&COMPARED, root, &lang, move |lang| {
        let on_close = Callback::new(move |()| {
            let _ = on_close.call0(&JsValue::NULL);
        });
        view! { <CompareModule a=a b=b lang=lang on_close=on_close /> }
    })
}

/// Takes the mounted comparison down.
#[wasm_bindgen]
pub fn unmount() {
    take_down(&COMPARED);
}

/// Mounts the request list of `source`, a file of many requests (DECISIONS §13), into
/// `root`, in `lang`: `on_choose(text, summary)` gets each chosen request's envelope text
/// (the last one first) and what its import said (an `ImportSummary` in wire bytes),
/// `on_compare(a_label, a_text, b_label, b_text)` two neighbours to compare. Replaces the list
/// mounted before.
#[wasm_bindgen]
pub fn mount_requests(
    root: web_sys::HtmlElement,
    source: String,
    lang: String,
    on_choose: js_sys::Function,
    on_compare: js_sys::Function,
) -> Result<(), JsValue> {
    mount_in(&LISTED, root, &lang, move |_| {
        let on_choose = Callback::new(move |(text, summary): (String, ImportSummary)| {
            let bytes = js_sys::Uint8Array::from(pep_view::wire::encode(&summary).as_slice());
            let _ = on_choose.call2(&JsValue::NULL, &JsValue::from_str(&text), &bytes);
        });
        let on_compare = Callback::new(move |[(a, x), (b, y)]: [(String, String); 2]| {
            let args = js_sys::Array::of4(&a.into(), &x.into(), &b.into(), &y.into());
            let _ = on_compare.apply(&JsValue::NULL, &args);
        });
        view! { <RequestList source=source on_choose=on_choose on_compare=on_compare /> }
    })
}

/// Takes the mounted request list down.
#[wasm_bindgen]
pub fn unmount_requests() {
    take_down(&LISTED);
}

/// Mounts Share's flow for `text` (Download names it `stem`.json) into `root`, in `lang`: it
/// scans `text` for secrets at once. Replaces the flow mounted before.
#[wasm_bindgen]
pub fn mount_share(
    root: web_sys::HtmlElement,
    text: String,
    stem: String,
    lang: String,
) -> Result<(), JsValue> {
    let source: std::sync::Arc<str> = std::sync::Arc::from(text);
    mount_in(&SHARING, root, &lang, move |_| {
        view! { <ShareFlow source=source file_stem=stem /> }
    })
}

/// Takes Share's flow down.
#[wasm_bindgen]
pub fn unmount_share() {
    take_down(&SHARING);
}

/// Mounts the keyboard shortcuts dialog into `root`, in `lang`; `on_close` is called when
/// Close is pressed.
#[wasm_bindgen]
pub fn mount_shortcuts(
    root: web_sys::HtmlElement,
    lang: String,
    on_close: js_sys::Function,
) -> Result<(), JsValue> {
    mount_in(&SHORTCUTS, root, &lang, move |_| {
        view! { <ShortcutsDialog on_close=closer(on_close) /> }
    })
}

/// Takes the shortcuts dialog down.
#[wasm_bindgen]
pub fn unmount_shortcuts() {
    take_down(&SHORTCUTS);
}

/// Mounts the Embed dialog into `root`, in `lang`; `on_close` is called when Close is pressed.
#[wasm_bindgen]
pub fn mount_embed(
    root: web_sys::HtmlElement,
    lang: String,
    on_close: js_sys::Function,
) -> Result<(), JsValue> {
    mount_in(&EMBED, root, &lang, move |_| {
        view! { <EmbedDialog on_close=closer(on_close) /> }
    })
}

/// Mounts the SDK code of the export `format` names (its download is `file_name`; `model` the
/// envelope's, empty when none) into `root`, in `lang`; the code of tabs no longer in the page
/// is taken down.
#[wasm_bindgen]
pub fn mount_snippets(
    root: web_sys::HtmlElement,
    lang: String,
    format: String,
    file_name: String,
    model: String,
) -> Result<(), JsValue> {
    let format = pep_view::Format::from_name(&format)
        .ok_or_else(|| JsValue::from_str(&format!("lazy module: no format named {format:?}")))?;
    let gone: Vec<Mounted> = SNIPPETS.with(|mounted| {
        let mut mounted = mounted.borrow_mut();
        let (kept, gone) = mounted.drain(..).partition(|(host, _)| host.is_connected());
        *mounted = kept;
        gone.into_iter().map(|(_, view)| view).collect::<Vec<_>>()
    });
    drop(gone);
    let mounted = mount_view(root.clone(), &lang, move |_| {
        view! { <Snippets format=format file_name=file_name model=model /> }
    })?;
    SNIPPETS.with(|all| all.borrow_mut().push((root, mounted)));
    Ok(())
}

/// Takes the Embed dialog down.
#[wasm_bindgen]
pub fn unmount_embed() {
    take_down(&EMBED);
}

/// Mounts the envelope `what` names (`custom`, `shared` with `payload`, `stored`) into `root`,
/// in `lang`, with the page's options: `embed`, the view mode `view` (`ViewMode::as_str`),
/// presenter mode `present`, and the step and the place (`at`) asked for. `on_view(mode)` is called with each view
/// mode its view switch chooses, `on_edit(text)` with the text of "Edit a copy". Replaces the
/// envelope mounted before. An error when `what` names none.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn mount_document(
    root: web_sys::HtmlElement,
    what: String,
    payload: Option<String>,
    embed: bool,
    view: String,
    present: bool,
    step: Option<f64>,
    at: Option<String>,
    lang: String,
    on_view: js_sys::Function,
    on_edit: js_sys::Function,
) -> Result<(), JsValue> {
    let shown = LazyShown::from_name(&what, payload)
        .ok_or_else(|| JsValue::from_str(&format!("lazy module: no envelope named {what:?}")))?;
    let options = PageOptions {
        embed,
        view: ViewMode::from_query(Some(&view)),
        present,
        step: step.map(|step| step as u64),
        // Asked through the signal below, which a host's later `set` reaches too.
        at: None,
    };
    mount_in(&DOCUMENT, root, &lang, move |_| {
        let asked = RwSignal::new(at);
        provide_context(AtAsk(asked));
        DOCUMENT_AT.set(Some(asked));
        let incoming = Incoming(RwSignal::new(None));
        INCOMING.set(Some(incoming));
        let on_view = Callback::new(move |mode: ViewMode| {
            let _ = on_view.call1(&JsValue::NULL, &JsValue::from_str(mode.as_str()));
        });
        let on_edit = Callback::new(move |text: String| {
            let _ = on_edit.call1(&JsValue::NULL, &JsValue::from_str(&text));
        });
        view! {
            <LazyDocument shown=shown options=options on_view=on_view on_edit=on_edit incoming=incoming />
        }
    })
}

/// Opens the envelope shown on the place `path` names (a host's `set` with `at`).
#[wasm_bindgen]
pub fn document_at(path: String) {
    if let Some(asked) = DOCUMENT_AT.get() {
        asked.try_set(Some(path));
    }
}

/// A text (a JS string: pasted, or Edit a copy's) or a dropped file (a `File`) for Your
/// envelope, as the browser has it (`platform::lazy_document::arrive_raw`): read here, once,
/// or refused.
#[wasm_bindgen]
pub fn document_arrive_raw(value: JsValue) {
    leptos::task::spawn_local(async move {
        let Some(value) = platform::lazy_document::take_raw(value).await else {
            return;
        };
        // Reading a large text is a task; what Your envelope does with it is the next.
        platform::tasks::next_task().await;
        if let Some(Incoming(incoming)) = INCOMING.get() {
            incoming.try_set(Some(value));
        }
    });
}

/// Takes the envelope shown for the page down.
#[wasm_bindgen]
pub fn unmount_document() {
    INCOMING.set(None);
    take_down(&DOCUMENT);
}

/// The language (`lang`, a BCP 47 tag) of everything mounted.
#[wasm_bindgen]
pub fn set_lang(lang: String) {
    SNIPPETS.with(|mounted| {
        for (_, view) in mounted.borrow().iter() {
            view.lang.set(Lang::from_tag(&lang));
        }
    });
    for slot in [&COMPARED, &LISTED, &SHARING, &SHORTCUTS, &EMBED, &DOCUMENT] {
        slot.with(|mounted| {
            if let Some(mounted) = mounted.borrow().as_ref() {
                mounted.lang.set(Lang::from_tag(&lang));
            }
        });
    }
}
