//! Claude Code transcripts (DECISIONS §11): the conversation of the last request is the
//! `parentUuid` chain from the last user or assistant line back to its root (or to the last
//! compaction), widened to the branches parallel tool calls make; each line's `message` is
//! read with the Anthropic rules, and the lines of one streamed response are one message.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::{Line, finish, leniently};
use crate::issue::{ImportProblem, LeftOut, LogProblem, Problem};
use crate::model::Envelope;
use crate::provider::anthropic::import::{assistant_turn, user_turn};
use crate::provider::read::CallNames;
use crate::provider::read::LeftOutKinds;
use crate::provider::read::Report;
use crate::provider::read::draft::Draft;

/// Keys Claude Code adds to content blocks for itself.
const BLOCK_BOOKKEEPING: [&str; 1] = ["caller"];

/// The model Claude Code writes on messages it made up itself (errors, interruptions).
const SYNTHETIC_MODEL: &str = "<synthetic>";

/// Imports the transcript `lines`.
pub(crate) fn import(lines: &[Line], report: &mut Report) -> Option<Envelope> {
    let conversation: Vec<usize> = (0..lines.len()).filter(|&i| is_turn(&lines[i])).collect();
    let mut others = LeftOutKinds::default();
    for line in lines.iter().filter(|line| !is_turn(line)) {
        others.add(line.str("type").unwrap_or("(no type)"));
    }
    if conversation.is_empty() {
        report.error("$", Problem::Log(LogProblem::NoConversation));
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
        report.warn("$", Problem::Log(LogProblem::OffChain { count: off }));
    }
    if compacted > 0 {
        report.warn(
            "$",
            Problem::Log(LogProblem::Compacted { count: compacted }),
        );
    }
    others.report(report);
    // Claude Code's own bookkeeping inside blocks (2.1's `caller` on every tool_use) says
    // nothing about what the model was sent: dropped silently, like the lines' own.
    report.warnings.retain(|warning| match &warning.problem {
        Problem::Import(ImportProblem::LeftOut {
            what: LeftOut::Key(key),
        }) => !BLOCK_BOOKKEEPING.contains(&key.as_str()),
        _ => true,
    });
    finish(draft, thinking, report)
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

/// One message of the last request: a user line, or an assistant response (its streamed
/// lines, even where tool results came between them) with the results that answer it.
struct Turn<'l> {
    assistant: bool,
    lines: Vec<&'l Line>,
    results: Vec<&'l Line>,
}

/// The kept lines, in file order, as the turns the last request held: the lines of one
/// response (`message.id`) are one assistant message, and the result lines answering its calls
/// one tool message after it. A user line that is not only such results ends the response.
fn turns<'l>(lines: &'l [Line], kept: &[usize]) -> Vec<Turn<'l>> {
    let mut turns: Vec<Turn<'l>> = Vec::new();
    // The response still open: its turn, its id, the calls it made.
    let mut open: Option<(usize, &str, HashSet<&str>)> = None;
    for line in kept.iter().map(|&i| &lines[i]) {
        if line.str("type") == Some("assistant") {
            let id = message_id(line).filter(|_| !is_synthetic(line));
            if let (Some((at, open_id, calls)), Some(id)) = (&mut open, id)
                && *open_id == id
            {
                calls.extend(call_ids(line));
                turns[*at].lines.push(line);
                continue;
            }
            open = id.map(|id| (turns.len(), id, call_ids(line).collect()));
            turns.push(Turn {
                assistant: true,
                lines: vec![line],
                results: Vec::new(),
            });
            continue;
        }
        if let Some((at, _, calls)) = &open
            && only_results(line)
            && result_ids(line).all(|id| calls.contains(id))
        {
            turns[*at].results.push(line);
            continue;
        }
        open = None;
        turns.push(Turn {
            assistant: false,
            lines: vec![line],
            results: Vec::new(),
        });
    }
    turns
}

/// Reads the turns into `draft`; returns how many thinking blocks were left out. What a
/// request import would refuse in a line is left out with a warning instead.
fn read_turns(lines: &[Line], kept: &[usize], draft: &mut Draft, report: &mut Report) -> usize {
    let mut names = CallNames::default();
    let mut thinking = 0;
    for turn in turns(lines, kept) {
        // Calls whose logged input is not an object (a redacted log), as `{"raw": text}`.
        let fixed: Vec<(String, Value)> = turn
            .lines
            .iter()
            .flat_map(|line| raw_inputs(line, report))
            .collect();
        let mut parts = Vec::new();
        let mut skipped = 0;
        for line in &turn.lines {
            skipped += line_blocks(line, &mut parts);
        }
        for part in &mut parts {
            if let Some((_, block)) = fixed.iter().find(|(path, _)| *path == part.0) {
                part.1 = block;
            }
        }
        thinking += skipped;
        let first = turn.lines[0];
        draft.stamp = first.stamp().or(draft.stamp);
        let kept = leniently(report, |report| match turn.assistant {
            true => assistant_turn(&parts, draft, &mut names, report),
            false => user_turn(&parts, draft, &names, report),
        });
        if !kept && skipped == 0 {
            report.left_out(first.path(), LeftOut::EmptyMessage);
        }
        if let Some(answer) = turn.results.first() {
            let mut results = Vec::new();
            for line in &turn.results {
                line_blocks(line, &mut results);
            }
            draft.stamp = answer.stamp().or(draft.stamp);
            leniently(report, |report| user_turn(&results, draft, &names, report));
        }
    }
    thinking
}

/// The line's tool_use blocks whose `input` is not an object, each with the path of the block
/// and a copy whose input is `{"raw": the input as text}` (DECISIONS §11), warned.
fn raw_inputs(line: &Line, report: &mut Report) -> Vec<(String, Value)> {
    let mut fixed = Vec::new();
    for (k, block) in blocks(line).iter().enumerate() {
        let is_call = block.get("type").and_then(Value::as_str) == Some("tool_use");
        let Some(input) = block
            .get("input")
            .filter(|input| is_call && !input.is_object())
        else {
            continue;
        };
        let path = format!("line {}.message.content[{k}]", line.no);
        let text = match input {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let mut copy = block.clone();
        copy["input"] = serde_json::json!({ "raw": text });
        report.warn(
            format!("{path}.input"),
            Problem::Log(LogProblem::RawArguments),
        );
        fixed.push((path, copy));
    }
    fixed
}

/// The ids of the tool calls in an assistant line.
fn call_ids(line: &Line) -> impl Iterator<Item = &str> {
    blocks(line)
        .iter()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("tool_use"))
        .filter_map(|block| block.get("id").and_then(Value::as_str))
}

/// The call ids a user line's tool results answer.
fn result_ids(line: &Line) -> impl Iterator<Item = &str> {
    blocks(line)
        .iter()
        .filter_map(|block| block.get("tool_use_id").and_then(Value::as_str))
}

/// A user line holding nothing but tool results.
fn only_results(line: &Line) -> bool {
    let blocks = blocks(line);
    !blocks.is_empty()
        && blocks
            .iter()
            .all(|block| block.get("type").and_then(Value::as_str) == Some("tool_result"))
}

/// Appends the line's content blocks with their paths (a string content is one text),
/// thinking blocks left out; returns how many those were.
fn line_blocks<'v>(line: &'v Line, parts: &mut Vec<(String, &'v Value)>) -> usize {
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
        _ => 0,
    }
}
