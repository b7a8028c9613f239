//! Session logs (DECISIONS §11): what a log import cannot read, leaves out or cannot hold. The
//! problems, their severity and their English text, side by side; the logs' lenient, counted
//! warnings stay together.

use std::fmt;

use super::{Problem, Severity};

/// A session log's own warning (Claude Code transcripts, Codex rollouts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogProblem {
    /// A log with no user or assistant line: nothing to import (an error).
    NoConversation,
    /// A line that is not JSON (or not an object), skipped.
    LineSkipped {
        /// 1-based line number.
        line: usize,
    },
    /// Lines of a type the conversation has no place for (`summary`, `progress`, …), counted.
    LinesLeftOut {
        /// The line type as written.
        kind: String,
        /// How many.
        count: usize,
    },
    /// User and assistant lines off the conversation's `parentUuid` chain (sidechains,
    /// rewound branches), counted.
    OffChain {
        /// How many.
        count: usize,
    },
    /// Lines before the last compaction, which the last request did not hold, counted.
    Compacted {
        /// How many.
        count: usize,
    },
    /// Thinking or reasoning blocks, left out, counted.
    Thinking {
        /// How many.
        count: usize,
    },
    /// Logged tool-call arguments that are not a JSON object, kept as `{"raw": text}`.
    RawArguments,
    /// A node of a log line a request import would refuse, left out (logs are lenient).
    NodeSkipped {
        /// Why a request import would have refused it.
        problem: Box<Problem>,
    },
    /// Items of a Codex rollout of a type without a place (`custom_tool_call`, …), counted.
    ItemsLeftOut {
        /// The item type as written.
        kind: String,
        /// How many.
        count: usize,
    },
    /// Records a rewind (`$rewindTo`) or a checkpoint (`$set.messages`) of a Gemini CLI
    /// recording removed, counted.
    Rewound {
        /// How many.
        count: usize,
    },
    /// A Gemini CLI line that is none of a record, a `$set`, a `$rewindTo` or the header.
    NotARecord,
    /// Gemini CLI records of a type the conversation has no place for (`info`, `error`,
    /// `warning`: notices the model never saw), counted.
    NoticesLeftOut {
        /// The record type as written.
        kind: String,
        /// How many.
        count: usize,
    },
    /// What a log does not hold that the model was also sent.
    HoldsNo {
        /// No system prompt (instructions) in the log.
        system: bool,
    },
}

impl LogProblem {
    /// How serious the problem is: only a log without a conversation cannot be imported.
    pub fn severity(&self) -> Severity {
        match self {
            LogProblem::NoConversation => Severity::Error,
            LogProblem::LineSkipped { .. }
            | LogProblem::LinesLeftOut { .. }
            | LogProblem::OffChain { .. }
            | LogProblem::Compacted { .. }
            | LogProblem::Thinking { .. }
            | LogProblem::RawArguments
            | LogProblem::NodeSkipped { .. }
            | LogProblem::ItemsLeftOut { .. }
            | LogProblem::Rewound { .. }
            | LogProblem::NotARecord
            | LogProblem::NoticesLeftOut { .. }
            | LogProblem::HoldsNo { .. } => Severity::Warning,
        }
    }
}

impl fmt::Display for LogProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogProblem::NoConversation => write!(
                f,
                "nothing to import: the log has no user or assistant line"
            ),
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
            LogProblem::Rewound { count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "{count} record{s} removed by a rewind or a checkpoint ($rewindTo, \
                     $set.messages): the session went on without them"
                )
            }
            LogProblem::NotARecord => write!(
                f,
                "left out: not a record (no `id` or `type`), a checkpoint, a rewind to an id or \
                 the header"
            ),
            LogProblem::NoticesLeftOut { kind, count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "{count} `{kind}` record{s} left out: not part of the conversation the model \
                     was sent"
                )
            }
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
}

/// "1 line", "3 lines".
fn lines(count: usize) -> String {
    if count == 1 {
        "1 line".to_owned()
    } else {
        format!("{count} lines")
    }
}
