//! The providers, one folder each: its export (a printer of the lowered conversation), its
//! import (its requests read into an envelope) and what is particular to it. What the
//! exports share is in `print`, what the imports share in `read`; session logs are in
//! `logs`. The table of providers (`table.rs`) gives [`Provider`], and the lists of what can
//! be exported to ([`Format`]), imported from ([`Source`]) and compared by cache prefix
//! ([`CacheFormat`]), public through [`crate::export`], [`crate::import`] and [`crate::diff`].

pub(crate) mod anthropic;
pub(crate) mod gemini;
pub(crate) mod logs;
pub(crate) mod mcp;
pub(crate) mod openai_chat;
pub(crate) mod otel;
pub(crate) mod print;
pub(crate) mod read;
pub(crate) mod responses;
mod table;

use std::fmt;

use crate::lower::checks::Checks;
use crate::lower::{Analysis, Conversation, lower_without_checks};
use crate::model::Envelope;

pub use crate::lower::checks::CheckSet;
pub use table::{CacheFormat, Format, Provider, Source};

/// Lowers the valid parts of `envelope` (invalid messages and segments are left out with a
/// warning each) and runs every request check on the result once: the tool-call arguments
/// against their schemas, and each provider's own rules (its folder's `checks.rs`).
pub fn lower<'e>(envelope: &'e Envelope, analysis: &Analysis<'e>) -> Conversation<'e> {
    let mut conversation = lower_without_checks(envelope, analysis);
    conversation.checks = Checks {
        arguments: crate::lower::checks::arguments(&conversation),
        openai: openai_chat::checks::sequence(&conversation),
        anthropic: anthropic::checks::turns(&conversation),
    };
    conversation
}

/// Where a provider's HTTP API takes a request: its url (Gemini's ends before the model, which
/// the url carries) and the headers a request needs (keys as `$ENV_VARS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Endpoint {
    /// The url.
    pub url: &'static str,
    /// The headers, `Name: value`.
    pub headers: &'static [&'static str],
}

/// The names an export's tab carries as test hooks ([`Format::hooks`]), made from the
/// format's name, written once (in the table's macro) and stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hooks {
    /// The request's: `export-{name}`.
    pub request: &'static str,
    /// Its warnings': `export-warnings-{name}` (OpenAI's: `export-warnings`, the hook it had
    /// before there were other formats).
    pub warnings: &'static str,
    /// Its request checks': `request-checks-{name}`; none for a format no request check
    /// concerns ([`Provider::request_checks`]).
    pub checks: Option<&'static str>,
}

impl Provider {
    /// Its cache prefix order, if a prompt cache reuses its requests by prefix.
    pub fn cache_format(self) -> Option<CacheFormat> {
        CacheFormat::ALL
            .into_iter()
            .find(|cache| cache.export().provider() == self)
    }
}

impl Source {
    /// The name: `envelope`, or the provider's (`openai`, `claude-code`, …).
    pub fn as_str(self) -> &'static str {
        self.provider().map_or("envelope", Provider::name)
    }

    /// The source with this name (any of [`Self::as_str`]'s).
    pub fn from_name(name: &str) -> Option<Source> {
        Source::ALL
            .into_iter()
            .find(|source| source.as_str() == name)
    }

    /// The value of `pep import --from`: `auto` or a provider that imports. `Some(None)` for
    /// `auto` (detect it), `Some(Some(source))` for a format, `None` for anything else.
    pub fn from_flag(flag: &str) -> Option<Option<Source>> {
        match flag {
            "auto" => Some(None),
            _ => Source::from_name(flag)
                .filter(|source| *source != Source::Envelope)
                .map(Some),
        }
    }
}

impl CacheFormat {
    /// The export's name (`pep diff --to`'s).
    pub fn as_str(self) -> &'static str {
        self.export().as_str()
    }

    /// The format with this name.
    pub fn from_name(name: &str) -> Option<CacheFormat> {
        CacheFormat::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
