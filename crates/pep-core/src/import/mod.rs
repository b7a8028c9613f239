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

mod anthropic;
mod anthropic_blocks;
mod common;
mod detect;
mod draft;
mod logs;
mod many;
mod mcp;
mod openai;
mod openai_content;
mod otel;
mod otel_parts;
mod otlp;
mod read;
mod responses;
mod responses_items;

use std::fmt;

use serde_json::Value;

use crate::decode::{Mode, decode_envelope, parse_json};
use crate::issue::{Issue, Problem};
use crate::model::Envelope;
use read::Report;

pub use crate::issue::LeftOut;
pub use common::parameters_summary;
pub use detect::detect;
pub use many::{Request, Requests, import_all};

/// What a document is: an envelope, or a request of one of the formats `pep import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// A Prompt Envelope (it has `version`).
    Envelope,
    /// An OpenAI Chat Completions request body.
    OpenAi,
    /// An Anthropic Messages request body.
    Anthropic,
    /// An MCP `prompts/get` result, bare or inside a JSON-RPC response.
    Mcp,
    /// An OpenAI Responses API request body.
    Responses,
    /// A Claude Code session transcript (JSON Lines, DECISIONS §11).
    ClaudeCode,
    /// A Codex CLI rollout (JSON Lines, DECISIONS §11).
    Codex,
    /// OpenTelemetry GenAI attributes, messages with `parts`, or an OTLP/JSON trace
    /// (DECISIONS §12).
    Otel,
}

impl Source {
    /// Every source, the envelope first.
    pub const ALL: [Source; 8] = [
        Source::Envelope,
        Source::OpenAi,
        Source::Anthropic,
        Source::Mcp,
        Source::Responses,
        Source::ClaudeCode,
        Source::Codex,
        Source::Otel,
    ];

    /// The name: `envelope`, `openai`, `anthropic`, `mcp`, `responses`, `claude-code`,
    /// `codex`, `otel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Envelope => "envelope",
            Source::OpenAi => "openai",
            Source::Anthropic => "anthropic",
            Source::Mcp => "mcp",
            Source::Responses => "responses",
            Source::ClaudeCode => "claude-code",
            Source::Codex => "codex",
            Source::Otel => "otel",
        }
    }

    /// The source with this name (any of [`Self::as_str`]'s).
    pub fn from_name(name: &str) -> Option<Source> {
        Source::ALL
            .into_iter()
            .find(|source| source.as_str() == name)
    }

    /// The value of `pep import --from auto|openai|anthropic|mcp|responses|claude-code|codex|otel`:
    /// `Some(None)` for `auto`
    /// (detect it), `Some(Some(source))` for a format, `None` for anything else.
    pub fn from_flag(flag: &str) -> Option<Option<Source>> {
        match flag {
            "auto" => Some(None),
            "openai" | "anthropic" | "mcp" | "responses" | "claude-code" | "codex" | "otel" => {
                Source::from_name(flag).map(Some)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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
/// auto`). Invalid JSON gives the decoder's error (line and column); an input that cannot be
/// imported gives every error found, each at its path in the input.
pub fn import(text: &str, from: Option<Source>) -> Result<Imported, Vec<Issue>> {
    if let Some(source) = from.filter(|source| logs::LogKind::of(*source).is_some()) {
        return import_log(text, source);
    }
    let parsed = match parse_json(text) {
        Ok(parsed) => parsed,
        // Not one JSON value: it may be a session log, one object per line.
        Err(issue) => match from.is_none().then(|| logs::detect(text)).flatten() {
            Some(source) => return import_log(text, source),
            None => {
                let many = from.is_none().then(|| many::count(text)).flatten();
                let error = match many {
                    Some(count) => Issue::new(
                        "$",
                        Problem::ManyRequests {
                            count,
                            spans: false,
                        },
                    ),
                    None => issue,
                };
                return Err(vec![error]);
            }
        },
    };
    let source = match from {
        Some(source) => source,
        None => detect(&parsed.value).map_err(|issue| vec![issue])?,
    };
    let mut report = Report {
        errors: Vec::new(),
        warnings: parsed.warnings,
    };
    let envelope = match source {
        Source::Envelope => {
            let mut issues = Vec::new();
            return match decode_envelope(&parsed.value, Mode::Strict, &mut issues) {
                Some(envelope) => Ok(Imported {
                    source,
                    envelope,
                    warnings: Vec::new(),
                }),
                None => Err(issues.into_iter().filter(Issue::is_error).collect()),
            };
        }
        Source::OpenAi => openai::import(&parsed.value, &mut report),
        Source::Anthropic => anthropic::import(&parsed.value, &mut report),
        Source::Mcp => mcp::import(&parsed.value, &mut report),
        Source::Responses => responses::import(&parsed.value, &mut report),
        Source::Otel => otel::import(&parsed.value, &mut report),
        // Named, a log is read before any parsing; detected, it is never one JSON value.
        Source::ClaudeCode | Source::Codex => return import_log(text, source),
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
        None if report.errors.is_empty() => Err(vec![Issue::new("$", Problem::ImportNothing)]),
        None => Err(report.errors),
    }
}
