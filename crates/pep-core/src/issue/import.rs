//! Import: what cannot be imported (errors), and what an import of a request left out or
//! changed (warnings) (DECISIONS §7, §10, §12, §13). The problems, their severity and their
//! English text, side by side; a session log's own problems are [`super::LogProblem`].

use std::fmt;

use super::{JsonType, LeftOut, Severity};

/// What an import found: an input it cannot read, or what it left out or changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportProblem {
    // ----- errors: nothing is imported -----
    /// The document is neither an envelope nor a request `pep import` reads.
    Unrecognized,
    /// A message role the input format does not have.
    UnknownRole {
        /// The role as written.
        found: String,
        /// The roles of the format.
        expected: &'static [&'static str],
    },
    /// Tool-call arguments that are not a JSON object.
    ArgumentsNotObject {
        /// The JSON type found.
        found: JsonType,
    },
    /// Tool-call arguments written as a string that is not JSON at all.
    ArgumentsNotJson {
        /// 1-based line inside the arguments string.
        line: usize,
        /// 1-based column inside the arguments string.
        column: usize,
        /// What the JSON parser expected.
        reason: String,
    },
    /// Nothing in the input gives an envelope message.
    Nothing,
    /// An embeddings request, which holds no conversation (DECISIONS §10).
    Embeddings,
    /// A file of many requests, imported without choosing (DECISIONS §13).
    ManyRequests {
        /// How many requests it has.
        count: usize,
        /// Whether they are the GenAI spans of a trace (else JSON Lines).
        spans: bool,
    },
    /// An OpenTelemetry trace without a span holding `gen_ai.input.messages` (DECISIONS §12).
    TraceNoGenAi,
    /// A many-request file none of whose lines can be imported.
    NoRequestImported,

    // ----- warnings: imported, with this left out or changed -----
    /// A key, block, part or message of the input that the envelope has no place for.
    LeftOut {
        /// What was left out.
        what: LeftOut,
    },
    /// Anthropic's `max_tokens`, which the envelope does not carry.
    MaxTokens {
        /// The number as written.
        value: String,
    },
    /// An OpenAI `developer` message, imported as a system message.
    Developer,
    /// A file whose bytes the envelope does not keep.
    BytesNotKept,
    /// A document text longer than the snippet the exports send.
    SnippetOnly {
        /// Unicode scalar values in the text.
        chars: usize,
    },
    /// A tool result whose call id no earlier tool call has.
    UnknownCall {
        /// The call id as written.
        id: String,
    },
    /// A request of a many-request file (a line, a span) that cannot be imported, skipped
    /// (DECISIONS §13).
    RequestLineSkipped {
        /// Why: the first error of its import, as the CLI prints it.
        reason: String,
    },
    /// A key that looks like a GenAI attribute but is not one (`gen_ai.system.instructions`),
    /// left out (DECISIONS §12).
    LookAlike {
        /// The key as written.
        found: String,
        /// The attribute it looks like.
        meant: &'static str,
    },
    /// `previous_response_id` or `conversation`, left out: the request relied on state the
    /// server holds and the file does not (DECISIONS §10).
    ServerState {
        /// The key as written.
        key: String,
    },
}

impl ImportProblem {
    /// How serious the problem is: the input cannot be imported, or only a warning.
    pub fn severity(&self) -> Severity {
        match self {
            Self::Unrecognized
            | Self::UnknownRole { .. }
            | Self::ArgumentsNotObject { .. }
            | Self::ArgumentsNotJson { .. }
            | Self::Nothing
            | Self::Embeddings
            | Self::ManyRequests { .. }
            | Self::TraceNoGenAi
            | Self::NoRequestImported => Severity::Error,
            Self::LeftOut { .. }
            | Self::MaxTokens { .. }
            | Self::Developer
            | Self::BytesNotKept
            | Self::SnippetOnly { .. }
            | Self::UnknownCall { .. }
            | Self::RequestLineSkipped { .. }
            | Self::LookAlike { .. }
            | Self::ServerState { .. } => Severity::Warning,
        }
    }
}

impl fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unrecognized => write!(
                f,
                "not an envelope or an importable request: expected an object with `version` (an \
         envelope) or with `messages` (an OpenAI Chat Completions or Anthropic Messages request, \
         or an MCP prompts/get result, also inside a JSON-RPC response) or with `input` (an \
         OpenAI Responses request) or with `contents` (a Google Gemini generateContent body, also \
         inside a `request`), OpenTelemetry GenAI attributes (`gen_ai.input.messages`, …), \
         messages with `parts` or an OTLP/JSON trace; or JSON Lines of a Claude Code, Codex or \
         Gemini CLI session log"
            ),
            Self::UnknownRole { found, expected } => {
                write!(f, "unknown role \"{found}\" (expected ")?;
                one_of(expected, " or ", f)?;
                f.write_str(")")
            }
            Self::ArgumentsNotObject { found } => write!(f, "not a JSON object, found {found}"),
            Self::ArgumentsNotJson {
                line,
                column,
                reason,
            } => write!(
                f,
                "not a JSON object: invalid JSON at line {line}, column {column}: {reason}"
            ),
            Self::Nothing => write!(
                f,
                "nothing to import: no message has any content an envelope can hold"
            ),
            Self::ManyRequests { count, spans } => write!(
                f,
                "the file holds {count} requests, {}: choose one with `pep import --index K` (1 to \
         {count}) or take all with `--all`",
                if *spans {
                    "each a GenAI span of the trace"
                } else {
                    "one per line"
                }
            ),
            Self::TraceNoGenAi => write!(
                f,
                "nothing to import: no span of the trace has the attribute `gen_ai.input.messages`"
            ),
            Self::NoRequestImported => write!(f, "no request of the file could be imported"),
            Self::Embeddings => write!(
                f,
                "an embeddings request: it holds texts to embed, not a conversation, so there is \
         nothing to import"
            ),
            Self::LeftOut { .. }
            | Self::MaxTokens { .. }
            | Self::Developer
            | Self::BytesNotKept
            | Self::SnippetOnly { .. }
            | Self::UnknownCall { .. }
            | Self::RequestLineSkipped { .. }
            | Self::LookAlike { .. }
            | Self::ServerState { .. } => self.warning_text(f),
        }
    }
}

impl ImportProblem {
    /// The text of a warning: what the import left out or changed.
    fn warning_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeftOut { what } => write!(f, "left out of the envelope: {what}"),
            Self::MaxTokens { value } => write!(
                f,
                "max_tokens {value} is left out of the envelope; the Anthropic export takes it as an \
         option (4096 unless told otherwise)"
            ),
            Self::Developer => {
                write!(f, "a developer message is imported as a system message")
            }
            Self::BytesNotKept => write!(
                f,
                "the file's content is not kept: the document keeps its name, type and size, with an \
         empty snippet"
            ),
            Self::SnippetOnly { chars } => write!(
                f,
                "the document's text has {chars} characters; its snippet keeps the first 200, and \
         exports send only the snippet"
            ),
            Self::UnknownCall { id } => write!(
                f,
                "no earlier tool call has the id \"{id}\"; the result is imported with toolName \"unknown\""
            ),
            Self::RequestLineSkipped { reason } => write!(f, "the request is skipped: {reason}"),
            Self::LookAlike { found, meant } => write!(
                f,
                "left out of the envelope: the key `{found}`, which looks like `{meant}` but is not \
         that attribute"
            ),
            Self::ServerState { key } => write!(
                f,
                "left out of the envelope: the key `{key}`; the request relied on earlier turns the \
         server keeps, and the file does not hold them"
            ),
            Self::Unrecognized
            | Self::UnknownRole { .. }
            | Self::ArgumentsNotObject { .. }
            | Self::ArgumentsNotJson { .. }
            | Self::Nothing
            | Self::Embeddings
            | Self::ManyRequests { .. }
            | Self::TraceNoGenAi
            | Self::NoRequestImported => fmt::Display::fmt(self, f),
        }
    }
}

/// `a, b or c`: the words of a list, the last joined with `last` (" or ").
fn one_of(words: &[&str], last: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (k, word) in words.iter().enumerate() {
        if k > 0 {
            f.write_str(if k + 1 == words.len() { last } else { ", " })?;
        }
        f.write_str(word)?;
    }
    Ok(())
}
