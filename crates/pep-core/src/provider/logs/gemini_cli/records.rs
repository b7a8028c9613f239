//! The records of a Gemini CLI recording as messages (DECISIONS §14): `user` records as user
//! turns, `gemini` records as an assistant message (its texts, then its `toolCalls` as
//! requests) and a tool message of the calls' results; `info`, `error` and `warning` records
//! (notices the model never saw) and `thoughts` counted.
//!
//! Since gemini-cli v0.44 a tool's answer is recorded twice (a `user` record of
//! functionResponse parts, and the call's `toolCalls[].result`), and a checkpoint rewrites a
//! gemini record's `content` to the model turn's parts (its functionCalls again). The call and
//! its result are read once, from `toolCalls`: a functionCall part of a record whose
//! `toolCalls` name that tool, and a functionResponse whose `id` a call already answered,
//! are the same ones again, dropped silently (tests/fixtures/import/gemini/NOTES.md, item 17).

use std::collections::HashSet;

use serde_json::Value;

use super::super::leniently;
use super::replay::Record;
use crate::issue::{LeftOut, LogProblem, Problem};
use crate::model::Segment;
use crate::provider::gemini::import::{Piece, Thinking, model_turn, part, user_turn};
use crate::provider::logs::time;
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{LeftOutKinds, Report, index_path, key_path};

/// What the records gave besides the messages.
#[derive(Default)]
pub(super) struct Read {
    /// The last gemini record's model.
    pub model: Option<String>,
    /// `thoughts` entries, left out.
    pub thoughts: usize,
    /// Whether any user or gemini record was read.
    pub conversation: bool,
}

/// Reads `records` into `draft`.
pub(super) fn read(records: &[Record<'_>], draft: &mut Draft, report: &mut Report) -> Read {
    let mut read = Read::default();
    let mut thinking = Thinking::default();
    let mut notices = LeftOutKinds::default();
    let mut answered: HashSet<String> = HashSet::new();
    for record in records {
        let stamp = record.value.get("timestamp").and_then(Value::as_str);
        draft.stamp = stamp.and_then(time::millis).or(draft.stamp);
        match record.value.get("type").and_then(Value::as_str) {
            Some("user") => {
                read.conversation = true;
                leniently(report, |report| {
                    user(record, &answered, draft, &mut thinking, report)
                });
            }
            Some("gemini") => {
                read.conversation = true;
                let model = record.value.get("model").and_then(Value::as_str);
                read.model = model.map(str::to_owned).or(read.model.take());
                let thoughts = record.value.get("thoughts").and_then(Value::as_array);
                read.thoughts += thoughts.map_or(0, Vec::len);
                leniently(report, |report| {
                    gemini(record, &mut answered, draft, &mut thinking, report)
                });
            }
            Some(kind) => notices.add(kind),
            None => notices.add("(no type)"),
        }
    }
    thinking.report(report);
    notices.report_as(report, |kind, count| {
        Problem::Log(LogProblem::NoticesLeftOut { kind, count })
    });
    read
}

/// A record's `content` (a string, a part or a list of parts) as pieces with their paths.
fn content(
    record: &Record<'_>,
    calls: bool,
    thinking: &mut Thinking,
    report: &mut Report,
) -> Vec<(String, Piece)> {
    let at = key_path(&record.path, "content");
    let parts: Vec<(String, &Value)> = match record.value.get("content") {
        // A gemini record that only calls tools has the content "": nothing, not a loss.
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(text)) if text.is_empty() => Vec::new(),
        Some(Value::Array(parts)) => parts
            .iter()
            .enumerate()
            .map(|(k, part)| (index_path(&at, k), part))
            .collect(),
        Some(one) => vec![(at, one)],
    };
    let mut pieces = Vec::new();
    for (path, value) in parts {
        let read = part(value, path.clone(), calls, thinking, report);
        pieces.extend(read.into_iter().map(|piece| (path.clone(), piece)));
    }
    pieces
}

/// A user record: a user turn, without the functionResponses a call already answered.
fn user(
    record: &Record<'_>,
    answered: &HashSet<String>,
    draft: &mut Draft,
    thinking: &mut Thinking,
    report: &mut Report,
) {
    let pieces = content(record, false, thinking, report);
    let fresh = pieces.into_iter().filter(|(_, piece)| match piece {
        Piece::Response(Segment::ToolCallResult(result)) => result
            .call_id
            .as_deref()
            .is_none_or(|id| !answered.contains(id)),
        _ => true,
    });
    user_turn(fresh.collect(), draft, report);
}

/// A gemini record: its content (less the calls its `toolCalls` hold), then one request per
/// `toolCalls` entry, then a tool message with the result of each call that has one.
fn gemini(
    record: &Record<'_>,
    answered: &mut HashSet<String>,
    draft: &mut Draft,
    thinking: &mut Thinking,
    report: &mut Report,
) {
    let calls_at = key_path(&record.path, "toolCalls");
    let calls: Vec<(String, &Value)> = match record.value.get("toolCalls") {
        Some(Value::Array(calls)) => calls
            .iter()
            .enumerate()
            .map(|(k, call)| (index_path(&calls_at, k), call))
            .collect(),
        _ => Vec::new(),
    };
    let names: HashSet<&str> = calls
        .iter()
        .filter_map(|(_, call)| call.get("name").and_then(Value::as_str))
        .collect();
    let mut pieces = content(record, true, thinking, report);
    pieces.retain(|(_, piece)| match piece {
        Piece::Call(Segment::ToolCallRequest(request)) => {
            !names.contains(request.tool_name.as_str())
        }
        _ => true,
    });
    let mut results = Vec::new();
    for (path, call) in &calls {
        let Some((request, result)) = tool_call(call, path, thinking, report) else {
            continue;
        };
        pieces.push((path.clone(), Piece::Call(request)));
        if let Some(result) = result {
            if let Segment::ToolCallResult(answer) = &result
                && let Some(id) = &answer.call_id
            {
                answered.insert(id.clone());
            }
            results.push((path.clone(), Piece::Response(result)));
        }
    }
    model_turn(pieces, draft);
    draft.end_run();
    for (_, result) in results {
        if let Piece::Response(result) = result {
            draft.push_result(result);
        }
    }
    draft.end_run();
}

/// A `toolCalls` entry: its request (callId = `id`, toolName = `name`, arguments = `args`) and,
/// when it has a `result`, its result: a functionResponse's text (§14's rule), text parts and
/// strings after it joined with `"\n\n"`; success = `status` is `success`.
fn tool_call(
    call: &Value,
    path: &str,
    thinking: &mut Thinking,
    report: &mut Report,
) -> Option<(Segment, Option<Segment>)> {
    let name = call.get("name").and_then(Value::as_str);
    let Some(name) = name else {
        let problem = crate::issue::StructureProblem::MissingField { field: "name" };
        report.error(path, Problem::Structure(problem));
        return None;
    };
    let id = call.get("id").and_then(Value::as_str);
    let arguments = match call.get("args") {
        Some(Value::Object(args)) => args.clone(),
        None | Some(Value::Null) => serde_json::Map::new(),
        // As for the other logs: kept as {"raw": …}, warned (a log may be redacted or cut).
        Some(other) => {
            let raw = match other {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            report.warn(
                key_path(path, "args"),
                Problem::Log(LogProblem::RawArguments),
            );
            serde_json::Map::from_iter([("raw".to_owned(), Value::String(raw))])
        }
    };
    let request = draft::request(name, arguments, id);
    let result = match call.get("result") {
        None | Some(Value::Null) => return Some((request, None)),
        Some(result) => result,
    };
    let at = key_path(path, "result");
    let items: Vec<(String, &Value)> = match result {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(k, item)| (index_path(&at, k), item))
            .collect(),
        one => vec![(at, one)],
    };
    let mut texts = Vec::new();
    for (path, item) in items {
        for piece in part(item, path.clone(), false, thinking, report) {
            match piece {
                Piece::Response(Segment::ToolCallResult(answer)) => texts.push(answer.result),
                Piece::Segment(Segment::Text(text)) => texts.push(text.content),
                Piece::Segment(_) | Piece::Call(_) | Piece::Response(_) => {
                    report.left_out(path.clone(), LeftOut::Part("media".to_owned()));
                }
            }
        }
    }
    let success = call.get("status").and_then(Value::as_str) == Some("success");
    let result = draft::result(name.to_owned(), texts.join("\n\n"), success, id);
    Some((request, Some(result)))
}
