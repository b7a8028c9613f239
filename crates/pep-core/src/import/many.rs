//! Files holding many requests (DECISIONS §13): JSON Lines whose every line is a request of
//! §7 or §10, an OpenAI Batch input line (`{custom_id, method, url, body}`) counting as its
//! `body`; or an OTLP trace with several GenAI spans (§12). Each request is imported on its
//! own; one that cannot be is skipped with a warning naming it. Paths name the line first,
//! as in session logs (`line 3.messages[0]`); a span's paths are its own in the trace.

use serde_json::Value;

use super::{Imported, Source, detect, import_parsed};
use crate::decode::{Parsed, parse_json};
use crate::issue::{ImportProblem, Issue, Problem};
use crate::provider::otel::otlp;
use crate::provider::read::Report;

/// The requests of a many-request file, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Requests {
    /// How many requests the file has (`--index` counts them, 1-based).
    pub count: usize,
    /// Whether they are the GenAI spans of one trace (else lines of JSON Lines).
    pub spans: bool,
    /// Each request that imports, in order.
    pub imported: Vec<Request>,
    /// The requests skipped, each named.
    pub warnings: Vec<Issue>,
}

/// One request of a many-request file.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Its number among the file's requests, 1-based.
    pub number: usize,
    /// Where it is: `line 3`, or a span's path (`resourceSpans[0].scopeSpans[0].spans[2]`).
    pub at: String,
    /// When it was made (Unix milliseconds), when the file says: a span's start.
    pub time_ms: Option<i64>,
    /// The import; its warnings' paths name the line or lie inside the span.
    pub imported: Imported,
}

/// One request line: where, its text, and the request body (a Batch line's `body`) with its
/// source and the line's parse warnings.
struct RequestLine<'t> {
    no: usize,
    text: &'t str,
    /// The path of the body inside the line (`body` for a Batch line, else none).
    inner: &'static str,
    body: Parsed,
    source: Source,
}

/// Every request of the many-request file `text`, or `None` when it is not one. An error when
/// no request can be imported.
pub fn import_all(text: &str) -> Option<Result<Requests, Vec<Issue>>> {
    let requests = match parse_json(text) {
        Ok(parsed) => spans(&parsed.value, parsed.warnings)?,
        Err(_) => Ok(lines(text)?),
    };
    Some(requests.and_then(Requests::checked))
}

/// The requests of `text` when it is JSON Lines of two or more requests, each imported from
/// the parse that recognised it; `None` for any other text.
pub(super) fn lines(text: &str) -> Option<Requests> {
    let lines = request_lines(text)?;
    let mut requests = Requests {
        count: lines.len(),
        spans: false,
        imported: Vec::with_capacity(lines.len()),
        warnings: Vec::new(),
    };
    for (k, line) in lines.into_iter().enumerate() {
        let prefix = match line.inner {
            "" => format!("line {}", line.no),
            inner => format!("line {}.{inner}", line.no),
        };
        match import_parsed(line.body, line.source, line.text) {
            Ok(mut imported) => {
                for warning in &mut imported.warnings {
                    warning.path = join(&prefix, &warning.path);
                }
                requests.imported.push(Request {
                    number: k + 1,
                    at: format!("line {}", line.no),
                    time_ms: None,
                    imported,
                });
            }
            Err(errors) => {
                let reason = errors.first().map(|e| e.to_string()).unwrap_or_default();
                let problem = Problem::Import(ImportProblem::RequestLineSkipped { reason });
                requests.warnings.push(Issue::new(prefix, problem));
            }
        }
    }
    Some(requests)
}

impl Requests {
    /// Request `k` (1-based among the file's requests), if it imported.
    pub fn get(&self, k: usize) -> Option<&Imported> {
        self.imported
            .iter()
            .find(|request| request.number == k)
            .map(|request| &request.imported)
    }

    /// The error a caller that takes one request gives for this file: how many it holds.
    pub fn how_many(&self) -> Issue {
        let problem = ImportProblem::ManyRequests {
            count: self.count,
            spans: self.spans,
        };
        Issue::new("$", Problem::Import(problem))
    }

    /// The requests, or, when none imported, every reason why (what [`import_all`] gives).
    pub fn checked(self) -> Result<Requests, Vec<Issue>> {
        if self.imported.is_empty() {
            let mut errors = self.warnings;
            errors.push(Issue::new(
                "$",
                Problem::Import(ImportProblem::NoRequestImported),
            ));
            return Err(errors);
        }
        Ok(self)
    }
}

/// Whether `root` is an OTLP trace (and not an envelope that has such a member).
fn is_trace(root: &Value) -> bool {
    root.get("resourceSpans").is_some() && root.get("version").is_none()
}

/// How many GenAI spans the OTLP trace `root` has (none for another document), imported or
/// not.
pub(super) fn span_count(root: &Value) -> usize {
    if !is_trace(root) {
        return 0;
    }
    otlp::genai_spans(root, &mut Report::default()).len()
}

/// The GenAI spans of an OTLP trace, each a request (one is a list of one, for `--all`), the
/// trace's own parse warnings (a repeated key) first; `None` for another document, an error
/// for a trace not shaped as OTLP says.
pub(super) fn spans(root: &Value, parsed: Vec<Issue>) -> Option<Result<Requests, Vec<Issue>>> {
    if !is_trace(root) {
        return None;
    }
    let mut report = Report::default();
    let spans = otlp::genai_spans(root, &mut report);
    if !report.errors.is_empty() {
        return Some(Err(report.errors));
    }
    if spans.is_empty() {
        return None;
    }
    let mut requests = Requests {
        count: spans.len(),
        spans: true,
        imported: Vec::with_capacity(spans.len()),
        warnings: parsed,
    };
    for (k, span) in spans.iter().enumerate() {
        let mut report = Report::default();
        let envelope = span.import(&mut report);
        match envelope.filter(|_| report.errors.is_empty()) {
            Some(envelope) => requests.imported.push(Request {
                number: k + 1,
                at: span.path.clone(),
                time_ms: span.start_ms(),
                imported: Imported {
                    source: Source::Otel,
                    envelope,
                    warnings: report.warnings,
                },
            }),
            None => {
                let reason = report
                    .errors
                    .first()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                let problem = Problem::Import(ImportProblem::RequestLineSkipped { reason });
                requests
                    .warnings
                    .push(Issue::new(span.path.clone(), problem));
            }
        }
    }
    Some(Ok(requests))
}

fn join(prefix: &str, path: &str) -> String {
    match path {
        "$" => prefix.to_owned(),
        path if path.starts_with('[') => format!("{prefix}{path}"),
        path => format!("{prefix}.{path}"),
    }
}

/// The lines of `text` when it has two or more and every one is a request (or a Batch line).
fn request_lines(text: &str) -> Option<Vec<RequestLine<'_>>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let parsed = parse_json(line).ok()?;
        // A Batch line's body is read alone: the line's own parse warnings are not its.
        let (inner, body) = match batch_body(parsed.value) {
            Ok(body) => (
                "body",
                Parsed {
                    value: body,
                    warnings: Vec::new(),
                },
            ),
            Err(value) => (
                "",
                Parsed {
                    value,
                    warnings: parsed.warnings,
                },
            ),
        };
        let source = detect(&body.value)
            .ok()
            .filter(|s| *s != Source::Envelope)?;
        lines.push(RequestLine {
            no: index + 1,
            text: line,
            inner,
            body,
            source,
        });
    }
    (lines.len() >= 2).then_some(lines)
}

/// An OpenAI Batch input line's request body, taken out of it; any other line back.
fn batch_body(value: Value) -> Result<Value, Value> {
    let Value::Object(mut object) = value else {
        return Err(value);
    };
    let is_batch = object.contains_key("custom_id") && object.contains_key("url");
    match object.get_mut("body").filter(|_| is_batch) {
        Some(body) => Ok(body.take()),
        None => Err(Value::Object(object)),
    }
}
