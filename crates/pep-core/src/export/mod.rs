//! Export of an envelope to provider request formats (spec §5; DECISIONS §3, §5, §6, §10, §12).
//!
//! The envelope is lowered once ([`crate::lower`]); each format is a small printer (in its
//! provider's folder, `provider/`) that writes that [`Conversation`] straight into pretty JSON
//! text (`provider/print`), in one pass: the text,
//! the lines each part of it came from (links), its model-visible size and the request checks
//! of its format come out together, and nothing is printed twice or scanned again. Key order
//! is fixed by construction and the text is identical wherever the code runs (natively and in
//! wasm).

use serde_json::Value;

use crate::issue::Issue;
use crate::lower::checks::Checks;
use crate::lower::{Analysis, Conversation};
use crate::model::Envelope;
use crate::tokens::{Size, TokenCounter};

pub use crate::lower::human_size;
pub use crate::provider::print::Link;
/// Compact JSON as the exports write tool arguments (the comparison's keys and sizes).
pub(crate) use crate::provider::print::compact;
use crate::provider::print::{Printer, Recorder, Writer};
pub use crate::provider::{CheckSet, Endpoint, Format, Hooks, Provider, lower};
use crate::provider::{anthropic, gemini, mcp, openai_chat, otel, responses};

/// An exported request body, as text, and what came with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    /// The request body, pretty-printed with two spaces: exactly what `pep export` prints
    /// (without the final newline) and the viewer shows.
    pub text: String,
    /// What the export could not carry over faithfully: the lowering's warnings in envelope
    /// order, then the format's own.
    pub warnings: Vec<Issue>,
    /// The request checks that concern this format (`checks_for`).
    pub checks: Vec<Issue>,
    /// Which lines of [`Self::text`] came from which segments, when [`Options::links`].
    pub links: Vec<Link>,
    /// Where each line of [`Self::text`] starts (byte offsets), when [`Options::links`].
    pub line_starts: Vec<u32>,
    /// The model-visible size of the request ([`crate::budget::RequestBudget`]), when a
    /// token counter was given.
    pub size: Option<Size>,
}

impl Export {
    /// The request as JSON text, pretty-printed with two spaces.
    pub fn to_pretty_json(&self) -> String {
        self.text.clone()
    }

    /// The request body as a JSON value, numbers spelled as written (for tests and callers
    /// that inspect it; printing never builds one).
    pub fn request(&self) -> Value {
        crate::decode::parse_json(&self.text).map_or(Value::Null, |parsed| parsed.value)
    }

    /// Writes [`Self::text`] to `out`.
    pub fn write_pretty_json(&self, mut out: impl std::io::Write) -> std::io::Result<()> {
        out.write_all(self.text.as_bytes())
    }
}

/// What an export may be told besides the envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Anthropic's `max_tokens` (DECISIONS §5: 4096 unless told otherwise).
    pub max_tokens: u64,
    /// Whether to fill [`Export::links`] and [`Export::line_starts`] (the viewer's linking
    /// and windowed view). Off by default: the CLI has no use for them.
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
    print_measured(conversation, format, options, None)
}

/// [`print`], measuring the request's model-visible text with `counter` as it is written.
pub fn print_measured(
    conversation: &Conversation<'_>,
    format: Format,
    options: Options,
    counter: Option<&dyn TokenCounter>,
) -> Export {
    // The text is about the size of what it carries; a guess that saves most regrowth.
    let capacity = conversation.text_len() + conversation.turns.len() * 96 + 256;
    let writer = Writer::new(capacity, options.links, counter);
    print_with(conversation, format, options, writer)
}

/// [`print`] straight into `sink` as it is written (`pep export`): the request never exists
/// whole in memory, so [`Export::text`] is empty. A write error stops the writing, not the
/// export.
pub fn print_to(
    conversation: &Conversation<'_>,
    format: Format,
    options: Options,
    sink: &mut dyn std::io::Write,
) -> Export {
    print_with(conversation, format, options, Writer::streaming(sink))
}

fn print_with(
    conversation: &Conversation<'_>,
    format: Format,
    options: Options,
    writer: Writer<'_>,
) -> Export {
    let mut out = Printer {
        writer,
        links: Recorder::new(options.links),
    };
    let warnings = match format {
        Format::OpenAi => openai_chat::export::print(conversation, &mut out),
        Format::Responses => responses::export::print(conversation, &mut out),
        Format::Anthropic => anthropic::export::print(conversation, options.max_tokens, &mut out),
        Format::Mcp => mcp::export::print(conversation, &mut out),
        Format::Gemini => gemini::export::print(conversation, &mut out),
        Format::Otel => otel::export::print(conversation, &mut out),
    };
    let (text, line_starts, size) = out.writer.finish();
    Export {
        text,
        warnings,
        checks: checks_for(&conversation.checks, format),
        links: out.links.into_vec(),
        line_starts,
        size,
    }
}

/// The request checks that concern `format`'s request, in the families its row of the table
/// of providers names ([`Provider::request_checks`]).
fn checks_for(checks: &Checks, format: Format) -> Vec<Issue> {
    let sets = format.provider().request_checks();
    sets.iter()
        .flat_map(|set| checks.of_set(*set))
        .cloned()
        .collect()
}

/// Exports the valid parts of `envelope` in `format` (lowering it first).
pub fn export(envelope: &Envelope, format: Format, options: Options) -> Export {
    let analysis = Analysis::of(envelope);
    print(&lower(envelope, &analysis), format, options)
}
