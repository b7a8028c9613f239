//! Import of provider requests into envelopes (DECISIONS §7, §10–§12): OpenAI Chat
//! Completions, Anthropic Messages, MCP `prompts/get` results, OpenAI Responses requests,
//! session logs and OpenTelemetry GenAI data become an envelope that validates with no
//! errors, with a warning for everything the envelope cannot hold.
//!
//! ```
//! use pep_core::import::{Source, import};
//!
//! let request = r#"{"model":"gpt-4o","temperature":0.2,
//!   "messages":[{"role":"user","content":"Hello!"}]}"#;
//! let imported = match import(request, None) {
//!     Ok(imported) => imported,
//!     Err(errors) => panic!("{errors:?}"),
//! };
//! assert_eq!(imported.source, Source::OpenAi);
//! assert_eq!(
//!     imported.envelope.to_value().to_string(),
//!     r#"{"version":"1.0","model":"gpt-4o","messages":[{"id":"m-1","role":"user","segments":[{"kind":"text","content":"Hello!"}],"timestamp":1}]}"#
//! );
//! assert_eq!(imported.warnings[0].to_string(),
//!     "warning temperature: left out of the envelope: the key `temperature`");
//! assert!(!pep_core::validate(&imported.to_pretty_json()).iter().any(|i| i.is_error()));
//! ```
//!
//! Every import is deterministic: message ids `m-1`, `m-2`, …, timestamps 1, 2, …, version
//! `"1.0"`, the request's `model` (none when it has none). Problems are reported at their
//! path in the input (`messages[3].tool_calls[0].function.arguments`).

mod detect;
mod many;
mod open;

use serde_json::Value;

use crate::decode::{Mode, Parsed, decode_envelope, parse_json};
use crate::issue::{ImportProblem, Issue, Problem};
use crate::model::Envelope;
use crate::provider::read::Report;
pub use crate::provider::{Provider, Source};
use crate::provider::{anthropic, gemini, logs, mcp, openai_chat, otel, responses};

pub use crate::issue::LeftOut;
pub use crate::provider::read::parameters_summary;
pub use detect::detect;
pub use many::{Request, Requests, import_all};
pub use open::{EnvelopeText, Opened, open};

/// An imported envelope and what the import changed or left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// What the input was (detected, or as told).
    pub source: Source,
    /// The envelope. For [`Source::Envelope`] the input decoded as it is (validating it is the
    /// caller's business); otherwise one that validates with no errors.
    pub envelope: Envelope,
    /// Import warnings, each at its path in the input (none for an envelope).
    pub warnings: Vec<Issue>,
}

impl Imported {
    /// The envelope as JSON.
    pub fn to_value(&self) -> Value {
        self.envelope.to_value()
    }

    /// The envelope as JSON text, pretty-printed with two spaces (what `pep import` prints).
    pub fn to_pretty_json(&self) -> String {
        format!("{:#}", self.to_value())
    }

    /// Writes exactly [`Self::to_pretty_json`] to `out`.
    pub fn write_pretty_json(&self, out: impl std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(out, &self.to_value()).map_err(std::io::Error::from)
    }
}

/// Imports `text` as `from` says, or as [`detect`] finds when `from` is `None` (`--from
/// auto`), through [`crate::open`]. Invalid JSON gives the decoder's error (line and column);
/// a file of many requests (DECISIONS §13) is an error saying how many it holds; unlike
/// [`Opened::one`], an envelope is handed back decoded as it is, valid or not (its decoding
/// errors when it has no `messages` array, or is no object); an input that cannot be imported
/// gives every error found, each at its path in the input.
pub fn import(text: &str, from: Option<Source>) -> Result<Imported, Vec<Issue>> {
    match open::open(text, from)? {
        Opened::Envelope(envelope) => {
            let parsed = parse_json(envelope.text()).map_err(|issue| vec![issue])?;
            import_parsed(parsed, Source::Envelope, text)
        }
        other => other.one(),
    }
}

/// Imports the parsed document `parsed` as `source` (a request, or Gemini CLI's older
/// single-object log), its parse warnings first.
fn import_parsed(parsed: Parsed, source: Source, text: &str) -> Result<Imported, Vec<Issue>> {
    let mut report = Report {
        errors: Vec::new(),
        warnings: parsed.warnings,
    };
    let value = &parsed.value;
    let envelope = match source {
        // Decoded as it is: validating it is the caller's business.
        Source::Envelope => {
            let mut issues = Vec::new();
            return match decode_envelope(value, Mode::Strict, &mut issues) {
                Some(envelope) => Ok(Imported {
                    source,
                    envelope,
                    warnings: Vec::new(),
                }),
                None => Err(issues.into_iter().filter(Issue::is_error).collect()),
            };
        }
        Source::OpenAi => openai_chat::import::import(value, &mut report),
        Source::Anthropic => anthropic::import::import(value, &mut report),
        Source::Mcp => mcp::import::import(value, &mut report),
        Source::Responses => responses::import::import(value, &mut report),
        Source::Otel => otel::import(value, &mut report),
        Source::Gemini => gemini::import::import(value, &mut report),
        // Detected from one JSON value, a log is Gemini CLI's older single object, read from
        // this parse. `open` reads a log named by the caller before any parsing, and no
        // detection rule gives another log from one value: should one ever, it is read as the
        // log it is.
        Source::GeminiCli if logs::gemini_cli::is_single(value) => {
            logs::gemini_cli::import_single(value, &mut report)
        }
        Source::ClaudeCode | Source::Codex | Source::GeminiCli => return import_log(text, source),
    };
    outcome(source, envelope, report)
}

/// Imports the session log `text` as `source` (DECISIONS §11).
fn import_log(text: &str, source: Source) -> Result<Imported, Vec<Issue>> {
    let mut report = Report::default();
    let envelope = match logs::LogKind::of(source) {
        Some(kind) => logs::import(text, kind, &mut report),
        None => None,
    };
    outcome(source, envelope, report)
}

/// The envelope with its warnings, or every error.
fn outcome(
    source: Source,
    envelope: Option<Envelope>,
    report: Report,
) -> Result<Imported, Vec<Issue>> {
    match envelope {
        Some(envelope) if report.errors.is_empty() => Ok(Imported {
            source,
            envelope,
            warnings: report.warnings,
        }),
        Some(_) => Err(report.errors),
        // Every way to no envelope reports why; this only guards that promise.
        None if report.errors.is_empty() => Err(vec![Issue::new(
            "$",
            Problem::Import(ImportProblem::Nothing),
        )]),
        None => Err(report.errors),
    }
}
