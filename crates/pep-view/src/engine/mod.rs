//! The compute side of the viewer (feature `engine`): what the worker runs, and what builds
//! the demo bundles at build time. It answers the page's [`Request`]s with [`Response`]s,
//! made by the same core as the `pep` CLI.
//!
//! One pass per source: what the text is comes from the core's one entry
//! ([`pep_core::open`]: an envelope found from its tokens, a request or a file of many imported
//! from its one parse); an envelope is decoded, validated, its tool calls paired and lowered
//! once ([`pep_core::load_with`]); the tab in view is printed first, with its
//! links and size, and [`Response::Opened`] goes out at once; the other exports, the budget
//! and the raw text follow, each as soon as it is made. The envelope stays here, so the page
//! asks for further messages, searches and markdown by document id.

mod compare;
mod issues;
mod messages;
mod open;
mod recognise;
mod redact;
mod requests;
mod search;
mod step;

use std::collections::HashMap;
use std::sync::Arc;

use pep_core::model::{Entry, Envelope, Segment};

use crate::model::{Markdown, MarkdownKey, Request, Response};

pub use issues::{issue_view, issues_view};
pub use messages::{estimate_height, markdown_of, message_view, preview, variables};
pub use open::{RAW_EAGER_UP_TO, pipeline};
pub use recognise::{Recognised, recognise};
pub use search::{Hits, MAX_HITS, find};

/// One document the page shows: what later requests about it need.
struct Doc {
    envelope: Envelope,
    /// Session variables (first definition wins), for system prompt models.
    variables: HashMap<String, String>,
    /// The source, for its raw text when that was not made with the view.
    source: Arc<str>,
}

/// The documents the page shows, and the answers about them.
#[derive(Default)]
pub struct Engine {
    docs: HashMap<u32, Doc>,
    /// The last request list and its requests (one at a time: a new list replaces it).
    list: Option<(u32, pep_core::import::Requests)>,
    /// The last file of many requests opened (the document, its text and requests), for the
    /// list the page asks for next: the file is read once. Dropped by that list, the next
    /// Open, or the document's Close (an embed never lists it).
    opened_many: Option<(u32, String, pep_core::import::Requests)>,
}

impl Engine {
    /// An engine with no documents.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Answers `request`, handing each response to `emit` as soon as it is made.
    pub fn handle(&mut self, request: Request, emit: &mut dyn FnMut(Response)) {
        match request {
            Request::Open {
                doc,
                source,
                recognise,
                tab,
                first,
            } => {
                // A file of many read before, and never listed, is not kept for nothing.
                self.opened_many = None;
                let opening = open::Opening {
                    doc,
                    tab,
                    first,
                    recognise,
                };
                match open::open(opening, source, emit) {
                    open::Left::Kept(kept) => self.store(doc, Some(kept)),
                    open::Left::Many(text, requests) => {
                        self.store(doc, None);
                        self.opened_many = Some((doc, text, requests));
                    }
                    open::Left::Nothing => self.store(doc, None),
                }
            }
            Request::Keep {
                doc,
                source,
                exports,
            } => {
                let kept = open::keep(doc, source, &exports, emit);
                self.store(doc, kept);
            }
            Request::Close { doc } => {
                self.docs.remove(&doc);
                // A list's requests go with it (a file of 10 000 is not kept for nothing).
                if self.list.as_ref().is_some_and(|(id, _)| *id == doc) {
                    self.list = None;
                }
                if self.opened_many.as_ref().is_some_and(|(id, ..)| *id == doc) {
                    self.opened_many = None;
                }
            }
            Request::Perf { text, all } => {
                let bytes = pipeline(&text, all);
                emit(Response::Perf { ms: 0.0, bytes });
            }
            Request::Redact { doc, source } => emit(redact::scan(doc, &source)),
            Request::List { doc, source } => self.list(doc, &source, emit),
            Request::Pick { doc, number, show } => {
                let list = self.list.as_ref().filter(|(id, _)| *id == doc);
                if let Some((text, summary)) = list.and_then(|(_, r)| requests::chosen(r, number)) {
                    emit(Response::Picked {
                        doc,
                        number,
                        show,
                        text,
                        summary,
                    });
                }
            }
            Request::Step { doc, step, tab } => {
                if let Some(state) = self.docs.get_mut(&doc) {
                    step::step(&mut state.envelope, doc, step, tab, emit);
                }
            }
            other => self.about_doc(other, emit),
        }
    }

    /// The request list of `source` as document `doc`, from the requests opening it read when
    /// it is that text, else read now; kept for the picks that follow.
    fn list(&mut self, doc: u32, source: &str, emit: &mut dyn FnMut(Response)) {
        let opened = self.opened_many.take();
        let read = opened.filter(|(_, text, _)| text == source);
        let (list, requests) = requests::list(source, read.map(|(.., requests)| requests));
        self.list = requests.map(|requests| (doc, requests));
        let list = crate::wire::encode(&list);
        emit(Response::Listed { doc, list });
    }

    /// Requests about a document already open; one that is gone gets no answer.
    fn about_doc(&self, request: Request, emit: &mut dyn FnMut(Response)) {
        match request {
            Request::Messages { doc, start, end } => {
                let Some(state) = self.docs.get(&doc) else {
                    return;
                };
                let messages = &state.envelope.messages;
                let range = start.min(messages.len())..end.min(messages.len());
                let start = range.start;
                let messages = messages[range]
                    .iter()
                    .map(|entry| message_view(entry, &state.variables))
                    .collect();
                emit(Response::Messages {
                    doc,
                    start,
                    messages,
                });
            }
            Request::Search { doc, seq, query } => {
                let Some(state) = self.docs.get(&doc) else {
                    return;
                };
                let found = find(&state.envelope, &query);
                emit(Response::Hits {
                    doc,
                    seq,
                    hits: found.keys,
                    total: found.total,
                });
            }
            Request::Markdown { doc, key } => {
                let markdown = self.markdown(doc, &key);
                emit(Response::Markdown { doc, key, markdown });
            }
            Request::Compare { doc, a, b } => {
                let (Some(a), Some(b)) = (self.docs.get(&a), self.docs.get(&b)) else {
                    return;
                };
                let compare = Box::new(compare::compare(&a.envelope, &b.envelope));
                emit(Response::Compared { doc, compare });
            }
            Request::Raw { doc } => {
                let Some(state) = self.docs.get(&doc) else {
                    return;
                };
                let text = open::raw_text(&state.source);
                emit(Response::Raw { doc, text });
            }
            Request::Open { .. }
            | Request::Keep { .. }
            | Request::Close { .. }
            | Request::Perf { .. }
            | Request::Redact { .. }
            | Request::List { .. }
            | Request::Pick { .. }
            | Request::Step { .. } => {}
        }
    }

    /// A skill's L2 body from the registry, or a document's parsed content, rendered.
    fn markdown(&self, doc: u32, key: &MarkdownKey) -> Markdown {
        let source = match key {
            MarkdownKey::Skill(name) => pep_core::skills::find(name).map(|skill| skill.body),
            MarkdownKey::Parsed(at) => self.docs.get(&doc).and_then(|state| {
                match state.envelope.segment_at(at.message, at.segment) {
                    Some(Segment::Document(document)) => document.parsed_content.as_deref(),
                    _ => None,
                }
            }),
        };
        markdown_of(source.unwrap_or_default())
    }

    /// Keeps what opening document `doc` gave for its later requests; a source that is no
    /// envelope leaves nothing (and drops what the id held before).
    fn store(&mut self, doc: u32, kept: Option<open::Kept>) {
        match kept {
            Some((envelope, variables, source)) => {
                let state = Doc {
                    envelope,
                    variables,
                    source,
                };
                self.docs.insert(doc, state);
            }
            None => {
                self.docs.remove(&doc);
            }
        }
    }

    /// How many documents are open (tests).
    pub fn open_docs(&self) -> usize {
        self.docs.len()
    }
}

/// The number of segments in valid messages (invalid ones included, as fallback cards), for
/// the chat header.
fn segment_count(envelope: &Envelope) -> usize {
    envelope
        .messages
        .iter()
        .filter_map(Entry::valid)
        .map(|message| message.segments.len())
        .sum()
}
