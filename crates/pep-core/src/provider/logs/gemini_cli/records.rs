//! The records of a Gemini CLI recording as messages (DECISIONS §14): `user` records as user
//! turns, `gemini` records as an assistant message (its texts, then its `toolCalls` as
//! requests) and a tool message of the calls' results; `info`, `error` and `warning` records
//! (notices the model never saw) and `thoughts` counted.
//!
//! Since gemini-cli v0.44 a tool's answer is recorded twice (a `user` record of
//! functionResponse parts, and the call's `toolCalls[].result`), and a checkpoint rewrites a
//! gemini record's `content` to the model turn's parts (its functionCalls again, and its thought
//! parts beside `thoughts`). The call, its result and its thinking are read once: from
//! `toolCalls` and `thoughts` (tests/fixtures/import/gemini/NOTES.md, item 17).

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::super::leniently;
use super::replay::Record;
use crate::issue::{JsonType, LeftOut, LogProblem, Problem, StructureProblem};
use crate::model::Segment;
use crate::provider::gemini::import::{Piece, Thinking, model_turn, part, user_turn};
use crate::provider::logs::time;
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{LeftOutKinds, Report, index_path, key_path, lenient_arguments};

/// What the records gave besides the messages.
#[derive(Default)]
pub(super) struct Read {
    /// The last gemini record's model.
    pub model: Option<String>,
    /// Whether any user or gemini record was read.
    pub conversation: bool,
}

/// Reads `records` into `draft`; thinking and notices are warned here, counted.
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

/// The items of `value` at `path` with their paths: an array's elements, else the value itself
/// (a record's `content` and a call's `result` are a string, a part or a list of parts).
fn items(value: Option<&Value>, path: String) -> Vec<(String, &Value)> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(k, item)| (index_path(&path, k), item))
            .collect(),
        Some(one) => vec![(path, one)],
    }
}

/// A record's `content` as pieces with their paths.
fn content(
    record: &Record<'_>,
    calls: bool,
    thinking: &mut Thinking,
    report: &mut Report,
) -> Vec<(String, Piece)> {
    let value = record.value.get("content");
    // A record of tool calls or answers only has the content "": nothing, not a loss.
    if value.and_then(Value::as_str) == Some("") {
        return Vec::new();
    }
    let mut pieces = Vec::new();
    for (path, value) in items(value, key_path(&record.path, "content")) {
        let read = part(value, path.clone(), calls, thinking, report);
        pieces.extend(read.into_iter().map(|piece| (path.clone(), piece)));
    }
    pieces
}

/// A user record: a user turn, without the functionResponses a call already answered; a
/// record that held nothing else is warned as empty.
fn user(
    record: &Record<'_>,
    answered: &HashSet<String>,
    draft: &mut Draft,
    thinking: &mut Thinking,
    report: &mut Report,
) {
    let pieces = content(record, false, thinking, report);
    let read = pieces.len();
    let fresh: Vec<(String, Piece)> = pieces
        .into_iter()
        .filter(|(_, piece)| match piece {
            Piece::Response(Segment::ToolCallResult(result)) => result
                .call_id
                .as_deref()
                .is_none_or(|id| !answered.contains(id)),
            _ => true,
        })
        .collect();
    let repeated = fresh.len() < read;
    if !user_turn(fresh, draft, report) && !repeated {
        report.left_out(record.path.clone(), LeftOut::EmptyMessage);
    }
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
    let calls = items(
        record.value.get("toolCalls"),
        key_path(&record.path, "toolCalls"),
    );
    let before = thinking.thoughts();
    let mut pieces = content(record, true, thinking, report);
    // `thoughts` and the thought parts a checkpoint kept are one thinking: counted once.
    let thoughts = record.value.get("thoughts").and_then(Value::as_array);
    let more = thoughts
        .map_or(0, Vec::len)
        .saturating_sub(thinking.thoughts() - before);
    thinking.add_thoughts(key_path(&record.path, "thoughts"), more);
    drop_repeated_calls(&mut pieces, &calls);
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
            results.push(result);
        }
    }
    model_turn(pieces, draft);
    draft.end_run();
    for result in results {
        draft.push_result(result);
    }
    draft.end_run();
}

/// Drops the functionCall parts that are `calls` again: one with an `id` when a call has that
/// id; one without, while calls of its name are left to match (each matches one part).
fn drop_repeated_calls(pieces: &mut Vec<(String, Piece)>, calls: &[(String, &Value)]) {
    let field = |call: &Value, key: &str| call.get(key).and_then(Value::as_str).map(str::to_owned);
    let ids: HashSet<String> = calls.iter().filter_map(|(_, c)| field(c, "id")).collect();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for name in calls.iter().filter_map(|(_, c)| field(c, "name")) {
        *by_name.entry(name).or_default() += 1;
    }
    pieces.retain(|(_, piece)| {
        let Piece::Call(Segment::ToolCallRequest(request)) = piece else {
            return true;
        };
        if let Some(id) = &request.call_id {
            return !ids.contains(id);
        }
        match by_name.get_mut(&request.tool_name) {
            Some(left) if *left > 0 => {
                *left -= 1;
                false
            }
            _ => true,
        }
    });
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
    if !call.is_object() {
        report.wrong_type(path, JsonType::Object, call);
        return None;
    }
    let name = match call.get("name") {
        Some(Value::String(name)) => name,
        Some(other) => {
            report.wrong_type(key_path(path, "name"), JsonType::String, other);
            return None;
        }
        None => {
            let problem = StructureProblem::MissingField { field: "name" };
            report.error(path, Problem::Structure(problem));
            return None;
        }
    };
    let id = call.get("id").and_then(Value::as_str);
    let arguments = match call.get("args") {
        Some(Value::Object(args)) => args.clone(),
        None | Some(Value::Null) => serde_json::Map::new(),
        Some(Value::String(text)) => lenient_arguments(text, &key_path(path, "args"), report),
        Some(other) => lenient_arguments(&other.to_string(), &key_path(path, "args"), report),
    };
    let request = draft::request(name, arguments, id);
    if call.get("result").is_none_or(Value::is_null) {
        return Some((request, None));
    }
    let mut texts = Vec::new();
    for (path, item) in items(call.get("result"), key_path(path, "result")) {
        for piece in part(item, path.clone(), false, thinking, report) {
            match piece {
                Piece::Response(Segment::ToolCallResult(answer)) => texts.push(answer.result),
                Piece::Segment(Segment::Text(text)) => texts.push(text.content),
                // Already warned: its bytes are not kept.
                Piece::Segment(Segment::Document(_)) => {}
                Piece::Segment(_) | Piece::Call(_) | Piece::Response(_) => {
                    report.left_out(path.clone(), LeftOut::Part("media".to_owned()));
                }
            }
        }
    }
    let success = call.get("status").and_then(Value::as_str) == Some("success");
    let result = draft::result(name.clone(), texts.join("\n\n"), success, id);
    Some((request, Some(result)))
}
