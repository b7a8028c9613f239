//! A source shown through the engine (Your envelope, a shared link, a hosted load): each new
//! source is opened as a new document; the one on screen stays until the next one's first
//! view arrives, then its signals are dropped with it.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use pep_view::model::{ImportSummary, IssuesView, Opened, Request, Response};
use pep_view::panel_tab::PanelTab;

use super::layout::{EnvelopeLayout, UnreadablePanel};
use crate::state::collapse::Collapse;
use crate::state::doc::Doc;
use crate::state::engine::{EngineLink, use_engine};
use crate::state::options::use_panel;

/// How many messages of a long conversation the first view brings.
pub const FIRST_ROWS: usize = 12;

/// What a source became.
#[derive(Clone)]
pub enum Shown {
    /// An envelope.
    Envelope(Doc),
    /// Not one: why, and the input.
    Unreadable(IssuesView, Arc<str>),
    /// A file of many requests (DECISIONS §13): the issue saying how many, and the input,
    /// which the request list shows.
    Requests(IssuesView, Arc<str>),
}

/// A source to show, and whether a request in it is imported first.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// The text.
    pub text: Arc<str>,
    /// Import a request (a text that arrived whole).
    pub recognise: bool,
}

/// Opens `source` as a new document, its signals made under `owner`: `on_recognised` gets an
/// imported request's envelope text first, `on_shown` the document's id and view when its
/// first view arrives; later responses go to the document. Returns the document's id.
pub fn open(
    engine: &EngineLink,
    source: Source,
    tab: PanelTab,
    owner: Owner,
    on_recognised: impl Fn(String, ImportSummary) + 'static,
    on_shown: impl Fn(u32, Shown) + 'static,
) -> u32 {
    let text = Rc::new(RefCell::new(Arc::clone(&source.text)));
    let made: Rc<RefCell<Option<Doc>>> = Rc::default();
    let doc = engine.register(move |response| match response {
        Response::Recognised {
            text: imported,
            summary,
            ..
        } => {
            *text.borrow_mut() = Arc::from(imported.as_str());
            on_recognised(imported, summary);
        }
        Response::Opened { doc, opened } => {
            let source = Arc::clone(&text.borrow());
            let shown = match opened {
                Opened::Envelope(first) => {
                    let created = owner.with(|| Doc::new(doc, source, *first));
                    *made.borrow_mut() = Some(created);
                    Shown::Envelope(created)
                }
                Opened::Unreadable(issues) => Shown::Unreadable(issues, source),
                Opened::Requests(issues) => Shown::Requests(issues, source),
            };
            on_shown(doc, shown);
        }
        later => {
            if let Some(doc) = *made.borrow() {
                doc.take(later);
            }
        }
    });
    engine.send(Request::Open {
        doc,
        source: source.text.to_string(),
        recognise: source.recognise,
        tab,
        first: FIRST_ROWS,
    });
    doc
}

/// The document on screen and its owner, dropped when the next one replaces it.
struct Current {
    doc: u32,
    owner: Owner,
}

/// The view of `source`, a new document for each new source.
#[component]
pub fn DocumentView(
    /// The source to show; nothing while `None`.
    #[prop(into)]
    source: Signal<Option<Source>>,
    /// What is shown, for `data-demo`.
    #[prop(into)]
    id: String,
    /// Download file name without extension.
    #[prop(into)]
    file_stem: String,
    /// Fold state to keep across documents.
    #[prop(optional)]
    collapse: Option<Collapse>,
    /// The panel's open tab, to keep across documents.
    #[prop(optional)]
    tab: Option<RwSignal<PanelTab>>,
    /// Gets an imported request's envelope text and what was imported.
    #[prop(optional)]
    on_recognised: Option<Callback<(String, ImportSummary)>>,
    /// Called when a document is about to be shown, and once it has been rendered.
    #[prop(optional)]
    on_render: Option<Callback<bool>>,
    /// Gets a file of many requests, for its request list; without it such a file shows
    /// as one that cannot be read, naming how many it holds.
    #[prop(optional)]
    on_requests: Option<Callback<Arc<str>>>,
) -> impl IntoView {
    let engine = use_engine();
    let shown = RwSignal::new(None::<Shown>);
    let current: StoredValue<Option<Current>, LocalStorage> = StoredValue::new_local(None);
    let owner = Owner::current().unwrap_or_default();
    let panel_tab = tab.unwrap_or(use_panel().tab);
    let forget = engine;
    Effect::new(move |_| {
        let Some(next) = source.get() else { return };
        let child = owner.child();
        let doc_owner = child.clone();
        let engine_done = forget;
        open(
            &forget,
            next,
            panel_tab.get_untracked(),
            child,
            move |text, summary| {
                if let Some(callback) = on_recognised {
                    callback.run((text, summary));
                }
            },
            move |doc, made| {
                if let (Shown::Requests(_, text), Some(callback)) = (&made, on_requests) {
                    callback.run(Arc::clone(text));
                }
                if let Some(callback) = on_render {
                    callback.run(false);
                }
                shown.try_set(Some(made));
                if let Some(callback) = on_render {
                    callback.run(true);
                }
                let owner = doc_owner.clone();
                replace(current, Current { doc, owner }, &engine_done);
            },
        );
    });
    let stem = StoredValue::new(file_stem);
    let id = StoredValue::new(id);
    let collapse = collapse.unwrap_or_default();
    let listed = on_requests.is_some();
    move || {
        let parts = (id.get_value(), stem.get_value(), collapse, panel_tab);
        view_of(shown.get(), parts, listed)
    }
}

/// What a source became, drawn: its layout, the panel saying why it cannot be read, or
/// nothing (not yet, or a file of many requests whose list, above, shows it).
fn view_of(
    shown: Option<Shown>,
    (id, file_stem, collapse, tab): (String, String, Collapse, RwSignal<PanelTab>),
    listed: bool,
) -> AnyView {
    match shown {
        None => ().into_any(),
        Some(Shown::Envelope(doc)) => view! {
            <EnvelopeLayout doc=doc id=id file_stem=file_stem collapse=collapse tab=tab />
        }
        .into_any(),
        Some(Shown::Requests(..)) if listed => ().into_any(),
        Some(Shown::Unreadable(issues, source) | Shown::Requests(issues, source)) => {
            view! { <UnreadablePanel id=id issues=issues source=source /> }.into_any()
        }
    }
}

/// Makes `next` the current document, dropping the one before once the page shows the new
/// one (its engine state now, its signals after this task).
fn replace(
    current: StoredValue<Option<Current>, LocalStorage>,
    next: Current,
    engine: &EngineLink,
) {
    let previous = current
        .try_update_value(|slot| slot.replace(next))
        .flatten();
    if let Some(previous) = previous {
        engine.forget(previous.doc);
        set_timeout(move || previous.owner.cleanup(), std::time::Duration::ZERO);
    }
}
