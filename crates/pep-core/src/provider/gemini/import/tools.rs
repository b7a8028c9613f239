//! A Gemini body's `tools` (DECISIONS §14): each `functionDeclarations` entry as a tool item,
//! its schema `parametersJsonSchema` exactly, else its OpenAPI-subset `parameters` with every
//! `type` lower-cased (G-4); built-in tools (`googleSearch`, `codeExecution`, …) left out.

use serde_json::{Map, Value};

use super::node::{Node, Special, camel};
use crate::issue::{GeminiProblem, JsonType, LeftOut, Problem};
use crate::provider::read::draft::Draft;
use crate::provider::read::{Report, tool_item};

/// Reads the tool `value` at `path`: its function declarations into `draft`, any other key (a
/// built-in tool) left out, warned by its name.
pub(super) fn declare(value: &Value, path: String, draft: &mut Draft, report: &mut Report) {
    let known = ["functionDeclarations"];
    let built_in = |_: &str, written: &str| {
        let kind = written.to_owned();
        Special::Warn(Problem::Gemini(GeminiProblem::BuiltInTool { kind }))
    };
    let Some(tool) = Node::new(value, path, &known, report, built_in) else {
        return;
    };
    for (at, declaration) in tool.list("functionDeclarations", report) {
        function(declaration, at, draft, report);
    }
}

/// One function declaration. `response`, `responseJsonSchema`, `behavior` and other keys are
/// left out, warned.
fn function(value: &Value, path: String, draft: &mut Draft, report: &mut Report) {
    let known = ["name", "description", "parametersJsonSchema", "parameters"];
    let Some(declaration) = Node::plain(value, path, &known, report) else {
        return;
    };
    let name = declaration.required_str("name", report);
    let description = declaration.str("description", report).unwrap_or("");
    let json_schema = declaration.get("parametersJsonSchema");
    let parameters = declaration.get("parameters");
    let schema = match (json_schema, parameters) {
        (Some(Value::Object(schema)), other) => {
            if let Some(written) = other.and(declaration.written("parameters")) {
                let what = LeftOut::Key(written.to_owned());
                report.left_out(declaration.at("parameters"), what);
            }
            Some(schema.clone())
        }
        (Some(other), _) => {
            report.wrong_type(
                declaration.at("parametersJsonSchema"),
                JsonType::Object,
                other,
            );
            None
        }
        (None, Some(Value::Object(parameters))) => {
            let mut schema = parameters.clone();
            lower_types(&mut schema);
            let tool = name.unwrap_or_default().to_owned();
            let problem = GeminiProblem::ParametersConverted { tool };
            report.warn(declaration.at("parameters"), Problem::Gemini(problem));
            Some(schema)
        }
        (None, Some(other)) => {
            report.wrong_type(declaration.at("parameters"), JsonType::Object, other);
            None
        }
        (None, None) => None,
    };
    if let Some(name) = name {
        draft
            .tools
            .push(tool_item(name, description, schema.as_ref()));
    }
}

/// An OpenAPI-subset schema as JSON Schema: its keys in camelCase (a snake_case body writes
/// `any_of`, `max_items`, which JSON Schema spells `anyOf`, `maxItems`), its `type` lower-cased
/// (a string, or each string of an array), and the same for the schemas it holds
/// (`properties`' values, `items`, `anyOf`'s members). Property names, `example`, `default`,
/// `enum` and other values are data, left as written.
fn lower_types(schema: &mut Map<String, Value>) {
    if schema.keys().any(|key| key.contains('_')) {
        *schema = std::mem::take(schema)
            .into_iter()
            .map(|(key, value)| (camel(&key).into_owned(), value))
            .collect();
    }
    match schema.get_mut("type") {
        Some(Value::String(kind)) => *kind = kind.to_ascii_lowercase(),
        Some(Value::Array(kinds)) => {
            for kind in kinds.iter_mut() {
                if let Value::String(kind) = kind {
                    *kind = kind.to_ascii_lowercase();
                }
            }
        }
        _ => {}
    }
    for (key, value) in schema.iter_mut() {
        match (key.as_str(), value) {
            ("items", Value::Object(item)) => lower_types(item),
            ("properties", Value::Object(properties)) => {
                for property in properties.values_mut() {
                    if let Value::Object(property) = property {
                        lower_types(property);
                    }
                }
            }
            ("anyOf", Value::Array(members)) => {
                for member in members.iter_mut() {
                    if let Value::Object(member) = member {
                        lower_types(member);
                    }
                }
            }
            _ => {}
        }
    }
}
