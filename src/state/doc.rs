//! One shown document: what its first view brought (plain data, fixed), and the signals for
//! what arrives later (the other exports, the budget, the raw text, message models of a long
//! conversation, search hits, markdown asked for). Fed by the engine's responses, or at once
//! by a demo's bundle.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;
use pep_view::SegmentRef;
use pep_view::model::{
    BudgetView, Bundle, EnvelopeView, ExportView, IssuesView, Markdown, MarkdownKey, MessageView,
    Opened, Request, Response,
};

use super::engine::EngineLink;
use super::step::Stepping;

/// The answer to the last search.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hits {
    /// The search's number.
    pub seq: u32,
    /// The first matching segments, in envelope order.
    pub keys: Vec<SegmentRef>,
    /// How many match in all.
    pub total: usize,
}

/// What never changes about a shown envelope.
pub struct Fixed {
    /// The engine's id of the document.
    pub doc: u32,
    /// The envelope text, as given (Share, Edit a copy).
    pub source: Arc<str>,
    /// First estimates of each message's height.
    pub heights: Vec<u32>,
    /// Segments of valid messages, for the chat header.
    pub segment_count: usize,
    /// Validation issues.
    pub issues: IssuesView,
}

/// A shown envelope (a context of its view, Copy).
#[derive(Clone, Copy)]
pub struct Doc {
    fixed: StoredValue<Arc<Fixed>>,
    /// Message models by index; `None` until they arrive.
    messages: StoredValue<Vec<Option<Arc<MessageView>>>>,
    /// Bumped whenever models arrive, for the rows waiting for them.
    arrived: RwSignal<u64>,
    /// The exports, in the tabs' order.
    exports: RwSignal<[Option<Arc<ExportView>>; Format::ALL.len()]>,
    budget: RwSignal<Option<Arc<BudgetView>>>,
    raw: RwSignal<Option<Arc<str>>>,
    hits: RwSignal<Hits>,
    markdown: RwSignal<HashMap<MarkdownKey, Arc<Markdown>>>,
    /// Ranges of messages asked for and not answered yet.
    asked: StoredValue<Vec<(usize, usize)>>,
    /// Markdown asked for.
    asked_markdown: StoredValue<HashSet<MarkdownKey>>,
    /// A demo's text, not yet handed to the engine: it goes with the first request about it.
    unkept: StoredValue<Option<String>>,
    /// The step shown and what the engine made for it.
    stepping: Stepping,
}

impl Doc {
    /// The document of a first view.
    pub fn new(doc: u32, source: Arc<str>, first: EnvelopeView) -> Doc {
        let count = first.heights.len();
        let mut messages = vec![None; count];
        for (offset, message) in first.messages.into_iter().enumerate() {
            if let Some(slot) = messages.get_mut(first.start + offset) {
                *slot = Some(Arc::new(message));
            }
        }
        let mut exports: [Option<Arc<ExportView>>; Format::ALL.len()] = Default::default();
        if let Some(export) = first.export
            && let Some(slot) = exports.get_mut(tab_index(export.format))
        {
            *slot = Some(Arc::new(export));
        }
        Doc {
            fixed: StoredValue::new(Arc::new(Fixed {
                doc,
                source,
                heights: first.heights,
                segment_count: first.segment_count,
                issues: first.issues,
            })),
            messages: StoredValue::new(messages),
            arrived: RwSignal::new(0),
            exports: RwSignal::new(exports),
            budget: RwSignal::new(None),
            raw: RwSignal::new(first.raw),
            hits: RwSignal::new(Hits::default()),
            markdown: RwSignal::new(HashMap::new()),
            asked: StoredValue::new(Vec::new()),
            asked_markdown: StoredValue::new(HashSet::new()),
            unkept: StoredValue::new(None),
            stepping: Stepping::new(doc, count),
        }
    }

    /// The document of a demo's bundle: its first view and every later part at once. Its
    /// text goes to the engine with the first request about it (search, markdown), or when
    /// the page is idle ([`Self::keep`]).
    pub fn from_bundle(doc: u32, bundle: Bundle) -> Option<Doc> {
        let mut responses = bundle.responses.into_iter();
        let first = responses.find_map(|response| match response {
            Response::Opened {
                opened: Opened::Envelope(first),
                ..
            } => Some(*first),
            _ => None,
        })?;
        let made = Doc::new(doc, Arc::from(bundle.source.as_str()), first);
        for response in responses {
            made.take(response);
        }
        made.unkept.set_value(Some(bundle.source));
        Some(made)
    }

    /// Hands a bundle's text to the engine now, if it has not been, asking for the exports
    /// the bundle left out.
    pub fn keep(&self, engine: &EngineLink) {
        let source = self.unkept.try_update_value(Option::take).flatten();
        if let Some(source) = source {
            let doc = self.fixed.with_value(|fixed| fixed.doc);
            let exports = self.exports.with_untracked(|made| {
                Format::ALL
                    .into_iter()
                    .zip(made)
                    .filter_map(|(format, export)| export.is_none().then_some(format))
                    .collect()
            });
            engine.send(Request::Keep {
                doc,
                source,
                exports,
            });
        }
    }

    /// Sends a request about this document (after its text, if the engine lacks it).
    pub fn request(&self, engine: &EngineLink, request: Request) {
        self.keep(engine);
        engine.send(request);
    }

    /// Takes a later response about this document.
    pub fn take(&self, response: Response) {
        match response {
            Response::Export { export, .. } => {
                let index = tab_index(export.format);
                self.exports.update(|list| {
                    if let Some(slot) = list.get_mut(index) {
                        *slot = Some(Arc::new(export));
                    }
                });
            }
            Response::Budget { budget, .. } => self.budget.set(Some(Arc::new(budget))),
            Response::Raw { text, .. } => self.raw.set(Some(text)),
            Response::Messages {
                start, messages, ..
            } => {
                let end = start + messages.len();
                self.messages.update_value(|slots| {
                    for (offset, message) in messages.into_iter().enumerate() {
                        if let Some(slot) = slots.get_mut(start + offset) {
                            *slot = Some(Arc::new(message));
                        }
                    }
                });
                self.asked
                    .update_value(|asked| asked.retain(|range| *range != (start, end)));
                self.arrived.update(|n| *n += 1);
            }
            Response::Hits {
                seq, hits, total, ..
            } => self.hits.set(Hits {
                seq,
                keys: hits,
                total,
            }),
            Response::Markdown { key, markdown, .. } => {
                self.markdown.update(|all| {
                    all.insert(key, Arc::new(markdown));
                });
            }
            Response::Stepped { step, export, .. } => {
                let index = tab_index(export.format);
                self.stepping.take_export(step, index, export);
            }
            Response::SteppedBudget { step, budget, .. } => {
                if let Some(next) = self.stepping.take_budget(step, budget) {
                    super::engine::use_engine().send(next);
                }
            }
            Response::Recognised { .. }
            | Response::Opened { .. }
            | Response::Compared { .. }
            | Response::Redacted { .. }
            | Response::Listed { .. }
            | Response::Picked { .. }
            | Response::Perf { .. } => {}
        }
    }

    /// What never changes.
    pub fn fixed(&self) -> Arc<Fixed> {
        self.fixed.get_value()
    }

    /// The number of messages.
    pub fn len(&self) -> usize {
        self.fixed.with_value(|fixed| fixed.heights.len())
    }

    /// Whether the envelope has no message (never: an envelope has one at least).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The model of message `index`, once it is here (reactive: a row waiting for it
    /// re-renders when models arrive).
    pub fn message(&self, index: usize) -> Option<Arc<MessageView>> {
        self.arrived.track();
        self.messages
            .try_with_value(|slots| slots.get(index).cloned().flatten())
            .flatten()
    }

    /// Tracks the arrival of models (for what must follow rows re-rendered with theirs).
    pub fn track_arrivals(&self) {
        self.arrived.track();
    }

    /// Asks `engine` for the models of `range` that are not here nor asked for yet.
    pub fn want(&self, engine: &EngineLink, range: std::ops::Range<usize>) {
        let missing = self.messages.with_value(|slots| {
            let first = range
                .clone()
                .find(|i| slots.get(*i).is_some_and(Option::is_none))?;
            let last = range
                .clone()
                .rev()
                .find(|i| slots.get(*i).is_some_and(Option::is_none))?;
            Some((first, last + 1))
        });
        let Some((start, end)) = missing else { return };
        let asked = self
            .asked
            .with_value(|asked| asked.iter().any(|(a, b)| *a <= start && end <= *b));
        if asked {
            return;
        }
        self.asked.update_value(|asked| asked.push((start, end)));
        let doc = self.fixed.with_value(|fixed| fixed.doc);
        self.request(engine, Request::Messages { doc, start, end });
    }

    /// The export in `format` at the step shown, once it is made (reactive); while a new
    /// step's is being made, the last step's.
    pub fn export(&self, format: Format) -> Option<Arc<ExportView>> {
        self.shown_export(format).map(|(_, export)| export)
    }

    /// [`Self::export`], with the step it was made for: while a step's export is being made,
    /// the step before's (the whole envelope's when there is none), so the panel never blanks.
    pub fn shown_export(&self, format: Format) -> Option<(usize, Arc<ExportView>)> {
        let index = tab_index(format);
        let cut = self
            .stepping
            .is_cut()
            .then(|| self.stepping.export(index))
            .flatten();
        cut.or_else(|| {
            let count = self.len();
            self.exports
                .with(|list| list.get(index).cloned().flatten())
                .map(|export| (count, export))
        })
    }

    /// Whether the user has moved the step (reactive): from then on, what each step added is
    /// marked in the panel, the last step's too.
    pub fn stepping(&self) -> bool {
        self.stepping.moved()
    }

    /// The export in `format` at the step shown, not tracked (Copy, Download).
    pub fn export_untracked(&self, format: Format) -> Option<Arc<ExportView>> {
        untrack(|| self.export(format))
    }

    /// Whether the export in `format` shown is the one of the step shown (reactive): false
    /// while the engine makes the new step's.
    pub fn export_is_current(&self, format: Format) -> bool {
        let step = self.stepping.get();
        self.shown_export(format)
            .is_some_and(|(made, _)| made == step)
    }

    /// The budget at the step shown, once it is made (reactive); while a new step's is being
    /// made, the step before's (the whole envelope's when there is none).
    pub fn budget(&self) -> Option<Arc<BudgetView>> {
        let cut = self
            .stepping
            .is_cut()
            .then(|| self.stepping.budget())
            .flatten();
        cut.or_else(|| self.budget.get())
    }

    /// The step shown: how many messages the chat, the panel and the budget show (reactive).
    pub fn step(&self) -> usize {
        self.stepping.get()
    }

    /// The step shown, not tracked.
    pub fn step_untracked(&self) -> usize {
        self.stepping.get_untracked()
    }

    /// Shows step `step` (1 to [`Self::len`]; beyond it, the last): the chat at once, the
    /// panel and the budget when the engine has cut the envelope (`tab`'s export first).
    pub fn set_step(&self, engine: &EngineLink, step: usize, tab: pep_view::panel_tab::PanelTab) {
        if let Some(request) = self.stepping.set(step, tab) {
            self.request(engine, request);
        }
    }

    /// The raw tab's text, once it is made (reactive).
    pub fn raw(&self) -> Option<Arc<str>> {
        self.raw.get()
    }

    /// The raw tab's text, once it is made, not tracked (Copy, Download).
    pub fn raw_untracked(&self) -> Option<Arc<str>> {
        self.raw.get_untracked()
    }

    /// Asks for the raw tab's text, unless it is here.
    pub fn want_raw(&self, engine: &EngineLink) {
        if self.raw.with_untracked(Option::is_none) {
            let doc = self.fixed.with_value(|fixed| fixed.doc);
            self.request(engine, Request::Raw { doc });
        }
    }

    /// The last search's answer (reactive).
    pub fn hits(&self) -> ReadSignal<Hits> {
        self.hits.read_only()
    }

    /// The markdown for `key`, once it is here (reactive); asks for it the first time.
    pub fn markdown(&self, engine: &EngineLink, key: &MarkdownKey) -> Option<Arc<Markdown>> {
        let found = self.markdown.with(|all| all.get(key).cloned());
        let first = found.is_none()
            && self
                .asked_markdown
                .try_update_value(|asked| asked.insert(key.clone()))
                .unwrap_or(false);
        if first {
            let doc = self.fixed.with_value(|fixed| fixed.doc);
            let key = key.clone();
            self.request(engine, Request::Markdown { doc, key });
        }
        found
    }
}

/// The position of `format` among the tabs.
pub fn tab_index(format: Format) -> usize {
    Format::ALL.iter().position(|f| *f == format).unwrap_or(0)
}

/// The shown document around (the envelope view provides it).
pub fn use_doc() -> Option<Doc> {
    use_context::<Doc>()
}
