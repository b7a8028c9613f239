//! The user's own envelope: a JSON editor (paste, type or open a file) above the same view the
//! demos use, shown again shortly after each edit. The text is kept in this browser's local
//! storage, and whatever the user typed is never lost, even when it is not JSON.
//!
//! Each render of the envelope is bracketed by the crashed marker ([`crash::mark`]): when the
//! last render did not finish (a panic, or a tab closed while it froze), the next visit shows
//! the text in the editor and a safe-mode notice with "Render anyway" instead of rendering it
//! again (DECISIONS §9). Editing the text or choosing Render anyway ends safe mode.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use pep_view::model::ImportSummary;
use pep_view::panel_tab::PanelTab;
use pep_view::text::Text;
use pep_view::text::lazy::LazyText;

use super::document::{DocumentView, Source};
use super::editor::{EDIT_LIMIT, EditorText, LargeText, SafeModeNotice, UnsavedNotice};
use super::incoming::{Arrival, ArrivalNotice};
use super::requests_slot::RequestsSlot;
use crate::platform::{self, crash};
use crate::state::catalogue::example;
use crate::state::collapse::Collapse;
use crate::state::lang::{tr, tr_lazy};
use crate::state::options::KeptStep;
use crate::state::shell::Incoming;

/// How long typing must pause before the view is shown again.
const DEBOUNCE: Duration = Duration::from_millis(250);

/// The editor's state.
#[derive(Clone, Copy)]
struct Editor {
    /// The text in the editor.
    text: RwSignal<String>,
    /// What the view shows.
    shown: RwSignal<Option<Source>>,
    /// Counts edits, so an older timer does not show a newer text's predecessor.
    edits: StoredValue<u64>,
    /// Whether the browser refused to keep the text (DECISIONS §9: say so, offer Download).
    unsaved: RwSignal<bool>,
    /// The last render of the stored envelope did not finish: do not render it again unasked.
    safe_mode: RwSignal<bool>,
    /// What the last whole-text arrival did.
    arrival: RwSignal<Option<Arrival>>,
    /// Why the last file or paste was refused.
    file_error: RwSignal<Option<Text>>,
    /// Until the first text is in the editor (the example is fetched): an arrival waits for
    /// it, so Undo can put it back.
    loading: RwSignal<bool>,
    /// The file of many requests whose list is shown (DECISIONS §13), while it is.
    requests: RwSignal<Option<Arc<str>>>,
}

impl Editor {
    fn new() -> Editor {
        Editor {
            text: RwSignal::new(String::new()),
            shown: RwSignal::new(None),
            edits: StoredValue::new(0),
            unsaved: RwSignal::new(false),
            safe_mode: RwSignal::new(crash::marked()),
            arrival: RwSignal::new(None),
            file_error: RwSignal::new(None),
            loading: RwSignal::new(true),
            requests: RwSignal::new(None),
        }
    }

    /// Shows `text`, then saves it (noting when the browser refuses).
    fn show(self, text: String, recognise: bool) {
        let text: Arc<str> = Arc::from(text);
        self.shown.try_set(Some(Source {
            text: Arc::clone(&text),
            recognise,
        }));
        self.save(text);
    }

    /// Saves `text` without blocking the page; the notice says when the browser refused.
    fn save(self, text: Arc<str>) {
        let unsaved = self.unsaved;
        platform::storage::save_custom_soon(text, move |saved| {
            unsaved.try_set(!saved);
        });
    }

    /// An edit: shown once typing pauses, so a large envelope is not opened per keystroke.
    fn edit(self, text: String) {
        self.text.set(text);
        let generation = self.edits.get_value() + 1;
        self.edits.set_value(generation);
        set_timeout(
            move || {
                if self.edits.try_get_value() == Some(generation) {
                    // An edit is the user's choice to see the new text.
                    self.safe_mode.try_set(false);
                    self.show(self.text.get_untracked(), false);
                }
            },
            DEBOUNCE,
        );
    }

    /// A whole text (opened, dropped, pasted, Reset, Edit a copy): shown at once, a request
    /// in it imported, and the text it replaces kept for Undo.
    fn replace_whole(self, text: String) {
        let previous = self.text.get_untracked();
        let lost = !previous.trim().is_empty() && previous != text;
        self.arrival.set(Some(Arrival {
            summary: None,
            previous: lost.then_some(previous),
        }));
        self.file_error.set(None);
        self.edits.set_value(self.edits.get_value() + 1);
        self.safe_mode.set(false);
        self.requests.set(None);
        self.text.set(text.clone());
        self.show(text, true);
    }

    /// A request chosen in the list: the editor holds its envelope and shows it, and the
    /// notice says what its import left out.
    fn chosen(self, text: String, summary: ImportSummary) {
        self.edits.set_value(self.edits.get_value() + 1);
        self.text.try_set(text.clone());
        self.show(text, false);
        self.arrival.try_update(|arrival| {
            arrival.get_or_insert_with(Arrival::default).summary = Some(summary)
        });
    }

    /// The request in the last whole text was imported: the editor holds its envelope now.
    fn recognised(self, text: String, summary: ImportSummary) {
        self.save(Arc::from(text.as_str()));
        self.text.try_set(text);
        self.arrival.try_update(|arrival| {
            arrival.get_or_insert_with(Arrival::default).summary = Some(summary)
        });
    }

    /// Puts the replaced text back.
    fn undo(self, previous: String) {
        self.arrival.set(None);
        self.requests.set(None);
        self.edit(previous);
    }
}

/// The editor and the rendered envelope.
#[component]
pub fn CustomView() -> impl IntoView {
    let editor = Editor::new();
    start(editor);
    // Leaving the page saves at once, without waiting for the typing pause.
    let hide = window_event_listener(leptos::ev::pagehide, move |_| {
        if let Some(current) = editor.text.try_get_untracked() {
            let _ = platform::storage::save_custom(&current);
        }
    });
    on_cleanup(move || hide.remove());
    if let Some(Incoming(incoming)) = use_context::<Incoming>() {
        Effect::new(move |_| {
            if editor.loading.get() {
                return;
            }
            let Some(value) = incoming.get() else { return };
            incoming.set(None);
            match value {
                Ok(text) => editor.replace_whole(text),
                // Refused: nothing the user has is replaced (DECISIONS §9).
                Err(reason) => editor.file_error.set(Some(reason)),
            }
        });
    }
    // Owned here, not by the view below, so folds, the panel tab and the step survive each new
    // text.
    let collapse = Collapse::new();
    let tab = RwSignal::new(PanelTab::ALL[0]);
    provide_context(KeptStep(RwSignal::new(None)));
    // The view is made again only when safe mode starts or ends, not on every edit.
    let safe_mode = Memo::new(move |_| editor.safe_mode.get());
    let on_choose = Callback::new(move |(text, summary)| editor.chosen(text, summary));
    view! {
        {editor_section(editor)}
        {move || editor.requests.get().map(|text| view! { <RequestsSlot text=text on_choose=on_choose /> })}
        {move || rendered(editor, safe_mode.get(), collapse, tab)}
    }
}

/// The stored text, or the example (the default demo's text) when nothing is stored.
fn start(editor: Editor) {
    if let Some(stored) = platform::storage::load_custom() {
        editor.loading.set(false);
        editor.text.set(stored.clone());
        if !editor.safe_mode.get_untracked() {
            editor.shown.set(Some(Source {
                text: Arc::from(stored),
                recognise: false,
            }));
        }
        return;
    }
    leptos::task::spawn_local(async move {
        let example = example().await.unwrap_or_default();
        editor.text.try_set(example.clone());
        editor.shown.try_set(Some(Source {
            text: Arc::from(example),
            recognise: false,
        }));
        // Now an arrival (Edit a copy, a drop) replaces the example, undoably.
        editor.loading.try_set(false);
    });
}

/// The editor: its bar (Open, Reset), hint, notices and the text box.
fn editor_section(editor: Editor) -> impl IntoView {
    let open_file = move |event: leptos::ev::Event| {
        editor.file_error.set(None);
        let Some(file) = platform::files::chosen_file(&event) else {
            return;
        };
        // Refused before reading: nothing the user has is replaced (DECISIONS §9).
        if platform::files::size(&file) > pep_view::MAX_INPUT_BYTES as f64 {
            editor.file_error.set(Some(Text::FileTooLarge));
            return;
        }
        leptos::task::spawn_local(async move {
            match platform::files::read_file(&file).await {
                Ok(content) => editor.replace_whole(content),
                Err(_) => {
                    editor.file_error.try_set(Some(Text::FileReadFailed));
                }
            }
        });
    };
    let reset = move |_| {
        leptos::task::spawn_local(async move {
            if let Some(example) = example().await {
                editor.replace_whole(example);
            }
        });
    };
    view! {
        <section class="pe-editor" aria-label=tr(Text::YourEnvelope)>
            <div class="pe-editor__bar">
                <label class="pe-editor__label" for="pe-editor-input">{tr_lazy(LazyText::EditorLabel)}</label>
                <label class="pe-button pe-editor__file">
                    {tr(Text::OpenFile)}
                    <input
                        type="file"
                        accept=".json,.jsonl,application/json,application/jsonl,application/x-ndjson"
                        class="pe-sr-only"
                        data-testid="open-file"
                        on:change=open_file
                    />
                </label>
                <button type="button" class="pe-button" data-testid="reset" on:click=reset>
                    {tr_lazy(LazyText::ResetExample)}
                </button>
            </div>
            <p class="pe-editor__hint">{tr_lazy(LazyText::EditorHint)}</p>
            {move || editor.arrival.get().map(|arrival| view! {
                <ArrivalNotice arrival=arrival on_undo=move |text| editor.undo(text) />
            })}
            {move || editor.unsaved.get().then(|| view! { <UnsavedNotice text=editor.text /> })}
            {move || editor.file_error.get().map(|error| view! {
                <p class="pe-editor__error" role="alert" data-testid="file-error">{tr(error)}</p>
            })}
            <Show
                when=move || editor.text.with(|text| text.len() <= EDIT_LIMIT)
                fallback=move || view! { <LargeText text=editor.text /> }
            >
                <EditorText text=editor.text error=editor.file_error on_replace=move |text| editor.edit(text) />
            </Show>
        </section>
    }
}

/// The user's envelope, or the safe-mode notice instead of it. Each render is bracketed by
/// the crashed marker.
fn rendered(
    editor: Editor,
    safe_mode: bool,
    collapse: Collapse,
    tab: RwSignal<PanelTab>,
) -> AnyView {
    if safe_mode {
        let render = move || {
            editor.safe_mode.set(false);
            editor.show(editor.text.get_untracked(), false);
        };
        return view! { <SafeModeNotice on_render=render /> }.into_any();
    }
    let on_render = Callback::new(move |done: bool| {
        if done {
            crash::clear_soon();
        } else {
            crash::mark();
            #[cfg(debug_assertions)]
            if let Some(source) = editor.shown.get_untracked() {
                platform::panic_probe::check_render(&source.text);
            }
        }
    });
    let on_recognised = Callback::new(move |(text, summary)| editor.recognised(text, summary));
    let on_requests = Callback::new(move |text| editor.requests.set(Some(text)));
    view! {
        <DocumentView
            source=editor.shown
            id="custom"
            file_stem="envelope"
            collapse=collapse
            tab=tab
            on_recognised=on_recognised
            on_render=on_render
            on_requests=on_requests
        />
    }
    .into_any()
}
