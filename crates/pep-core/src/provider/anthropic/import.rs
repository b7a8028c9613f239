//! From an Anthropic Messages request (DECISIONS §7): `system`, user and assistant turns
//! (and system-role messages), client tools; `max_tokens`, server tools, thinking and every
//! other block or key are left out with a warning.

use serde_json::Value;

use crate::issue::{AnthropicProblem, ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{Envelope, Role, Segment};
use crate::provider::anthropic::blocks::{content_block, tool_result, tool_use};
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{CallNames, text_block, tool_item};
use crate::provider::read::{Obj, Report, index_path, shown};

/// Imports the request `root`.
pub(crate) fn import(root: &Value, report: &mut Report) -> Option<Envelope> {
    let known = ["model", "system", "messages", "tools"];
    let max_tokens = |key: &str, value: &Value| {
        (key == "max_tokens").then(|| {
            Problem::Import(ImportProblem::MaxTokens {
                value: match value {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                },
            })
        })
    };
    let obj = Obj::with_special(root, String::new(), &known, report, max_tokens)?;
    let mut draft = Draft::default();
    draft.model = obj.str("model", report).map(str::to_owned);
    if obj.present("system").is_some() {
        let prompt = system_prompt(&obj, "system", report);
        draft.push(Role::System, prompt.into_iter().collect());
    }
    let messages = obj.required_array("messages", report);
    let mut names = CallNames::default();
    for (i, message) in messages.unwrap_or_default().iter().enumerate() {
        let path = index_path(&obj.at("messages"), i);
        import_message(message, path, &mut draft, &mut names, report);
    }
    for (k, tool) in obj
        .array("tools", report)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        declare(tool, index_path(&obj.at("tools"), k), &mut draft, report);
    }
    messages?;
    draft.finish(report, "messages")
}

/// A client tool (one with `input_schema`) as a tool item; a server tool is left out, warned.
fn declare(tool: &Value, path: String, draft: &mut Draft, report: &mut Report) {
    if tool.get("input_schema").is_none() {
        let name = ["name", "type"]
            .iter()
            .find_map(|key| tool.get(*key).and_then(Value::as_str))
            .unwrap_or("");
        report.left_out(path, LeftOut::ServerTool(name.to_owned()));
        return;
    }
    let known = ["type", "name", "description", "input_schema"];
    let Some(tool) = Obj::new(tool, path, &known, report) else {
        return;
    };
    let name = tool.required_str("name", report);
    let description = tool.str("description", report).unwrap_or("");
    let schema = match tool.get("input_schema") {
        Some(Value::Object(schema)) => Some(schema),
        Some(other) => {
            report.wrong_type(tool.at("input_schema"), JsonType::Object, other);
            None
        }
        None => None,
    };
    if let Some(name) = name {
        draft.tools.push(tool_item(name, description, schema));
    }
}

/// A system text (`system`, or a system-role message's `content`): a string, or text blocks
/// joined with `"\n\n"`, as a system_prompt; none when empty (warned).
fn system_prompt(obj: &Obj<'_>, key: &str, report: &mut Report) -> Option<Segment> {
    let texts: Vec<String> = match obj.present(key) {
        Some(Value::String(text)) if text.is_empty() => {
            report.left_out(obj.at(key), LeftOut::EmptyText);
            Vec::new()
        }
        Some(Value::String(text)) => vec![text.clone()],
        Some(Value::Array(blocks)) => blocks
            .iter()
            .enumerate()
            .filter_map(|(k, block)| text_block(block, &index_path(&obj.at(key), k), report))
            .collect(),
        Some(other) => {
            report.wrong_type(obj.at(key), JsonType::StringOrArray, other);
            Vec::new()
        }
        None => Vec::new(),
    };
    (!texts.is_empty()).then(|| draft::system_prompt(texts.join("\n\n")))
}

fn import_message(
    value: &Value,
    path: String,
    draft: &mut Draft,
    names: &mut CallNames,
    report: &mut Report,
) {
    let Some(obj) = Obj::new(value, path, &["role", "content"], report) else {
        return;
    };
    let Some(role) = obj.required_str("role", report) else {
        return;
    };
    let role = match role {
        "user" => Role::User,
        "assistant" => Role::Assistant,
        "system" => Role::System,
        other => {
            let found = other.to_owned();
            let expected: &[&str] = &["user", "assistant", "system"];
            report.error(
                obj.at("role"),
                Problem::Import(ImportProblem::UnknownRole { found, expected }),
            );
            return;
        }
    };
    if obj.present("content").is_none() {
        report.error(
            shown(&obj.path),
            Problem::Structure(StructureProblem::MissingField { field: "content" }),
        );
        return;
    }
    let pushed = match role {
        Role::System => {
            let prompt = system_prompt(&obj, "content", report);
            let pushed = prompt.is_some();
            draft.push(Role::System, prompt.into_iter().collect());
            pushed
        }
        Role::User => user_turn(&blocks(&obj, report), draft, names, report),
        _ => assistant_turn(&blocks(&obj, report), draft, names, report),
    };
    if !pushed {
        report.left_out(shown(&obj.path), LeftOut::EmptyMessage);
    }
}

/// A turn's content blocks with their paths; a string content is one text (none when empty,
/// warned).
fn blocks<'v>(obj: &Obj<'v>, report: &mut Report) -> Vec<(String, &'v Value)> {
    let at = obj.at("content");
    match obj.present("content") {
        Some(Value::Array(blocks)) => blocks
            .iter()
            .enumerate()
            .map(|(k, block)| (index_path(&at, k), block))
            .collect(),
        Some(Value::String(text)) if text.is_empty() => {
            report.left_out(at, LeftOut::EmptyText);
            Vec::new()
        }
        Some(content @ Value::String(_)) => vec![(at, content)],
        Some(other) => {
            report.wrong_type(at, JsonType::StringOrArray, other);
            Vec::new()
        }
        None => Vec::new(),
    }
}

/// A user turn: its tool_result blocks as one tool message, then its other blocks as a user
/// message (a warning when a result stood after another block). Whether anything was kept.
pub(crate) fn user_turn(
    blocks: &[(String, &Value)],
    draft: &mut Draft,
    names: &CallNames,
    report: &mut Report,
) -> bool {
    let mut results = Vec::new();
    let mut others = Vec::new();
    let mut moved = false;
    for (path, block) in blocks {
        if block.get("type").and_then(Value::as_str) == Some("tool_result") {
            if !others.is_empty() && !moved {
                moved = true;
                report.warn(
                    path.clone(),
                    Problem::Anthropic(AnthropicProblem::ResultsMovedFirst),
                );
            }
            results.extend(tool_result(block, path, names, report));
        } else {
            others.extend(content_block(block, path, report));
        }
    }
    let kept = !(results.is_empty() && others.is_empty());
    draft.end_run();
    for result in results {
        draft.push_result(result);
    }
    draft.push(Role::User, others);
    kept
}

/// An assistant turn: texts and tool calls in order, a new assistant message wherever a text
/// (or other block) follows a tool call, so that the export (texts first, then tool_use
/// blocks, per message) gives the same order back. Whether anything was kept.
pub(crate) fn assistant_turn(
    blocks: &[(String, &Value)],
    draft: &mut Draft,
    names: &mut CallNames,
    report: &mut Report,
) -> bool {
    let mut segments = Vec::new();
    let mut after_call = false;
    let mut kept = false;
    for (path, block) in blocks {
        if block.get("type").and_then(Value::as_str) == Some("tool_use") {
            if let Some(request) = tool_use(block, path, names, report) {
                segments.push(request);
                after_call = true;
            }
            continue;
        }
        let Some(segment) = content_block(block, path, report) else {
            continue;
        };
        if after_call {
            kept = true;
            draft.push(Role::Assistant, std::mem::take(&mut segments));
            after_call = false;
        }
        segments.push(segment);
    }
    kept |= !segments.is_empty();
    draft.push(Role::Assistant, segments);
    kept
}
