//! Claude Code transcripts (DECISIONS §11): the conversation of the last request is the
//! `parentUuid` chain from the last user or assistant line back to its root (or to the last
//! compaction), widened to the branches parallel tool calls make; each line's `message` is
//! read with the Anthropic rules, and the lines of one streamed response are one message.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::{LeftOutKinds, Line, finish_notes};
use crate::import::LeftOut;
use crate::import::anthropic::{assistant_turn, user_turn};
use crate::import::common::CallNames;
use crate::import::draft::Draft;
use crate::import::read::Report;
use crate::issue::Problem;
use crate::model::Envelope;

/// The model Claude Code writes on messages it made up itself (errors, interruptions).
const SYNTHETIC_MODEL: &str = "<synthetic>";

/// Imports the transcript `lines`.
pub(super) fn import(lines: &[Line], report: &mut Report) -> Option<Envelope> {
    let conversation: Vec<usize> = (0..lines.len()).filter(|&i| is_turn(&lines[i])).collect();
    let mut others = LeftOutKinds::default();
    for line in lines.iter().filter(|line| !is_turn(line)) {
        others.add(line.str("type").unwrap_or("(no type)"));
    }
    if conversation.is_empty() {
        report.error("$", Problem::LogNoConversation);
        return None;
    }
    let (on_chain, boundary) = chain(lines, &conversation);
    let before = |i: usize| boundary.is_some_and(|b| i < b);
    let compacted = conversation
        .iter()
        .filter(|&&i| !on_chain[i] && before(i))
        .count();
    let off = conversation
        .iter()
        .filter(|&&i| !on_chain[i] && !before(i))
        .count();
    let kept: Vec<usize> = conversation.into_iter().filter(|&i| on_chain[i]).collect();
    let mut draft = Draft::default();
    let thinking = read_turns(lines, &kept, &mut draft, report);
    draft.model = kept
        .iter()
        .rev()
        .filter_map(|&i| {
            lines[i]
                .value
                .pointer("/message/model")
                .and_then(Value::as_str)
        })
        .find(|model| *model != SYNTHETIC_MODEL)
        .map(str::to_owned);
    if off > 0 {
        report.warn("$", Problem::LogOffChain { count: off });
    }
    if compacted > 0 {
        report.warn("$", Problem::LogCompacted { count: compacted });
    }
    others.report(report);
    finish_notes(thinking, false, report);
    draft.stamp = None;
    draft.finish(report, "$")
}

/// A user or assistant line with a `message` object.
fn is_turn(line: &Line) -> bool {
    matches!(line.str("type"), Some("user" | "assistant"))
        && line.value.get("message").is_some_and(Value::is_object)
}

fn is_sidechain(line: &Line) -> bool {
    line.value.get("isSidechain").and_then(Value::as_bool) == Some(true)
}

fn is_compact_boundary(line: &Line) -> bool {
    line.str("type") == Some("system") && line.str("subtype") == Some("compact_boundary")
}

fn is_synthetic(line: &Line) -> bool {
    line.value.pointer("/message/model").and_then(Value::as_str) == Some(SYNTHETIC_MODEL)
}

fn message_id(line: &Line) -> Option<&str> {
    line.value.pointer("/message/id").and_then(Value::as_str)
}

fn blocks(line: &Line) -> &[Value] {
    line.value
        .pointer("/message/content")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Which lines are on the conversation's chain, and the compaction that ended it, if any.
/// Linear: every line is visited a bounded number of times.
fn chain(lines: &[Line], conversation: &[usize]) -> (Vec<bool>, Option<usize>) {
    let mut on_chain = vec![false; lines.len()];
    // A sub-agent's own log is all sidechain: then it is its own chain.
    let main: Vec<usize> = match conversation.iter().any(|&i| !is_sidechain(&lines[i])) {
        true => conversation
            .iter()
            .copied()
            .filter(|&i| !is_sidechain(&lines[i]))
            .collect(),
        false => conversation.to_vec(),
    };
    let parent = |i: usize| lines[i].str("parentUuid");
    if main.iter().all(|&i| parent(i).is_none()) {
        for &i in &main {
            on_chain[i] = true;
        }
        return (on_chain, None);
    }
    let by_uuid: HashMap<&str, usize> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| line.str("uuid").map(|uuid| (uuid, i)))
        .collect();
    let mut boundary = None;
    let mut at = main.last().copied();
    let mut steps = 0;
    while let Some(i) = at {
        if is_compact_boundary(&lines[i]) {
            boundary = Some(i);
            break;
        }
        if on_chain[i] || steps > lines.len() {
            break; // a cycle: the chain is what was walked
        }
        on_chain[i] = true;
        steps += 1;
        at = parent(i).and_then(|uuid| by_uuid.get(uuid).copied());
    }
    widen(lines, conversation, &mut on_chain, boundary);
    (on_chain, boundary)
}

/// Parallel tool calls branch: the chain also takes the assistant lines of a response on it
/// (same `message.id`, not a synthetic one) and the user lines answering one of its tool
/// calls.
fn widen(lines: &[Line], conversation: &[usize], on_chain: &mut [bool], boundary: Option<usize>) {
    let after = |i: usize| boundary.is_none_or(|b| i > b);
    // Claude Code's own messages (API errors, interruptions) reuse their made-up ids across
    // attempts, so only the model's responses widen the chain.
    let ids: HashSet<&str> = conversation
        .iter()
        .filter(|&&i| on_chain[i] && !is_synthetic(&lines[i]))
        .filter_map(|&i| message_id(&lines[i]))
        .collect();
    for &i in conversation {
        if after(i) && message_id(&lines[i]).is_some_and(|id| ids.contains(id)) {
            on_chain[i] = true;
        }
    }
    let calls: HashSet<&str> = conversation
        .iter()
        .filter(|&&i| on_chain[i])
        .flat_map(|&i| blocks(&lines[i]))
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("tool_use"))
        .filter_map(|block| block.get("id").and_then(Value::as_str))
        .collect();
    for &i in conversation {
        let answers = blocks(&lines[i]).iter().any(|block| {
            block.get("type").and_then(Value::as_str) == Some("tool_result")
                && block
                    .get("tool_use_id")
                    .and_then(Value::as_str)
                    .is_some_and(|id| calls.contains(id))
        });
        if after(i) && answers && lines[i].str("type") == Some("user") {
            on_chain[i] = true;
        }
    }
}

/// Reads the kept lines in file order into `draft`, one message per line except that
/// consecutive assistant lines of one response (`message.id`) are one, and so are
/// consecutive lines of tool results. Returns how many thinking blocks were left out.
fn read_turns(lines: &[Line], kept: &[usize], draft: &mut Draft, report: &mut Report) -> usize {
    let mut names = CallNames::default();
    let mut thinking = 0;
    let mut k = 0;
    while k < kept.len() {
        let first = &lines[kept[k]];
        let assistant = first.str("type") == Some("assistant");
        let mut group = vec![first];
        while let Some(&next) = kept.get(k + group.len())
            && joins(first, &lines[next])
        {
            group.push(&lines[next]);
        }
        k += group.len();
        let mut parts: Vec<(String, &Value)> = Vec::new();
        for line in &group {
            thinking += line_blocks(line, &mut parts, report);
        }
        draft.stamp = first.stamp().or(draft.stamp);
        if assistant {
            assistant_turn(&parts, draft, &mut names, report);
        } else {
            user_turn(&parts, draft, &names, report);
        }
    }
    thinking
}

/// Whether `next` is part of the message `first` began: a line of the same streamed response,
/// or another line of tool results after one (the answers to parallel calls are one turn).
fn joins(first: &Line, next: &Line) -> bool {
    match (first.str("type"), next.str("type")) {
        (Some("assistant"), Some("assistant")) => {
            message_id(next).is_some() && message_id(next) == message_id(first)
        }
        (Some("user"), Some("user")) => only_results(first) && only_results(next),
        _ => false,
    }
}

/// A user line holding nothing but tool results.
fn only_results(line: &Line) -> bool {
    let blocks = blocks(line);
    !blocks.is_empty()
        && blocks
            .iter()
            .all(|block| block.get("type").and_then(Value::as_str) == Some("tool_result"))
}

/// The line's content blocks with their paths (a string content is one text), thinking
/// blocks left out; returns how many those were.
fn line_blocks<'v>(
    line: &'v Line,
    parts: &mut Vec<(String, &'v Value)>,
    report: &mut Report,
) -> usize {
    let path = format!("line {}.message.content", line.no);
    match line.value.pointer("/message/content") {
        Some(content @ Value::String(text)) if !text.is_empty() => {
            parts.push((path, content));
            0
        }
        Some(Value::Array(blocks)) => {
            let mut thinking = 0;
            for (k, block) in blocks.iter().enumerate() {
                match block.get("type").and_then(Value::as_str) {
                    Some("thinking" | "redacted_thinking") => thinking += 1,
                    _ => parts.push((format!("{path}[{k}]"), block)),
                }
            }
            thinking
        }
        _ => {
            report.left_out(line.path(), LeftOut::EmptyMessage);
            0
        }
    }
}
