//! What a session log import leaves out or cannot hold (DECISIONS §11): one enum inside
//! [`Problem::Log`], so the logs' lenient, counted warnings stay together.

use super::Problem;

/// A session log's own warning (Claude Code transcripts, Codex rollouts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogProblem {
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
    /// What a log does not hold that the model was also sent.
    HoldsNo {
        /// No system prompt (instructions) in the log.
        system: bool,
    },
}
