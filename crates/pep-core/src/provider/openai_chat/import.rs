//! From an OpenAI Chat Completions request (DECISIONS §7): system / developer, user,
//! assistant (tool calls, legacy function_call), tool and legacy function messages, tools and
//! legacy functions; every other key is left out with a warning.

use serde_json::{Map, Value};

use crate::issue::{ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{Envelope, Role, Segment};
use crate::provider::openai_chat::content::{drop_empty, texts, user_content};
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{CallNames, arguments_object, parse_arguments, tool_item};
use crate::provider::read::{Obj, Report, index_path, shown};

/// The roles of a Chat Completions message, in words.
const ROLES: &[&str] = &[
    "system",
    "developer",
    "user",
    "assistant",
    "tool",
    "function",
];

/// Imports the request `root`.
pub(crate) fn import(root: &Value, report: &mut Report) -> Option<Envelope> {
    let known = ["model", "messages", "tools", "functions"];
    let obj = Obj::new(root, String::new(), &known, report)?;
    let mut draft = Draft::default();
    draft.model = obj.str("model", report).map(str::to_owned);
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
        let path = index_path(&obj.at("tools"), k);
        if let Some(function) = tool_function(tool, path, report) {
            declare(function, &mut draft, report);
        }
    }
    for (k, function) in obj
        .array("functions", report)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let path = index_path(&obj.at("functions"), k);
        if let Some(function) = Obj::new(
            function,
            path,
            &["name", "description", "parameters"],
            report,
        ) {
            declare(function, &mut draft, report);
        }
    }
    messages?;
    draft.finish(report, "messages")
}

/// The `function` of a `tools` entry; a tool of another type is left out, warned.
fn tool_function<'v>(tool: &'v Value, path: String, report: &mut Report) -> Option<Obj<'v>> {
    if let Some(kind) = tool.get("type").and_then(Value::as_str)
        && kind != "function"
    {
        report.left_out(path, LeftOut::NotFunction(kind.to_owned()));
        return None;
    }
    let tool = Obj::new(tool, path, &["type", "function"], report)?;
    let Some(function) = tool.present("function") else {
        report.error(
            shown(&tool.path),
            Problem::Structure(StructureProblem::MissingField { field: "function" }),
        );
        return None;
    };
    Obj::new(
        function,
        tool.at("function"),
        &["name", "description", "parameters"],
        report,
    )
}

/// A function declaration (`name`, `description`, `parameters`) as a tool item.
pub(crate) fn declare(function: Obj<'_>, draft: &mut Draft, report: &mut Report) {
    let name = function.required_str("name", report);
    let description = function.str("description", report).unwrap_or("");
    let schema = match function.present("parameters") {
        Some(Value::Object(schema)) => Some(schema),
        Some(other) => {
            report.wrong_type(function.at("parameters"), JsonType::Object, other);
            None
        }
        None => None,
    };
    if let Some(name) = name {
        draft.tools.push(tool_item(name, description, schema));
    }
}

fn import_message(
    value: &Value,
    path: String,
    draft: &mut Draft,
    names: &mut CallNames,
    report: &mut Report,
) {
    let Value::Object(map) = value else {
        report.wrong_type(path, JsonType::Object, value);
        draft.end_run();
        return;
    };
    let role = match map.get("role") {
        Some(Value::String(role)) => role.as_str(),
        Some(other) => {
            report.wrong_type(format!("{path}.role"), JsonType::String, other);
            return;
        }
        None => {
            report.error(
                path,
                Problem::Structure(StructureProblem::MissingField { field: "role" }),
            );
            return;
        }
    };
    let known: &[&str] = match role {
        "system" | "developer" | "user" => &["role", "content"],
        "assistant" => &["role", "content", "tool_calls", "function_call"],
        "tool" => &["role", "content", "tool_call_id"],
        "function" => &["role", "content", "name"],
        other => {
            let found = other.to_owned();
            report.error(
                format!("{path}.role"),
                Problem::Import(ImportProblem::UnknownRole {
                    found,
                    expected: ROLES,
                }),
            );
            return;
        }
    };
    let Some(obj) = Obj::new(value, path, known, report) else {
        return;
    };
    let (role, segments) = match role {
        "system" | "developer" => {
            if role == "developer" {
                report.warn(obj.at("role"), Problem::Import(ImportProblem::Developer));
            }
            let parts = drop_empty(texts(&obj, "content", report), &obj.at("content"), report);
            let prompt = (!parts.is_empty()).then(|| draft::system_prompt(parts.join("\n\n")));
            (Role::System, prompt.into_iter().collect())
        }
        "user" => (Role::User, user_content(&obj, report)),
        "assistant" => (Role::Assistant, assistant(&obj, names, report)),
        _ => {
            if let Some(result) = tool_result(&obj, role == "tool", names, report) {
                draft.push_result(result);
            }
            return;
        }
    };
    if segments.is_empty() {
        report.left_out(shown(&obj.path), LeftOut::EmptyMessage);
    }
    draft.push(role, segments);
}

/// An assistant message's texts, then one tool_call_request per tool call (`function_call`
/// last).
fn assistant(obj: &Obj<'_>, names: &mut CallNames, report: &mut Report) -> Vec<Segment> {
    let texts = drop_empty(texts(obj, "content", report), &obj.at("content"), report);
    let mut segments: Vec<Segment> = texts.iter().map(|text| draft::text(text)).collect();
    let calls = obj.array("tool_calls", report).unwrap_or_default();
    for (k, call) in calls.iter().enumerate() {
        let path = index_path(&obj.at("tool_calls"), k);
        if let Some(kind) = call.get("type").and_then(Value::as_str)
            && kind != "function"
        {
            report.left_out(path, LeftOut::NotFunction(kind.to_owned()));
            continue;
        }
        let Some(call) = Obj::new(call, path, &["id", "type", "function"], report) else {
            continue;
        };
        let id = call.str("id", report);
        let Some(function) = call.present("function") else {
            report.error(
                shown(&call.path),
                Problem::Structure(StructureProblem::MissingField { field: "function" }),
            );
            continue;
        };
        if let Some((name, arguments)) = function_call(function, call.at("function"), report) {
            names.insert(id, name);
            segments.push(draft::request(name, arguments, id));
        }
    }
    if let Some(function) = obj.present("function_call")
        && let Some((name, arguments)) = function_call(function, obj.at("function_call"), report)
    {
        segments.push(draft::request(name, arguments, None));
    }
    segments
}

/// A called function's name and parsed arguments.
fn function_call<'v>(
    value: &'v Value,
    path: String,
    report: &mut Report,
) -> Option<(&'v str, Map<String, Value>)> {
    let function = Obj::new(value, path, &["name", "arguments"], report)?;
    let name = function.required_str("name", report);
    let arguments_path = function.at("arguments");
    let arguments = match function.present("arguments") {
        Some(Value::String(text)) => parse_arguments(text, &arguments_path, report),
        Some(other) => arguments_object(other, &arguments_path, report),
        None => {
            report.error(
                shown(&function.path),
                Problem::Structure(StructureProblem::MissingField { field: "arguments" }),
            );
            None
        }
    };
    Some((name?, arguments?))
}

/// A tool message's (or legacy function message's) result: success, folded, the call's
/// toolName and id.
fn tool_result(
    obj: &Obj<'_>,
    tool: bool,
    names: &CallNames,
    report: &mut Report,
) -> Option<Segment> {
    let content = texts(obj, "content", report)
        .unwrap_or_default()
        .join("\n\n");
    if tool {
        let id = obj.required_str("tool_call_id", report)?;
        let name = names.name_of(id, &obj.at("tool_call_id"), report);
        Some(draft::result(name, content, true, Some(id)))
    } else {
        let name = obj.required_str("name", report)?;
        Some(draft::result(name.to_owned(), content, true, None))
    }
}
