//! The providers, one folder each: its export (a printer of the lowered conversation), its
//! import (its requests read into an envelope) and what is particular to it. What the
//! exports share is in `print`, what the imports share in `read`; session logs are in
//! `logs`. The two lists of what can be exported to ([`Format`]) and imported from
//! ([`Source`]) are here, public through [`crate::export`] and [`crate::import`].

pub(crate) mod anthropic;
pub(crate) mod logs;
pub(crate) mod mcp;
pub(crate) mod openai_chat;
pub(crate) mod otel;
pub(crate) mod print;
pub(crate) mod read;
pub(crate) mod responses;

use std::fmt;

/// The request formats an envelope exports to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// OpenAI Chat Completions (DECISIONS §3).
    OpenAi,
    /// The OpenAI Responses API (DECISIONS §10).
    Responses,
    /// Anthropic Messages (DECISIONS §5).
    Anthropic,
    /// An MCP `prompts/get` result (DECISIONS §6).
    Mcp,
    /// OpenTelemetry GenAI span attributes (DECISIONS §12).
    Otel,
}

impl Format {
    /// All formats, in the panel's order.
    pub const ALL: [Format; 5] = [
        Format::OpenAi,
        Format::Responses,
        Format::Anthropic,
        Format::Mcp,
        Format::Otel,
    ];

    /// The name `pep export --to` and `?panel=` use.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::OpenAi => "openai",
            Format::Responses => "responses",
            Format::Anthropic => "anthropic",
            Format::Mcp => "mcp",
            Format::Otel => "otel",
        }
    }

    /// The format with this name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

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
