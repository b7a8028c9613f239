//! What the request formats share: tool declarations and their one-line summaries, tool-call
//! arguments, call ids, documents (DECISIONS §7).

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::decode::parse_json;
use crate::issue::{ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{Extra, Segment, ToolItem};
use crate::provider::read::draft;
use crate::provider::read::{Obj, Report, shown};

/// Characters of a document's text its snippet keeps.
const SNIPPET_CHARS: usize = 200;

/// The toolName a result gets when no earlier call has its id.
const UNKNOWN_TOOL: &str = "unknown";

/// A declared tool: the schema exactly as given, `parameters` its one-line summary.
pub(crate) fn tool_item(
    name: &str,
    description: &str,
    schema: Option<&Map<String, Value>>,
) -> ToolItem {
    ToolItem {
        name: name.to_owned(),
        description: description.to_owned(),
        parameters: parameters_summary(schema),
        schema: schema.cloned(),
        extra: Extra::default(),
    }
}

/// The schema's properties in one line: `name: type` (`name?: type` when not required),
/// joined by `", "`. The type is the property's `type` (an array joined with `|`), else its
/// `anyOf` / `oneOf` members' types joined with `|`, else `any`.
pub fn parameters_summary(schema: Option<&Map<String, Value>>) -> String {
    let Some(Value::Object(properties)) = schema.and_then(|s| s.get("properties")) else {
        return String::new();
    };
    let required: HashSet<&str> = schema
        .and_then(|s| s.get("required"))
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut line = String::new();
    for (name, property) in properties {
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(name);
        if !required.contains(name.as_str()) {
            line.push('?');
        }
        line.push_str(": ");
        line.push_str(&property_type(property));
    }
    line
}

/// A property's type for the summary.
fn property_type(property: &Value) -> String {
    if let Some(kind) = own_type(property) {
        return kind;
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(members)) = property.get(key) {
            let kinds: Vec<String> = members.iter().filter_map(own_type).collect();
            if !kinds.is_empty() {
                return kinds.join("|");
            }
        }
    }
    "any".to_owned()
}

/// A schema's `type`: a string, or an array of strings joined with `|`.
fn own_type(schema: &Value) -> Option<String> {
    match schema.get("type")? {
        Value::String(kind) => Some(kind.clone()),
        Value::Array(kinds) => {
            let kinds: Vec<&str> = kinds.iter().filter_map(Value::as_str).collect();
            (!kinds.is_empty()).then(|| kinds.join("|"))
        }
        _ => None,
    }
}

/// Tool-call arguments written as a JSON string (OpenAI): parsed with key order and number
/// spelling kept; anything but an object is an error at `path`.
pub(crate) fn parse_arguments(
    text: &str,
    path: &str,
    report: &mut Report,
) -> Option<Map<String, Value>> {
    let parsed = match parse_json(text) {
        Ok(parsed) => parsed,
        Err(issue) => {
            let problem = match issue.problem {
                Problem::Structure(StructureProblem::InvalidJson {
                    line,
                    column,
                    reason,
                }) => Problem::Import(ImportProblem::ArgumentsNotJson {
                    line,
                    column,
                    reason,
                }),
                other => other,
            };
            report.error(path, problem);
            return None;
        }
    };
    for warning in parsed.warnings {
        // A key written twice inside the arguments string: the path inside it, after the
        // string's own path.
        let inner = if warning.path == "$" {
            String::new()
        } else if warning.path.starts_with('[') {
            warning.path
        } else {
            format!(".{}", warning.path)
        };
        report.warn(format!("{path}{inner}"), warning.problem);
    }
    match parsed.value {
        Value::Object(arguments) => Some(arguments),
        other => arguments_object(&other, path, report),
    }
}

/// A log's arguments: the object they spell, else `{"raw": the text}` with a warning at `path`
/// (logs are often redacted or cut short, DECISIONS §11).
pub(crate) fn lenient_arguments(text: &str, path: &str, report: &mut Report) -> Map<String, Value> {
    if let Ok(parsed) = parse_json(text)
        && let Value::Object(arguments) = parsed.value
    {
        return arguments;
    }
    report.warn(path, Problem::Log(crate::issue::LogProblem::RawArguments));
    Map::from_iter([("raw".to_owned(), Value::from(text))])
}

/// Arguments given as a JSON value: a copy of the object, else an error at `path`.
pub(crate) fn arguments_object(
    value: &Value,
    path: &str,
    report: &mut Report,
) -> Option<Map<String, Value>> {
    match value {
        Value::Object(arguments) => Some(arguments.clone()),
        other => {
            let found = JsonType::of(other);
            report.error(
                path,
                Problem::Import(ImportProblem::ArgumentsNotObject { found }),
            );
            None
        }
    }
}

/// The tool names of the calls met so far, by call id, so a result names the tool it answers.
#[derive(Debug, Default)]
pub(crate) struct CallNames {
    names: HashMap<String, String>,
    /// Calls without an id not answered yet, in order (OpenTelemetry's id is optional).
    unnamed: std::collections::VecDeque<String>,
}

impl CallNames {
    /// Remembers that the call `id` calls `name` (the first call with an id keeps it).
    pub fn insert(&mut self, id: Option<&str>, name: &str) {
        if let Some(id) = id.filter(|id| !id.is_empty()) {
            self.names
                .entry(id.to_owned())
                .or_insert_with(|| name.to_owned());
        }
    }

    /// Remembers a call without an id, which the next response without one answers.
    pub fn push_unnamed(&mut self, name: &str) {
        self.unnamed.push_back(name.to_owned());
    }

    /// The tool of the earliest call without an id not answered yet.
    pub fn pop_unnamed(&mut self) -> Option<String> {
        self.unnamed.pop_front()
    }

    /// The tool the call `id` called, if an earlier call has that id.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.names.get(id).map(String::as_str)
    }

    /// The tool the call `id` called; `unknown`, with a warning at `path`, when none did.
    pub fn name_of(&self, id: &str, path: &str, report: &mut Report) -> String {
        match self.names.get(id) {
            Some(name) => name.clone(),
            None => {
                report.warn(
                    path,
                    Problem::Import(ImportProblem::UnknownCall { id: id.to_owned() }),
                );
                UNKNOWN_TOOL.to_owned()
            }
        }
    }
}

/// A document with its text: snippet = the first 200 characters, parsedContent = the text,
/// sizeBytes = its UTF-8 length; a warning at `path` when the text is longer than the snippet.
pub(crate) fn text_document(
    file_name: String,
    mime_type: String,
    text: &str,
    path: &str,
    report: &mut Report,
) -> Segment {
    let snippet: String = text.chars().take(SNIPPET_CHARS).collect();
    if snippet.len() < text.len() {
        let chars = SNIPPET_CHARS + text[snippet.len()..].chars().count();
        report.warn(path, Problem::Import(ImportProblem::SnippetOnly { chars }));
    }
    draft::document(
        file_name,
        mime_type,
        snippet,
        text.len() as u64,
        Some(text.to_owned()),
    )
}

/// A document whose bytes are not kept: an empty snippet, and a warning at `path`.
pub(crate) fn bytes_document(
    file_name: String,
    mime_type: String,
    size_bytes: u64,
    path: &str,
    report: &mut Report,
) -> Segment {
    report.warn(path, Problem::Import(ImportProblem::BytesNotKept));
    draft::document(file_name, mime_type, String::new(), size_bytes, None)
}

/// The number of bytes that base64 `data` decodes to (whitespace and padding not counted).
pub(crate) fn decoded_len(data: &str) -> u64 {
    let symbols = data
        .bytes()
        .filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_'))
        .count() as u64;
    symbols / 4 * 3 + (symbols % 4).saturating_sub(1)
}

/// A file name for a URI: its last path part, or the whole URI when it has none (no `/` in
/// its path, or a path ending in `/`). The query and fragment are not part of the path.
pub(crate) fn file_name_of_uri(uri: &str) -> String {
    let end = uri.find(['?', '#']).unwrap_or(uri.len());
    let before = &uri[..end];
    // After `scheme://`, the authority runs up to the next `/`.
    let path = match before.find("://") {
        Some(at) => {
            let rest = &before[at + 3..];
            rest.find('/').map_or("", |slash| &rest[slash..])
        }
        None => before,
    };
    match path.rfind('/') {
        Some(slash) if slash + 1 < path.len() => path[slash + 1..].to_owned(),
        _ => uri.to_owned(),
    }
}

/// A text block's (OpenAI: text part's) text; other blocks and empty texts are left out,
/// warned.
pub(crate) fn text_block(block: &Value, path: &str, report: &mut Report) -> Option<String> {
    let kind = block_kind(block, path, report)?;
    if kind != "text" {
        report.left_out(path, LeftOut::Block(kind.to_owned()));
        return None;
    }
    let obj = Obj::new(block, path.to_owned(), &["type", "text"], report)?;
    let text = obj.required_str("text", report)?;
    if text.is_empty() {
        report.left_out(obj.at("text"), LeftOut::EmptyText);
        return None;
    }
    Some(text.to_owned())
}

/// A block's `type`; an error when it has none.
pub(crate) fn block_kind<'v>(block: &'v Value, path: &str, report: &mut Report) -> Option<&'v str> {
    let Value::Object(map) = block else {
        report.wrong_type(shown(path), JsonType::Object, block);
        return None;
    };
    match map.get("type") {
        Some(Value::String(kind)) => Some(kind),
        Some(other) => {
            report.wrong_type(format!("{path}.type"), JsonType::String, other);
            None
        }
        None => {
            report.error(
                path,
                Problem::Structure(StructureProblem::MissingField { field: "type" }),
            );
            None
        }
    }
}
