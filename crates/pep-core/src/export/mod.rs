//! Export of an envelope to provider request formats (spec §5; DECISIONS §3, §5, §6).
//!
//! The envelope is lowered once ([`crate::lower`]); each format is a small printer of that
//! [`Conversation`]. The output is built as an order-preserving `serde_json::Value`, so key
//! order is fixed by construction and the text is identical wherever the code runs (natively
//! and in wasm).

mod anthropic;
mod json;
mod mcp;
mod openai;
mod size;

use serde_json::Value;

use crate::issue::Issue;
use crate::lower::{Analysis, Conversation, lower};
use crate::model::Envelope;

pub use size::human_size;

/// An exported request body and the warnings about what it changed or left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    /// The request body.
    pub request: Value,
    /// What the export could not carry over faithfully: the lowering's warnings in envelope
    /// order, then the format's own.
    pub warnings: Vec<Issue>,
}

/// The OpenAI export's name before there were three.
pub type OpenAiExport = Export;

impl Export {
    /// The request as JSON text, pretty-printed with two spaces (what `pep export` prints and
    /// the viewer shows).
    pub fn to_pretty_json(&self) -> String {
        format!("{:#}", self.request)
    }

    /// Writes exactly [`Self::to_pretty_json`] to `out`, without holding the text in memory.
    pub fn write_pretty_json(&self, out: impl std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(out, &self.request).map_err(std::io::Error::from)
    }
}

/// The request formats an envelope exports to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// OpenAI Chat Completions (DECISIONS §3).
    OpenAi,
    /// Anthropic Messages (DECISIONS §5).
    Anthropic,
    /// An MCP `prompts/get` result (DECISIONS §6).
    Mcp,
}

impl Format {
    /// All formats, in the panel's order.
    pub const ALL: [Format; 3] = [Format::OpenAi, Format::Anthropic, Format::Mcp];

    /// The name `pep export --to` and `?panel=` use.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::OpenAi => "openai",
            Format::Anthropic => "anthropic",
            Format::Mcp => "mcp",
        }
    }

    /// The format with this name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

/// What an export may be told besides the envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Anthropic's `max_tokens` (DECISIONS §5: 4096 unless told otherwise).
    pub max_tokens: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_tokens: 4096 }
    }
}

/// Prints `conversation` in `format`.
pub fn print(conversation: &Conversation<'_>, format: Format, options: Options) -> Export {
    match format {
        Format::OpenAi => openai::print(conversation),
        Format::Anthropic => anthropic::print(conversation, options.max_tokens),
        Format::Mcp => mcp::print(conversation),
    }
}

/// Exports the valid parts of `envelope` in `format` (lowering it first).
pub fn export(envelope: &Envelope, format: Format, options: Options) -> Export {
    let analysis = Analysis::of(envelope);
    print(&lower(envelope, &analysis), format, options)
}

/// Exports the valid parts of `envelope` to OpenAI; invalid messages and segments are left
/// out with a warning each (the CLI never gets here with errors; the viewer does).
pub fn to_openai(envelope: &Envelope) -> Export {
    export(envelope, Format::OpenAi, Options::default())
}

/// Exports the valid parts of `envelope` to Anthropic Messages.
pub fn to_anthropic(envelope: &Envelope, max_tokens: u64) -> Export {
    export(envelope, Format::Anthropic, Options { max_tokens })
}

/// Exports the valid parts of `envelope` to an MCP `prompts/get` result.
pub fn to_mcp(envelope: &Envelope) -> Export {
    export(envelope, Format::Mcp, Options::default())
}
