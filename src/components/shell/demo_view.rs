//! A demo (spec §8), shown from its view bundle: made at build time by the same engine, so
//! the page shows the conversation and every tab with no parsing and no worker. Its text goes
//! to the worker later, for search and the markdown asked for.

use leptos::prelude::*;
use pep_view::demos::DemoEntry;
use pep_view::model::Bundle;
use pep_view::text::Text;
use pep_view::wire::decode;

use super::Note;
use super::layout::EnvelopeLayout;
use crate::platform;
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::lang::tr;

/// What became of the bundle so far.
#[derive(Clone)]
enum State {
    Loading,
    // Boxed: a document is a few dozen signal handles, the other states a string at most.
    Ready(Box<Doc>, Note),
    Failed(String),
}

/// The demo `demo`, from `bundle` when the page has it already (the first one, fetched before
/// the app started), else fetched now.
#[component]
pub fn DemoView(
    /// The demo.
    demo: &'static DemoEntry,
    /// Its bundle's bytes, when already fetched.
    #[prop(optional)]
    bundle: Option<Vec<u8>>,
) -> impl IntoView {
    let engine = use_engine();
    let state = RwSignal::new(State::Loading);
    let owner = Owner::current().unwrap_or_default();
    let ready = move |bytes: Vec<u8>| {
        // Its document is asked things only once shown (`DemoDoc` routes the answers).
        let doc = engine.reserve();
        let next = match decode::<Bundle>(&bytes) {
            Ok(mut bundle) => {
                let note = Note::new((
                    std::mem::take(&mut bundle.note_zh),
                    std::mem::take(&mut bundle.note_en),
                ));
                match owner.with(|| Doc::from_bundle(doc, bundle)) {
                    Some(made) => State::Ready(Box::new(made), note),
                    None => State::Failed(format!("{}: no envelope in the bundle", demo.bundle)),
                }
            }
            Err(error) => State::Failed(format!("{}: {error}", demo.bundle)),
        };
        state.try_set(next);
    };
    match bundle {
        Some(bytes) => ready(bytes),
        None => leptos::task::spawn_local(async move {
            match platform::fetch::bytes(demo.bundle).await {
                Ok(bytes) => ready(bytes),
                Err(error) => {
                    state.try_set(State::Failed(error));
                }
            }
        }),
    }
    let file_stem = demo.file.trim_end_matches(".json");
    move || match state.get() {
        State::Loading => ().into_any(),
        State::Ready(doc, note) => {
            view! { <DemoDoc doc=*doc id=demo.id file_stem=file_stem note=note /> }.into_any()
        }
        State::Failed(message) => view! {
            <div class="pe-fatal" role="alert">
                <h2>{tr(Text::CannotRead)}</h2>
                <pre>{message}</pre>
            </div>
        }
        .into_any(),
    }
}

/// A demo's document: its responses go to it, and its text to the worker once the page has
/// painted.
#[component]
fn DemoDoc(doc: Doc, id: &'static str, file_stem: &'static str, note: Note) -> impl IntoView {
    let engine = use_engine();
    let doc_id = doc.fixed().doc;
    engine.route(doc_id, move |response| doc.take(response));
    let keeper = engine;
    platform::tasks::after_paint(move || doc.keep(&keeper));
    let forget = engine;
    on_cleanup(move || forget.forget(doc_id));
    view! { <EnvelopeLayout doc=doc id=id file_stem=file_stem note=note /> }
}
