//! Gemini CLI session recordings (DECISIONS §14): the JSON Lines log
//! (`~/.gemini/tmp/<project>/chats/session-*.jsonl`: a header, message records, `$set` and
//! `$rewindTo` lines, records rewritten in place) replayed to the conversation it ends with,
//! and the older single JSON object `{sessionId, …, messages}`. Parts are read with the Gemini
//! import's part rules; what a recording does not hold (a system prompt, tool declarations) is
//! said, as for the other logs.

mod records;
mod replay;

use serde_json::Value;

use super::{Line, finish};
use crate::issue::{LogProblem, Problem};
use crate::model::Envelope;
use crate::provider::read::Report;
use crate::provider::read::draft::Draft;
use crate::provider::read::index_path;
use replay::{Record, Replayed};

/// Whether a log line says Gemini CLI: a `$set` or `$rewindTo` line, a header (`sessionId` with
/// `projectHash` or `startTime`, and neither `type` nor `parentUuid`), or a `gemini` record.
pub(crate) fn is_line(value: &Value) -> bool {
    let has = |key: &str| value.get(key).is_some();
    has("$set")
        || has("$rewindTo")
        || (has("sessionId")
            && (has("projectHash") || has("startTime"))
            && !has("type")
            && !has("parentUuid"))
        || value.get("type").and_then(Value::as_str) == Some("gemini")
}

/// Whether `value` is the older single-object recording: `sessionId` and a `messages` array
/// none of whose elements has a `role` (a request's messages do: one with a `sessionId` key
/// stays a request).
pub(crate) fn is_single(value: &Value) -> bool {
    let records = value.get("messages").and_then(Value::as_array);
    value.get("sessionId").is_some()
        && records.is_some_and(|records| records.iter().all(|r| r.get("role").is_none()))
}

/// Imports the JSON Lines recording `lines`.
pub(crate) fn import(lines: &[Line], report: &mut Report) -> Option<Envelope> {
    let replayed = Replayed::of(lines);
    if let Some(path) = replayed.removal_path() {
        let count = replayed.removed;
        report.warn(path.clone(), Problem::Log(LogProblem::Rewound { count }));
    }
    for path in &replayed.unknown {
        let problem = Problem::Log(LogProblem::NotARecord);
        report.warn(path.clone(), problem);
    }
    conversation(&replayed.records, report)
}

/// Imports the older single-object recording `root`: its `messages`, in order.
pub(crate) fn import_single(root: &Value, report: &mut Report) -> Option<Envelope> {
    let messages = root.get("messages").and_then(Value::as_array);
    let records: Vec<Record<'_>> = messages
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(k, value)| Record {
            path: index_path("messages", k),
            value,
        })
        .collect();
    conversation(&records, report)
}

/// The envelope of the records left: an error when none is a user or gemini record.
fn conversation(records: &[Record<'_>], report: &mut Report) -> Option<Envelope> {
    let mut draft = Draft::default();
    let read = records::read(records, &mut draft, report);
    if !read.conversation {
        report.error("$", Problem::Log(LogProblem::NoConversation));
        return None;
    }
    draft.model = read.model;
    // Thinking is counted and warned by the records (`thoughts` and thought parts as one).
    finish(draft, 0, report)
}
