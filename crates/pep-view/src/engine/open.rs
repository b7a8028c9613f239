//! Opening a source: one pass of the core, the first view at once, the rest after it.

use std::collections::HashMap;
use std::sync::Arc;

use pep_core::budget::{Budget, Estimate, RequestBudget, Size, budget};
use pep_core::export::{Format, Options, print_measured};
use pep_core::import::Requests;
use pep_core::lower::Conversation;
use pep_core::model::Envelope;
use pep_core::{Mode, Prepared};

use super::issues::issues_view;
use super::messages::{estimate_height, message_view};
use super::recognise::{Recognised, recognise};
use super::segment_count;
use crate::links::LineLinks;
use crate::model::{BudgetView, EnvelopeView, ExportView, Opened, Response};
use crate::panel_tab::PanelTab;
use crate::windowing::WINDOW_FROM;

/// Up to this size the source is parsed into one JSON tree, which also gives the raw tab's
/// text with the view; above it the core's streaming decoder keeps no tree of the whole
/// document, and the raw text is made only when asked for.
pub const RAW_EAGER_UP_TO: usize = 256 * 1024;

/// What the page asked to open, besides the source.
pub(super) struct Opening {
    pub(super) doc: u32,
    pub(super) tab: PanelTab,
    pub(super) first: usize,
    pub(super) recognise: bool,
}

/// What stays with an open envelope.
pub(super) type Kept = (Envelope, HashMap<String, String>, Arc<str>);

/// What opening a source leaves with the engine.
pub(super) enum Left {
    /// An envelope, kept for later requests.
    Kept(Kept),
    /// A file of many requests: its text and every request, for the list the page asks for
    /// next (read once, not again).
    Many(String, Requests),
    /// Nothing: the source is no envelope.
    Nothing,
}

/// Opens `source`: emits [`Response::Recognised`] (an imported request), then
/// [`Response::Opened`], then each later part; returns what to keep for later requests.
pub(super) fn open(opening: Opening, source: String, emit: &mut dyn FnMut(Response)) -> Left {
    let doc = opening.doc;
    let source = if opening.recognise {
        match recognise(source) {
            Recognised::AsWritten(text) => text,
            Recognised::Imported(text, summary) => {
                let imported = text.clone();
                emit(Response::Recognised {
                    doc,
                    text: imported,
                    summary,
                });
                text
            }
            // The request list (`Request::List`) shows them; this document is none of them.
            Recognised::Many(text, requests) => {
                let opened = Opened::Requests(issues_view(&[requests.how_many()]));
                emit(Response::Opened { doc, opened });
                return Left::Many(text, requests);
            }
        }
    } else {
        source
    };
    let source: Arc<str> = Arc::from(source);
    let mut raw = None;
    let (loaded, variables) = if source.len() > RAW_EAGER_UP_TO {
        pep_core::load_with(&source, Mode::Repair, |p| views(p, &opening, None, emit))
    } else {
        match pep_core::decode::parse_json(&source) {
            Ok(parsed) => {
                let text: Arc<str> = Arc::from(format!("{:#}", parsed.value));
                raw = Some(Arc::clone(&text));
                pep_core::load_parsed_with(&parsed, Mode::Repair, |p| {
                    views(p, &opening, Some(text), emit)
                })
            }
            Err(issue) => (
                pep_core::Loaded {
                    envelope: None,
                    issues: vec![issue],
                },
                None,
            ),
        }
    };
    let Some(envelope) = loaded.envelope else {
        let opened = Opened::Unreadable(issues_view(&loaded.issues));
        emit(Response::Opened { doc, opened });
        return Left::Nothing;
    };
    if let Some(text) = raw.filter(|_| opening.tab != PanelTab::Raw) {
        emit(Response::Raw { doc, text });
    }
    Left::Kept((envelope, variables.unwrap_or_default(), source))
}

/// Decodes `source` and keeps it as document `doc`, with no views made but the `exports` a
/// demo's bundle leaves out (it carries only the first tab's: the rest is printed here, after
/// the page's first paint), each emitted as it is printed.
pub(super) fn keep(
    doc: u32,
    source: String,
    exports: &[Format],
    emit: &mut dyn FnMut(Response),
) -> Option<Kept> {
    let (loaded, variables) = pep_core::load_with(&source, Mode::Repair, |prepared| {
        for format in exports {
            let export = export_view(prepared.conversation, *format);
            emit(Response::Export { doc, export });
        }
        prepared
            .analysis
            .variables
            .iter()
            .map(|(name, definition)| (name.to_owned(), definition.value.to_owned()))
            .collect::<HashMap<String, String>>()
    });
    let envelope = loaded.envelope?;
    Some((envelope, variables.unwrap_or_default(), Arc::from(source)))
}

/// The views of a decoded, validated and lowered envelope: the first one emitted at once,
/// then the other exports and the budget. Returns the session variables.
fn views(
    prepared: Prepared<'_, '_>,
    opening: &Opening,
    raw: Option<Arc<str>>,
    emit: &mut dyn FnMut(Response),
) -> HashMap<String, String> {
    let envelope = prepared.envelope;
    let conversation = prepared.conversation;
    let doc = opening.doc;
    let variables = super::messages::variables(prepared.analysis);
    let count = envelope.messages.len();
    let window = if count < WINDOW_FROM {
        count
    } else {
        opening.first.min(count)
    };
    let visible = match opening.tab {
        PanelTab::Export(format) => Some(format),
        PanelTab::Raw => None,
    };
    let export = visible.map(|format| export_view(conversation, format));
    let made = export.as_ref().map(|e| (e.format, e.size));
    let first = EnvelopeView {
        heights: envelope.messages.iter().map(estimate_height).collect(),
        segment_count: segment_count(envelope),
        issues: issues_view(prepared.issues),
        start: 0,
        messages: envelope.messages[..window]
            .iter()
            .map(|entry| message_view(entry, &variables))
            .collect(),
        export,
        raw: raw.filter(|_| visible.is_none()),
    };
    emit(Response::Opened {
        doc,
        opened: Opened::Envelope(Box::new(first)),
    });
    let budget = rest_and_budget(conversation, envelope, made, &mut |export| {
        emit(Response::Export { doc, export });
    });
    emit(Response::Budget { doc, budget });
    variables
}

/// Every export but the one already `made` (its format and size), each handed to `each` as
/// soon as it is printed, then the budget, with the requests in the tabs' order.
pub(super) fn rest_and_budget(
    conversation: &Conversation<'_>,
    envelope: &Envelope,
    made: Option<(Format, Size)>,
    each: &mut dyn FnMut(ExportView),
) -> BudgetView {
    let mut sizes = Vec::with_capacity(Format::ALL.len());
    sizes.extend(made);
    for format in Format::ALL
        .into_iter()
        .filter(|f| Some(*f) != made.map(|m| m.0))
    {
        let export = export_view(conversation, format);
        sizes.push((format, export.size));
        each(export);
    }
    // The budget's requests in the tabs' order, whichever was made first.
    let requests = Format::ALL
        .into_iter()
        .filter_map(|format| {
            let size = sizes.iter().find(|(f, _)| *f == format)?.1;
            Some(RequestBudget { format, size })
        })
        .collect();
    budget_view(budget(conversation, envelope, &Estimate, requests))
}

/// One export as the panel shows it: text, line starts, links, warnings, checks and size,
/// from one printing.
pub(super) fn export_view(conversation: &Conversation<'_>, format: Format) -> ExportView {
    let options = Options {
        links: true,
        ..Options::default()
    };
    let export = print_measured(conversation, format, options, Some(&Estimate));
    ExportView {
        format,
        links: LineLinks::new(export.line_starts.len(), &export.links),
        line_starts: export.line_starts,
        text: Arc::from(export.text),
        warnings: issues_view(&export.warnings),
        checks: issues_view(&export.checks),
        size: export.size.unwrap_or_default(),
        model: conversation.model.map(Arc::from),
    }
}

fn budget_view(budget: Budget) -> BudgetView {
    BudgetView {
        kinds: budget.kinds,
        messages: budget.messages,
        requests: budget.requests,
        context_window: budget.context_window,
    }
}

/// The raw tab's text of `source`: pretty-printed with its key order and numbers kept, or the
/// source itself when it is not JSON (the user's input is never lost).
pub(super) fn raw_text(source: &Arc<str>) -> Arc<str> {
    match pep_core::decode::parse_json(source) {
        Ok(parsed) => Arc::from(format!("{:#}", parsed.value)),
        Err(_) => Arc::clone(source),
    }
}

/// The viewer's load pipeline on `text`, for the performance harness: what the first render
/// needs (the first tab), or everything; returns the bytes of export text made.
pub fn pipeline(text: &str, all: bool) -> usize {
    let opening = Opening {
        doc: 0,
        tab: PanelTab::Export(Format::OpenAi),
        first: 12,
        recognise: false,
    };
    let mut bytes = 0;
    let mut count = |response: Response| match response {
        Response::Opened {
            opened: Opened::Envelope(first),
            ..
        } => bytes += first.export.map_or(0, |e| e.text.len()),
        Response::Export { export, .. } => bytes += export.text.len(),
        _ => {}
    };
    if all {
        let _ = open(opening, text.to_owned(), &mut count);
    } else {
        // Only the first view: decode, validate, lower, the first export.
        let _ = pep_core::load_with(text, Mode::Repair, |prepared| {
            let export = export_view(prepared.conversation, Format::OpenAi);
            count(Response::Export { doc: 0, export });
        });
    }
    bytes
}
