//! The items of a Responses request's `input` (DECISIONS §10): role messages, function calls
//! and their outputs; their content parts (texts, images, files).

use serde_json::Value;

use crate::issue::{ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{MediaType, Role, Segment};
use crate::provider::openai_chat::content::file_data;
use crate::provider::read::LeftOutKinds;
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{
    CallNames, block_kind, bytes_document, file_name_of_uri, parse_arguments,
};
use crate::provider::read::{Obj, Report, index_path, shown};

/// The roles of a Responses message item, in words.
const ROLES: &[&str] = &["system", "developer", "user", "assistant"];

/// The text part types, whichever side wrote them.
const TEXT_PARTS: [&str; 2] = ["input_text", "output_text"];

/// Reads the items of one `input` array in order.
#[derive(Default)]
pub(crate) struct Items {
    /// The tool names of the calls met so far, for the outputs that answer them.
    names: CallNames,
    /// Whether the last message of the draft came from the item just read (an assistant
    /// message or a function call): a `function_call` joins it.
    after_assistant: bool,
    /// For a session log (DECISIONS §11): what was left out, counted instead of warned one
    /// by one, and arguments that are not an object kept as `{"raw": text}`.
    log: Option<LogCounts>,
}

/// What the items of a log left out, counted.
#[derive(Default)]
pub(crate) struct LogCounts {
    /// Reasoning items.
    pub thinking: usize,
    /// Other item types, by type.
    pub left_out: LeftOutKinds,
}

impl Items {
    /// A reader of a log's items.
    pub fn for_log() -> Items {
        Items {
            log: Some(LogCounts::default()),
            ..Items::default()
        }
    }

    /// What a log's items left out (none for a request's).
    pub fn into_counts(self) -> Option<LogCounts> {
        self.log
    }

    /// Reads the item `value` at `path` into `draft`.
    pub fn read(&mut self, value: &Value, path: String, draft: &mut Draft, report: &mut Report) {
        let after_assistant = std::mem::take(&mut self.after_assistant);
        let Value::Object(map) = value else {
            report.wrong_type(path, JsonType::Object, value);
            draft.end_run();
            return;
        };
        let kind = match map.get("type") {
            None => None,
            Some(Value::String(kind)) => Some(kind.as_str()),
            Some(other) => {
                report.wrong_type(format!("{path}.type"), JsonType::String, other);
                draft.end_run();
                return;
            }
        };
        match kind {
            None | Some("message") if map.contains_key("role") => {
                let before = draft.len();
                let role = message(value, path, draft, report);
                self.after_assistant = role == Some(Role::Assistant) && draft.len() > before;
            }
            None | Some("message") => {
                report.error(
                    path,
                    Problem::Structure(StructureProblem::MissingField { field: "role" }),
                );
            }
            Some("function_call") => {
                if let Some(call) = self.function_call(value, path, report) {
                    draft.push_assistant(call, after_assistant);
                    self.after_assistant = true;
                }
            }
            Some("function_call_output") => {
                if let Some(result) = self.output(value, path, report) {
                    draft.push_result(result);
                }
            }
            Some(other) => {
                match &mut self.log {
                    Some(log) if other == "reasoning" => log.thinking += 1,
                    Some(log) => log.left_out.add(other),
                    None => report.left_out(path, LeftOut::Item(other.to_owned())),
                }
                draft.end_run();
            }
        }
    }

    /// A `function_call` item as a tool_call_request (`callId` = `call_id`).
    fn function_call(
        &mut self,
        value: &Value,
        path: String,
        report: &mut Report,
    ) -> Option<Segment> {
        let known = ["type", "call_id", "name", "arguments"];
        let call = Obj::new(value, path, &known, report)?;
        let id = call.str("call_id", report);
        let name = call.required_str("name", report);
        let arguments = match call.required_str("arguments", report) {
            Some(text) if self.log.is_some() => Some(crate::provider::read::lenient_arguments(
                text,
                &call.at("arguments"),
                report,
            )),
            Some(text) => parse_arguments(text, &call.at("arguments"), report),
            None => None,
        };
        let (name, arguments) = (name?, arguments?);
        self.names.insert(id, name);
        Some(draft::request(name, arguments, id))
    }

    /// A `function_call_output` item as a tool_call_result of the call with its `call_id`.
    fn output(&self, value: &Value, path: String, report: &mut Report) -> Option<Segment> {
        let output = Obj::new(value, path, &["type", "call_id", "output"], report)?;
        let id = output.required_str("call_id", report);
        let text = match output.present("output") {
            Some(Value::String(text)) => Some(text.clone()),
            Some(Value::Array(parts)) => {
                Some(texts(parts, &output.at("output"), report).join("\n\n"))
            }
            Some(other) => {
                report.wrong_type(output.at("output"), JsonType::StringOrArray, other);
                None
            }
            None => {
                report.error(
                    shown(&output.path),
                    Problem::Structure(StructureProblem::MissingField { field: "output" }),
                );
                None
            }
        };
        let (id, text) = (id?, text?);
        let name = self.names.name_of(id, &output.at("call_id"), report);
        Some(draft::result(name, text, true, Some(id)))
    }
}

/// A message item (with or without `"type":"message"`) pushed to `draft`; its role.
fn message(value: &Value, path: String, draft: &mut Draft, report: &mut Report) -> Option<Role> {
    let obj = Obj::new(value, path, &["type", "role", "content"], report)?;
    let written = obj.required_str("role", report)?;
    let role = match written {
        "system" | "developer" => Role::System,
        "user" => Role::User,
        "assistant" => Role::Assistant,
        other => {
            let found = other.to_owned();
            let expected = ROLES;
            report.error(
                obj.at("role"),
                Problem::Import(ImportProblem::UnknownRole { found, expected }),
            );
            return None;
        }
    };
    if written == "developer" {
        report.warn(obj.at("role"), Problem::Import(ImportProblem::Developer));
    }
    let segments = match role {
        Role::System => {
            let parts = match obj.present("content") {
                Some(Value::Array(parts)) => texts(parts, &obj.at("content"), report),
                _ => content(&obj, report)
                    .into_iter()
                    .filter_map(text_of)
                    .collect(),
            };
            let prompt = (!parts.is_empty()).then(|| draft::system_prompt(parts.join("\n\n")));
            prompt.into_iter().collect()
        }
        _ => content(&obj, report),
    };
    // An empty string content is warned as itself: the message adds nothing to say.
    let empty_text = matches!(obj.present("content"), Some(Value::String(text)) if text.is_empty());
    if segments.is_empty() && !empty_text {
        report.left_out(shown(&obj.path), LeftOut::EmptyMessage);
    }
    draft.push(role, segments);
    Some(role)
}

fn text_of(segment: Segment) -> Option<String> {
    match segment {
        Segment::Text(text) => Some(text.content),
        _ => None,
    }
}

/// The segments of a message's `content`: a string is one text; parts give a text, a media
/// image or a document each (other parts and empty texts left out, warned).
fn content(obj: &Obj<'_>, report: &mut Report) -> Vec<Segment> {
    let path = obj.at("content");
    match obj.present("content") {
        Some(Value::String(text)) if text.is_empty() => {
            report.left_out(path, LeftOut::EmptyText);
            Vec::new()
        }
        Some(Value::String(text)) => vec![draft::text(text)],
        Some(Value::Array(parts)) => parts
            .iter()
            .enumerate()
            .filter_map(|(k, part)| content_part(part, index_path(&path, k), report))
            .collect(),
        Some(other) => {
            report.wrong_type(path, JsonType::StringOrArray, other);
            Vec::new()
        }
        None => {
            report.error(
                shown(&obj.path),
                Problem::Structure(StructureProblem::MissingField { field: "content" }),
            );
            Vec::new()
        }
    }
}

/// The texts of text parts; other parts and empty texts are left out, warned.
fn texts(parts: &[Value], base: &str, report: &mut Report) -> Vec<String> {
    let mut texts = Vec::with_capacity(parts.len());
    for (k, part) in parts.iter().enumerate() {
        let path = index_path(base, k);
        match block_kind(part, &path, report) {
            Some(kind) if TEXT_PARTS.contains(&kind) => {
                if let Some(text) = text_part(part, path, report) {
                    texts.push(text);
                }
            }
            Some(kind) => report.left_out(path, LeftOut::Block(kind.to_owned())),
            None => {}
        }
    }
    texts
}

/// An `input_text` / `output_text` part's text, unless empty (then left out, warned).
fn text_part(part: &Value, path: String, report: &mut Report) -> Option<String> {
    let obj = Obj::new(part, path, &["type", "text"], report)?;
    let text = obj.required_str("text", report)?;
    if text.is_empty() {
        report.left_out(obj.at("text"), LeftOut::EmptyText);
        return None;
    }
    Some(text.to_owned())
}

fn content_part(part: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let kind = block_kind(part, &path, report)?;
    match kind {
        "input_text" | "output_text" => text_part(part, path, report).map(|t| draft::text(&t)),
        "input_image" => image(part, path, report),
        "input_file" => file(part, path, report),
        other => {
            report.left_out(path, LeftOut::Block(other.to_owned()));
            None
        }
    }
}

/// An `input_image`: its `image_url` as a media image (`detail` is left out, warned); one
/// with only a `file_id` is a document without its bytes, named by that id (§7's files).
fn image(part: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let obj = Obj::new(part, path, &["type", "image_url", "file_id"], report)?;
    if let Some(url) = obj.str("image_url", report).filter(|url| !url.is_empty()) {
        return Some(draft::media(MediaType::Image, url.to_owned()));
    }
    let Some(id) = obj.str("file_id", report).filter(|id| !id.is_empty()) else {
        report.error(
            shown(&obj.path),
            Problem::Structure(StructureProblem::MissingField { field: "image_url" }),
        );
        return None;
    };
    let mime = "application/octet-stream".to_owned();
    Some(bytes_document(id.to_owned(), mime, 0, &obj.path, report))
}

/// An `input_file` as a document without its bytes (§7's files): named by `filename`, else
/// the last part of `file_url`, else its `file_id`, else `file`; type and size from a
/// `data:` URL in `file_data`.
fn file(part: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let known = ["type", "filename", "file_data", "file_id", "file_url"];
    let obj = Obj::new(part, path, &known, report)?;
    let given = |key: &str, report: &mut Report| obj.str(key, report).filter(|s| !s.is_empty());
    let name = given("filename", report);
    let url = given("file_url", report).map(file_name_of_uri);
    let id = given("file_id", report);
    let (mime, size) = given("file_data", report).map_or((None, 0), file_data);
    let name = match (name, url, id) {
        (Some(name), _, _) => name.to_owned(),
        (None, Some(url), _) => url,
        (None, None, Some(id)) => id.to_owned(),
        (None, None, None) => "file".to_owned(),
    };
    let mime = mime.unwrap_or("application/octet-stream").to_owned();
    Some(bytes_document(name, mime, size, &obj.path, report))
}
