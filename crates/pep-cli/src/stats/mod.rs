//! `pep stats [--format table|json] FILE`: the context budget, with exact o200k_base token
//! counts and, next to them, the estimate the viewer shows.

mod table;

use std::io::Write;

use pep_core::budget::{Budget, Estimate, TokenCounter, budget, request_budgets};
use pep_core::export::Format;
use pep_core::{Issue, Mode, Prepared};
use serde_json::{Value, json};

use crate::args::Output;
use crate::escape::line;
use crate::o200k::O200k;
use crate::{Status, input};

/// The budget of one envelope, counted twice.
pub struct Measured {
    /// The envelope's model, unless absent or empty.
    pub model: Option<String>,
    /// Exact o200k_base counts.
    pub exact: Budget,
    /// The same rows counted with [`Estimate`].
    pub estimate: Budget,
    /// What the lowering left out or changed (why a segment may have no row).
    pub warnings: Vec<Issue>,
}

/// Measures `file`, printing the budget on `out` and warnings or errors on `err`.
pub fn run(output: Output, file: &str, out: &mut impl Write, err: &mut impl Write) -> Status {
    let text = match input::read(file) {
        Ok(text) => text,
        Err(message) => {
            line(err, format_args!("pep: {message}"));
            return Status::Usage;
        }
    };
    let counter = O200k::new();
    let (loaded, measured) =
        pep_core::load_with(&text, Mode::Strict, |prepared| measure(prepared, &counter));
    let measured = match measured {
        Some(measured) if !loaded.has_errors() => measured,
        _ => {
            for issue in &loaded.issues {
                line(err, issue);
            }
            let errors = loaded.issues.iter().filter(|i| i.is_error()).count();
            line(
                err,
                format_args!("pep: {file}: not measured, the envelope has {errors} error(s)"),
            );
            return Status::Invalid;
        }
    };
    for warning in &measured.warnings {
        line(err, warning);
    }
    let _ = err.flush();
    let mut buffered = std::io::BufWriter::new(&mut *out);
    match output {
        Output::Table => table::write(&mut buffered, file, &measured),
        Output::Json => {
            let text = serde_json::to_string_pretty(&to_json(&measured)).unwrap_or_default();
            let _ = writeln!(buffered, "{}", escape_json_controls(&text));
        }
    }
    let _ = buffered.flush();
    Status::Ok
}

/// The exports of the prepared envelope, measured with `counter` and with [`Estimate`].
fn measure(prepared: Prepared<'_, '_>, counter: &dyn TokenCounter) -> Measured {
    let conversation = prepared.conversation;
    let exact = request_budgets(conversation, &Format::ALL, counter);
    let estimate = request_budgets(conversation, &Format::ALL, &Estimate);
    Measured {
        model: conversation.model.map(str::to_owned),
        exact: budget(conversation, prepared.envelope, counter, exact),
        estimate: budget(conversation, prepared.envelope, &Estimate, estimate),
        warnings: conversation.warnings.clone(),
    }
}

/// `--format json`: every number of the table, keys in a fixed order. `estimate` is the
/// [`Estimate`] of the same row (both budgets have the same rows).
fn to_json(measured: &Measured) -> Value {
    let (exact, estimate) = (&measured.exact, &measured.estimate);
    let at = |tokens: Option<usize>| tokens.unwrap_or_default();
    let segments = exact.segments.iter().zip(0..).map(|(row, i)| {
        json!({
            "path": row.at.to_string(),
            "message": row.at.message,
            "segment": row.at.segment,
            "kind": row.kind.as_str(),
            "media": row.media,
            "chars": row.size.chars,
            "tokens": row.size.tokens,
            "estimate": at(estimate.segments.get(i).map(|r| r.size.tokens)),
        })
    });
    let kinds = exact.kinds.iter().zip(0..).map(|(kind, i)| {
        json!({
            "kind": kind.kind.as_str(),
            "segments": kind.segments,
            "media": kind.media,
            "chars": kind.size.chars,
            "tokens": kind.size.tokens,
            "estimate": at(estimate.kinds.get(i).map(|k| k.size.tokens)),
        })
    });
    let messages = exact.messages.iter().zip(0..).map(|(message, i)| {
        json!({
            "message": message.message,
            "role": message.role.as_str(),
            "segments": message.segments,
            "media": message.media,
            "chars": message.size.chars,
            "tokens": message.size.tokens,
            "estimate": at(estimate.messages.get(i).map(|m| m.size.tokens)),
        })
    });
    let requests = exact.requests.iter().zip(0..).map(|(request, i)| {
        json!({
            "format": request.format.as_str(),
            "chars": request.size.chars,
            "tokens": request.size.tokens,
            "estimate": at(estimate.requests.get(i).map(|r| r.size.tokens)),
        })
    });
    json!({
        "model": measured.model,
        "tokenizer": "o200k_base",
        "context_window": exact.context_window,
        "segments": segments.collect::<Vec<_>>(),
        "kinds": kinds.collect::<Vec<_>>(),
        "messages": messages.collect::<Vec<_>>(),
        "requests": requests.collect::<Vec<_>>(),
    })
}

/// `text` (JSON) with the control characters serde_json leaves raw, DEL and C1, escaped as
/// `\u00XX`: still the same JSON, and nothing in it can drive a terminal.
fn escape_json_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            use std::fmt::Write as _;
            let _ = write!(escaped, "\\u{:04x}", u32::from(c));
        } else {
            escaped.push(c);
        }
    }
    std::borrow::Cow::Owned(escaped)
}
