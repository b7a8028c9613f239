//! Files holding many requests (DECISIONS §13): JSON Lines whose every line is a request of
//! §7 or §10, an OpenAI Batch input line (`{custom_id, method, url, body}`) counting as its
//! `body`; or an OTLP trace with several GenAI spans (§12). Each request is imported on its
//! own; one that cannot be is skipped with a warning naming it. Paths name the line first,
//! as in session logs (`line 3.messages[0]`); a span's paths are its own in the trace.

use serde_json::Value;

use super::{Imported, Source, detect, import};
use crate::decode::parse_json;
use crate::issue::{ImportProblem, Issue, Problem};
use crate::provider::otel::otlp;
use crate::provider::read::Report;

/// The requests of a many-request file, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Requests {
    /// How many requests the file has (`--index` counts them, 1-based).
    pub count: usize,
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

impl Requests {
    /// Request `k` (1-based among the file's requests), if it imported.
    pub fn get(&self, k: usize) -> Option<&Imported> {
        self.imported
            .iter()
            .find(|request| request.number == k)
            .map(|request| &request.imported)
    }
}

/// One request line: where, its text, and the request body (a Batch line's `body`).
struct RequestLine<'t> {
    no: usize,
    text: &'t str,
    /// The path of the body inside the line (`body` for a Batch line, else none).
    inner: &'static str,
    body: Value,
}

/// How many requests `text` holds when it is a many-request file (two or more lines, each a
/// request); `None` for anything else.
pub fn count(text: &str) -> Option<usize> {
    request_lines(text).map(|lines| lines.len())
}

/// Every request of the many-request file `text`, or `None` when it is not one. An error when
/// no request can be imported.
pub fn import_all(text: &str) -> Option<Result<Requests, Vec<Issue>>> {
    if let Ok(parsed) = parse_json(text) {
        return spans(&parsed.value, parsed.warnings);
    }
    let lines = request_lines(text)?;
    let mut requests = Requests {
        count: lines.len(),
        imported: Vec::with_capacity(lines.len()),
        warnings: Vec::new(),
    };
    for (k, line) in lines.into_iter().enumerate() {
        let prefix = match line.inner {
            "" => format!("line {}", line.no),
            inner => format!("line {}.{inner}", line.no),
        };
        // A Batch line's body is printed again; any other line imports as written, so its own
        // parse warnings (a repeated key) are kept.
        let body = match line.inner {
            "" => line.text.to_owned(),
            _ => line.body.to_string(),
        };
        match import(&body, None) {
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
    Some(finish(requests))
}

/// The requests, or every reason none imported.
fn finish(requests: Requests) -> Result<Requests, Vec<Issue>> {
    if requests.imported.is_empty() {
        let mut errors = requests.warnings;
        errors.push(Issue::new(
            "$",
            Problem::Import(ImportProblem::NoRequestImported),
        ));
        return Err(errors);
    }
    Ok(requests)
}

/// The GenAI spans of an OTLP trace, each a request (one is a list of one, for `--all`), the
/// trace's own parse warnings (a repeated key) first; `None` for another document.
fn spans(root: &Value, parsed: Vec<Issue>) -> Option<Result<Requests, Vec<Issue>>> {
    if root.get("resourceSpans").is_none() || root.get("version").is_some() {
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
    Some(finish(requests))
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
        let value = parse_json(line).ok()?.value;
        let (inner, body) = match batch_body(&value) {
            Some(body) => ("body", body.clone()),
            None => ("", value),
        };
        if !matches!(detect(&body), Ok(source) if source != Source::Envelope) {
            return None;
        }
        lines.push(RequestLine {
            no: index + 1,
            text: line,
            inner,
            body,
        });
    }
    (lines.len() >= 2).then_some(lines)
}

/// An OpenAI Batch input line's request body.
fn batch_body(value: &Value) -> Option<&Value> {
    let object = value.as_object()?;
    let is_batch = object.contains_key("custom_id") && object.contains_key("url");
    object.get("body").filter(|_| is_batch)
}
