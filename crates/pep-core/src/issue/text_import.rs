//! The plain English messages of the import area (`areas.rs`): what cannot be imported, and
//! what an import of a request or a session log left out or changed.

use std::fmt;

use super::{LogProblem, Problem};

pub(super) fn import_errors(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::ImportUnrecognized => write!(
            f,
            "not an envelope or an importable request: expected an object with `version` (an \
         envelope) or with `messages` (an OpenAI Chat Completions or Anthropic Messages request, \
         or an MCP prompts/get result, also inside a JSON-RPC response) or with `input` (an \
         OpenAI Responses request), OpenTelemetry GenAI attributes (`gen_ai.input.messages`, …), \
         messages with `parts` or an OTLP/JSON trace; or JSON Lines of a Claude Code or Codex \
         session log"
        ),
        Problem::ImportUnknownRole { found, expected } => {
            write!(f, "unknown role \"{found}\" (expected {expected})")
        }
        Problem::ArgumentsNotObject { found } => write!(f, "not a JSON object, found {found}"),
        Problem::ArgumentsNotJson {
            line,
            column,
            reason,
        } => write!(
            f,
            "not a JSON object: invalid JSON at line {line}, column {column}: {reason}"
        ),
        Problem::ImportNothing => write!(
            f,
            "nothing to import: no message has any content an envelope can hold"
        ),
        Problem::ManyRequests { count, spans } => write!(
            f,
            "the file holds {count} requests, {}: choose one with `pep import --index K` (1 to \
         {count}) or take all with `--all`",
            if *spans {
                "each a GenAI span of the trace"
            } else {
                "one per line"
            }
        ),
        Problem::TraceNoGenAi => write!(
            f,
            "nothing to import: no span of the trace has the attribute `gen_ai.input.messages`"
        ),
        Problem::NoRequestImported => write!(f, "no request of the file could be imported"),
        Problem::LogNoConversation => write!(
            f,
            "nothing to import: the log has no user or assistant line"
        ),
        Problem::ImportEmbeddings => write!(
            f,
            "an embeddings request: it holds texts to embed, not a conversation, so there is \
         nothing to import"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_envelope!()
        | problems_export!()
        | problems_checks!()
        | problems_anthropic!()
        | problems_mcp!()
        | problems_import_warnings!() => Ok(()),
    }
}

pub(super) fn import_warnings(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::ImportLeftOut { what } => write!(f, "left out of the envelope: {what}"),
        Problem::ImportMaxTokens { value } => write!(
            f,
            "max_tokens {value} is left out of the envelope; the Anthropic export takes it as an \
         option (4096 unless told otherwise)"
        ),
        Problem::ImportDeveloper => {
            write!(f, "a developer message is imported as a system message")
        }
        Problem::ImportBytesNotKept => write!(
            f,
            "the file's content is not kept: the document keeps its name, type and size, with an \
         empty snippet"
        ),
        Problem::ImportSnippetOnly { chars } => write!(
            f,
            "the document's text has {chars} characters; its snippet keeps the first 200, and \
         exports send only the snippet"
        ),
        Problem::ImportUnknownCall { id } => write!(
            f,
            "no earlier tool call has the id \"{id}\"; the result is imported with toolName \"unknown\""
        ),
        Problem::RequestLineSkipped { reason } => write!(f, "the request is skipped: {reason}"),
        Problem::Log(log) => log_warnings(log, f),
        Problem::ImportLookAlike { found, meant } => write!(
            f,
            "left out of the envelope: the key `{found}`, which looks like `{meant}` but is not \
         that attribute"
        ),
        Problem::ImportServerState { key } => write!(
            f,
            "left out of the envelope: the key `{key}`; the request relied on earlier turns the \
         server keeps, and the file does not hold them"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_envelope!()
        | problems_export!()
        | problems_checks!()
        | problems_anthropic!()
        | problems_mcp!()
        | problems_import_errors!() => Ok(()),
    }
}

/// A session log's own warnings (DECISIONS §11).
fn log_warnings(problem: &LogProblem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        LogProblem::LineSkipped { .. } => {
            write!(f, "not a JSON object; the line is skipped")
        }
        LogProblem::NodeSkipped { problem } => write!(f, "left out: {problem}"),
        LogProblem::ItemsLeftOut { kind, count } => {
            let s = if *count == 1 { "" } else { "s" };
            write!(f, "{count} item{s} of type `{kind}` left out")
        }
        LogProblem::LinesLeftOut { kind, count } => {
            write!(f, "{} of type `{kind}` left out", lines(*count))
        }
        LogProblem::OffChain { count } => write!(
            f,
            "{} off the conversation's chain (sidechains, rewound branches) left out",
            lines(*count)
        ),
        LogProblem::Compacted { count } => write!(
            f,
            "{} before the last compaction left out: the last request did not hold them",
            lines(*count)
        ),
        LogProblem::Thinking { count } => {
            let s = if *count == 1 { "" } else { "s" };
            write!(f, "{count} thinking or reasoning block{s} left out")
        }
        LogProblem::RawArguments => write!(
            f,
            "the logged arguments are not a JSON object (the log may be redacted or cut); they \
         are kept as {{\"raw\": the text}}"
        ),
        LogProblem::HoldsNo { system: true } => write!(
            f,
            "this log holds no system prompt or tool declarations: the model was sent those too"
        ),
        LogProblem::HoldsNo { system: false } => write!(
            f,
            "this log holds no tool declarations: the model was sent those too"
        ),
    }
}

/// "1 line", "3 lines".
fn lines(count: usize) -> String {
    if count == 1 {
        "1 line".to_owned()
    } else {
        format!("{count} lines")
    }
}
