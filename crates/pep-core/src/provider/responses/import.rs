//! From an OpenAI Responses API request (DECISIONS §10): `instructions`, `input` (a string or
//! items) and function tools; every other key, item type and tool type is left out with a
//! warning, and an embeddings request is refused for what it is.

use serde_json::{Map, Value};

use crate::issue::{ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{Envelope, Role};
use crate::provider::openai_chat::import::declare;
use crate::provider::read::block_kind;
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{Obj, Report, index_path, shown};
use crate::provider::responses::items::Items;

/// Imports the request `root`.
pub(crate) fn import(root: &Value, report: &mut Report) -> Option<Envelope> {
    if let Some(path) = Value::as_object(root).and_then(embeddings) {
        report.error(path, Problem::Import(ImportProblem::Embeddings));
        return None;
    }
    let known = ["model", "instructions", "input", "tools"];
    let obj = Obj::with_special(root, String::new(), &known, report, |key, _| {
        matches!(key, "previous_response_id" | "conversation").then(|| {
            Problem::Import(ImportProblem::ServerState {
                key: key.to_owned(),
            })
        })
    })?;
    let mut draft = Draft::default();
    draft.model = obj.str("model", report).map(str::to_owned);
    match obj.str("instructions", report) {
        Some("") => report.left_out(obj.at("instructions"), LeftOut::EmptyText),
        Some(text) => draft.push(Role::System, vec![draft::system_prompt(text.to_owned())]),
        None => {}
    }
    let input = obj.present("input");
    match input {
        Some(Value::String(text)) if text.is_empty() => {
            report.left_out(obj.at("input"), LeftOut::EmptyText);
        }
        Some(Value::String(text)) => draft.push(Role::User, vec![draft::text(text)]),
        Some(Value::Array(items)) => {
            let mut reader = Items::default();
            for (i, item) in items.iter().enumerate() {
                reader.read(item, index_path(&obj.at("input"), i), &mut draft, report);
            }
        }
        Some(other) => report.wrong_type(obj.at("input"), JsonType::StringOrArray, other),
        None => report.error(
            "$",
            Problem::Structure(StructureProblem::MissingField { field: "input" }),
        ),
    }
    for (k, tool) in obj
        .array("tools", report)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        tool_declaration(tool, index_path(&obj.at("tools"), k), &mut draft, report);
    }
    draft.finish(report, "input")
}

/// A `tools` entry: a function tool is declared (`strict: false` is what the export writes,
/// so only `strict: true` is warned as lost); any other type is left out, warned.
fn tool_declaration(tool: &Value, path: String, draft: &mut Draft, report: &mut Report) {
    let Some(kind) = block_kind(tool, &path, report) else {
        return;
    };
    if kind != "function" {
        report.left_out(path, LeftOut::NotFunction(kind.to_owned()));
        return;
    }
    let known = ["type", "name", "description", "parameters", "strict"];
    let Some(function) = Obj::new(tool, path, &known, report) else {
        return;
    };
    if function.bool("strict", report) == Some(true) {
        report.left_out(function.at("strict"), LeftOut::Key("strict".to_owned()));
    }
    declare(function, draft, report);
}

/// Where an embeddings request shows itself (DECISIONS §10): a model whose name contains
/// `embedding`, or an `input` of strings or token arrays with `encoding_format` or
/// `dimensions`.
fn embeddings(root: &Map<String, Value>) -> Option<String> {
    let model = root.get("model").and_then(Value::as_str);
    if model.is_some_and(|model| model.contains("embedding")) {
        return Some("model".to_owned());
    }
    let options = root.contains_key("encoding_format") || root.contains_key("dimensions");
    let tokens = |value: &Value| match value {
        Value::Array(tokens) => tokens.iter().all(Value::is_number),
        other => other.is_string() || other.is_number(),
    };
    let texts = match root.get("input") {
        Some(Value::String(_)) => true,
        Some(Value::Array(items)) => items.iter().all(tokens),
        _ => false,
    };
    (options && texts).then(|| shown(""))
}
