//! Codex CLI rollouts (DECISIONS §11): `response_item` payloads are Responses input items
//! (§10), `session_meta` gives the instructions, the last `turn_context` the model. The older
//! shape (a first `{id, timestamp, instructions?}` line, then bare items) is read the same
//! way.

use serde_json::Value;

use super::{Line, finish, leniently};
use crate::issue::{LogProblem, Problem};
use crate::model::{Envelope, Role};
use crate::provider::read::LeftOutKinds;
use crate::provider::read::Report;
use crate::provider::read::draft::{self, Draft};
use crate::provider::responses::items::Items;

/// The item types of the older shape's bare lines.
pub(crate) const BARE_ITEMS: [&str; 4] = [
    "message",
    "function_call",
    "function_call_output",
    "reasoning",
];

/// Imports the rollout `lines`.
pub(crate) fn import(lines: &[Line], report: &mut Report) -> Option<Envelope> {
    let mut draft = Draft::default();
    let mut items = Items::for_log();
    let mut others = LeftOutKinds::default();
    let mut instructions = None;
    let mut model = None;
    let mut turns = 0;
    for (k, line) in lines.iter().enumerate() {
        draft.stamp = line.stamp().or(draft.stamp);
        let payload = line.value.get("payload");
        match line.str("type") {
            Some("response_item") if payload.is_some_and(Value::is_object) => {
                turns += 1;
                if let Some(item) = payload {
                    let path = format!("line {}.payload", line.no);
                    leniently(report, |report| items.read(item, path, &mut draft, report));
                }
            }
            Some("session_meta") => {
                instructions = instructions.or_else(|| payload.and_then(session_instructions));
            }
            Some("turn_context") => {
                let found = payload.and_then(|p| p.get("model")).and_then(Value::as_str);
                model = found.map(str::to_owned).or(model);
            }
            Some(kind) if BARE_ITEMS.contains(&kind) => {
                turns += 1;
                leniently(report, |report| {
                    items.read(&line.value, line.path(), &mut draft, report)
                });
            }
            None if line.value.get("role").is_some() => {
                turns += 1;
                leniently(report, |report| {
                    items.read(&line.value, line.path(), &mut draft, report)
                });
            }
            // The older shape's first line: the session, with its instructions.
            None if k == 0 && line.value.get("id").is_some() => {
                instructions = line
                    .str("instructions")
                    .filter(|text| !text.is_empty())
                    .map(str::to_owned);
            }
            Some(kind) => others.add(kind),
            None => others.add(line.str("record_type").unwrap_or("(no type)")),
        }
    }
    if turns == 0 {
        report.error("$", Problem::Log(LogProblem::NoConversation));
        return None;
    }
    let mut counts = items.into_counts().unwrap_or_default();
    counts.left_out.items = true;
    if let Some(text) = instructions {
        draft.stamp = lines.first().and_then(Line::stamp);
        draft.push_first(Role::System, vec![draft::system_prompt(text)]);
    }
    draft.model = model;
    counts.left_out.report(report);
    others.report(report);
    finish(draft, counts.thinking, report)
}

/// A `session_meta` payload's instructions: `base_instructions.text`, else `instructions`.
fn session_instructions(payload: &Value) -> Option<String> {
    let base = payload
        .pointer("/base_instructions/text")
        .and_then(Value::as_str);
    base.or_else(|| payload.get("instructions").and_then(Value::as_str))
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}
