//! The request list (DECISIONS §13): a file of many requests imported once, its rows made
//! in one pass (each request lowered once, each compared with the one before for its cache
//! prefix), and the requests kept so a chosen one's envelope is printed when asked for.

use pep_core::budget::{Estimate, request_budgets};
use pep_core::diff::{CacheFormat, Lowered, Options, Side, diff_lowered};
use pep_core::export::lower;
use pep_core::import::{Request, Requests, Source, import_all};
use pep_core::lower::Analysis;
use pep_core::{ImportProblem, Issue, Problem};

use super::issues::issues_view;
use super::recognise::summary;
use crate::model::{ImportSummary, RequestListView, RequestRow, RowBreak, RowCache, RowSegment};

/// The list of `source` (its requests when opening it read them already), and the requests
/// to keep; with no rows, the issues say why.
pub(super) fn list(source: &str, read: Option<Requests>) -> (RequestListView, Option<Requests>) {
    let all = match read {
        Some(requests) => Some(requests.checked()),
        None => import_all(source),
    };
    let requests = match all {
        Some(Ok(requests)) => requests,
        Some(Err(errors)) => return (refused(&errors), None),
        None => {
            let not_many = [Issue::new(
                "$",
                Problem::Import(ImportProblem::NoRequestImported),
            )];
            return (refused(&not_many), None);
        }
    };
    let view = RequestListView {
        count: requests.count,
        rows: rows(&requests.imported),
        issues: issues_view(&requests.warnings),
    };
    (view, Some(requests))
}

fn refused(errors: &[Issue]) -> RequestListView {
    RequestListView {
        count: 0,
        rows: Vec::new(),
        issues: issues_view(errors),
    }
}

/// The chosen request's envelope text and what its import said, by number.
pub(super) fn chosen(requests: &Requests, number: usize) -> Option<(String, ImportSummary)> {
    let request = requests.imported.iter().find(|r| r.number == number)?;
    let imported = &request.imported;
    Some((imported.to_pretty_json(), summary(imported)))
}

/// One row per request: each envelope analysed and lowered once, and compared with the one
/// before it in the cache order of its own provider (Chat Completions' for the others).
fn rows(requests: &[Request]) -> Vec<RequestRow> {
    let envelopes: Vec<_> = requests.iter().map(|r| &r.imported.envelope).collect();
    let analyses: Vec<Analysis<'_>> = envelopes.iter().map(|e| Analysis::of(e)).collect();
    let conversations: Vec<_> = envelopes
        .iter()
        .zip(&analyses)
        .map(|(envelope, analysis)| lower(envelope, analysis))
        .collect();
    let lowered = |k: usize| Lowered {
        envelope: envelopes[k],
        analysis: &analyses[k],
        conversation: &conversations[k],
    };
    let mut rows = Vec::with_capacity(requests.len());
    for (k, request) in requests.iter().enumerate() {
        let source = request.imported.source;
        let format = cache_format(source);
        let budget = request_budgets(&conversations[k], &[format.export()], &Estimate);
        let cache = (k > 0).then(|| cache(&lowered(k - 1), &lowered(k), format));
        rows.push(RequestRow {
            number: request.number,
            at: request.at.clone(),
            source,
            model: envelopes[k].model.clone().filter(|m| !m.is_empty()),
            messages: envelopes[k].messages.len(),
            tokens: budget.first().map_or(0, |b| b.size.tokens),
            time_ms: request.time_ms,
            cache,
        });
    }
    rows
}

/// The provider whose request a row is sized and cached in: a provider with a cache order its
/// own (the table's); every other source (an MCP prompt, a trace, a log) is sent as Chat
/// Completions, so the row's ≈ tokens and its reusable prefix are measured on one request.
fn cache_format(source: Source) -> CacheFormat {
    source
        .provider()
        .and_then(pep_core::import::Provider::cache_format)
        .unwrap_or(CacheFormat::OpenAi)
}

/// The cache prefix of `b` against `a`, in `format`'s cache order.
fn cache(a: &Lowered<'_, '_>, b: &Lowered<'_, '_>, format: CacheFormat) -> RowCache {
    let options = Options {
        cache: vec![format],
        ..Options::default()
    };
    let report = diff_lowered(a, b, &options).cache.into_iter().next();
    let (prefix_tokens, cache_break) =
        report.map_or((0, None), |r| (r.prefix_tokens, r.cache_break));
    let broke = cache_break.map(|at| RowBreak {
        item: at.b,
        segment: at.segment.map(|segment| RowSegment {
            path: segment.at.path(),
            kind: segment.kind,
            in_previous: segment.side == Side::A,
        }),
    });
    RowCache {
        format: format.export(),
        prefix_tokens,
        broke,
    }
}
