//! From a Gemini `generateContent` body (DECISIONS §14): either spelling of every key, the
//! Code Assist wrapper and a Batch line unwrapped, `systemInstruction` as the system prompt,
//! `contents` as messages, `functionDeclarations` as tool items; thinking counted, every other
//! key (`generationConfig`, `safetySettings`, `toolConfig`, …) left out, warned by path.

mod node;
mod parts;
mod tools;
mod turns;

pub(crate) use parts::{Piece, Thinking, part};
pub(crate) use turns::{model_turn, user_turn};

use serde_json::Value;

use crate::issue::{ImportProblem, JsonType, Problem};
use crate::model::{Envelope, Role, Segment};
use crate::provider::read::Report;
use crate::provider::read::draft::{self, Draft};
use node::{Node, Special};

/// Whether `root` is a Gemini body as `--from auto` sees it: `contents` and neither `messages`
/// nor `input`, bare or as a wrapper's `request`.
pub(crate) fn is_gemini(root: &serde_json::Map<String, Value>) -> bool {
    let body = |object: &serde_json::Map<String, Value>| {
        object.contains_key("contents")
            && !object.contains_key("messages")
            && !object.contains_key("input")
    };
    body(root)
        || root
            .get("request")
            .and_then(Value::as_object)
            .is_some_and(body)
}

/// Imports the body `root`.
pub(crate) fn import(root: &Value, report: &mut Report) -> Option<Envelope> {
    let (body, outer) = unwrap(root, report)?;
    let wrapped = !std::ptr::eq(body, root);
    let path = if wrapped { "request" } else { "" }.to_owned();
    let known = ["model", "contents", "systemInstruction", "tools"];
    let special = |name: &str, written: &str| match name {
        // §10's warning: the cache holds turns the file does not.
        "cachedContent" => Special::Warn(Problem::Import(ImportProblem::ServerState {
            key: written.to_owned(),
        })),
        "sessionId" if wrapped => Special::Dropped,
        _ => Special::LeftOut,
    };
    let body = Node::new(body, path, &known, report, special)?;
    let mut draft = Draft::default();
    let inner = body.str("model", report).map(model_name);
    if let (Some(inner), Some((model, at))) = (inner, &outer)
        && inner != model_name(model)
    {
        // The body's own model is the one sent: the wrapper's other one is left out.
        let what = crate::issue::LeftOut::Key("model".to_owned());
        report.left_out(at.clone(), what);
    }
    draft.model = inner
        .or_else(|| outer.map(|(model, _)| model_name(model)))
        .map(str::to_owned);
    let mut thinking = Thinking::default();
    if let Some(prompt) = system_instruction(&body, report) {
        draft.push(Role::System, vec![prompt]);
    }
    if body.get("contents").is_none() {
        body.missing("contents", report);
    }
    for (at, content) in body.list("contents", report) {
        turns::content(content, at, &mut draft, &mut thinking, report);
    }
    for (at, tool) in body.list("tools", report) {
        tools::declare(tool, at, &mut draft, report);
    }
    thinking.report(report);
    draft.finish(report, &body.at("contents"))
}

/// A model name as the url takes it: what follows the last `models/`
/// (`projects/p/locations/l/publishers/google/models/gemini-2.5-flash` → `gemini-2.5-flash`).
fn model_name(model: &str) -> &str {
    model.rsplit("models/").next().unwrap_or(model)
}

/// A wrapper's model, with its path.
type Outer<'v> = Option<(&'v str, String)>;

/// The body and the wrapper's model: the Code Assist wrapper `{model, project, user_prompt_id,
/// request}` and the Batch line `{key, request}` hold it in `request` (their bookkeeping
/// dropped silently); any other object is the body itself.
fn unwrap<'v>(root: &'v Value, report: &mut Report) -> Option<(&'v Value, Outer<'v>)> {
    let wraps = root.get("contents").is_none() && root.get("request").is_some_and(Value::is_object);
    if !wraps {
        return Some((root, None));
    }
    let bookkeeping = ["project", "userPromptId", "key", "enabledCreditTypes"];
    let special = |name: &str, _: &str| match bookkeeping.contains(&name) {
        true => Special::Dropped,
        false => Special::LeftOut,
    };
    let wrapper = Node::new(root, String::new(), &["model", "request"], report, special)?;
    let model = wrapper
        .str("model", report)
        .map(|model| (model, wrapper.at("model")));
    Some((wrapper.get("request")?, model))
}

/// `systemInstruction` (a Content, a bare Part or a string) as a system_prompt: its texts
/// joined with `"\n\n"`; a Content's `role` is dropped silently (gemini-cli sends `"user"`),
/// other part keys are left out, warned.
fn system_instruction(body: &Node<'_>, report: &mut Report) -> Option<Segment> {
    let value = body.get("systemInstruction")?;
    let at = body.at("systemInstruction");
    let texts: Vec<String> = match value {
        Value::String(_) => text_of(value, at, report).into_iter().collect(),
        Value::Object(map) if map.contains_key("parts") || map.contains_key("role") => {
            let role = |name: &str, _: &str| match name {
                "role" => Special::Dropped,
                _ => Special::LeftOut,
            };
            let content = Node::new(value, at, &["parts"], report, role)?;
            let parts = content.list("parts", report);
            let texts = parts
                .into_iter()
                .filter_map(|(at, part)| text_of(part, at, report));
            texts.collect()
        }
        Value::Object(_) => text_of(value, at, report).into_iter().collect(),
        other => {
            report.wrong_type(at, JsonType::StringOrObject, other);
            Vec::new()
        }
    };
    (!texts.is_empty()).then(|| draft::system_prompt(texts.join("\n\n")))
}

/// The text of a system instruction's part (a string, or a `{text}` part); an empty one and
/// any other key are left out, warned.
fn text_of(value: &Value, path: String, report: &mut Report) -> Option<String> {
    let (text, at) = match value {
        Value::String(text) => (text.as_str(), path),
        _ => {
            let part = Node::plain(value, path, &["text"], report)?;
            (part.str("text", report)?, part.at("text"))
        }
    };
    if text.is_empty() {
        report.left_out(
            crate::provider::read::shown(&at),
            crate::issue::LeftOut::EmptyText,
        );
        return None;
    }
    Some(text.to_owned())
}
