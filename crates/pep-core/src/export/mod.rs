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
use crate::lower::{Analysis, Conversation, Head, ToolResult, lower};
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
    /// Which parts of the request came from which segments, for linking a view of the
    /// envelope to a view of the request.
    pub links: Vec<Link>,
}

/// The links of one export as it is built: nothing is kept when they are not wanted.
pub(super) struct Links {
    links: Option<Vec<Link>>,
}

impl Links {
    /// Links kept or not.
    pub(super) fn new(wanted: bool) -> Links {
        Links {
            links: wanted.then(Vec::new),
        }
    }

    /// Adds the link that `make` builds, when links are wanted.
    pub(super) fn add(&mut self, make: impl FnOnce() -> Link) {
        if let Some(links) = &mut self.links {
            links.push(make());
        }
    }

    /// Whether links are kept (so worth computing).
    pub(super) fn wanted(&self) -> bool {
        self.links.is_some()
    }

    /// The links kept.
    pub(super) fn into_vec(self) -> Vec<Link> {
        self.links.unwrap_or_default()
    }
}

/// The segments of the head, in order.
pub(super) fn head_paths(head: &Head) -> Vec<String> {
    head.sources.iter().map(|(path, _)| path.clone()).collect()
}

/// The result's segment, then the texts appended to it.
pub(super) fn result_paths(result: &ToolResult<'_>) -> Vec<String> {
    result
        .sources
        .iter()
        .map(|(path, _)| path.clone())
        .collect()
}

/// A node of the request and the segments it was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The node's path in the request, e.g. `messages[2].content[0]`.
    pub request_path: String,
    /// The paths of the segments it came from, in order (`messages[m].segments[s]`, or a
    /// tool_overview item below one).
    pub segments: Vec<String>,
}

impl Link {
    /// A link from `request_path` to `segments`.
    pub fn new(request_path: String, segments: Vec<String>) -> Link {
        Link {
            request_path,
            segments,
        }
    }
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
    /// Whether to fill [`Export::links`] (the viewer's linking). Off by default: the CLI has
    /// no use for them, and for many small messages they cost a third more memory.
    pub links: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_tokens: 4096,
            links: false,
        }
    }
}

/// Prints `conversation` in `format`.
pub fn print(conversation: &Conversation<'_>, format: Format, options: Options) -> Export {
    match format {
        Format::OpenAi => openai::print(conversation, options.links),
        Format::Anthropic => anthropic::print(conversation, options),
        Format::Mcp => mcp::print(conversation, options.links),
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
    let options = Options {
        max_tokens,
        ..Options::default()
    };
    export(envelope, Format::Anthropic, options)
}

/// Exports the valid parts of `envelope` to an MCP `prompts/get` result.
pub fn to_mcp(envelope: &Envelope) -> Export {
    export(envelope, Format::Mcp, Options::default())
}
