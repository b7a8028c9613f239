//! From an MCP `prompts/get` result, bare or inside a JSON-RPC response (DECISIONS §7, MCP
//! revision 2025-06-18): one envelope message per MCP message.

use serde_json::Value;

use crate::issue::{ImportProblem, LeftOut, Problem, StructureProblem};
use crate::model::{Envelope, MediaType, Role, Segment};
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{Obj, Report, index_path, shown};
use crate::provider::read::{bytes_document, decoded_len, file_name_of_uri, text_document};

/// Imports the result `root` (or the `result` of the JSON-RPC response `root`; its `jsonrpc`
/// and `id` are read silently).
pub(crate) fn import(root: &Value, report: &mut Report) -> Option<Envelope> {
    let wrapped = root
        .as_object()
        .is_some_and(|map| !map.contains_key("messages") && map.contains_key("result"));
    let (prompt, path) = if wrapped {
        let response = Obj::new(root, String::new(), &["jsonrpc", "id", "result"], report)?;
        (response.get("result")?, response.at("result"))
    } else {
        (root, String::new())
    };
    let obj = Obj::new(prompt, path, &["messages"], report)?;
    let messages = obj.required_array("messages", report)?;
    let mut draft = Draft::default();
    for (i, message) in messages.iter().enumerate() {
        let path = index_path(&obj.at("messages"), i);
        let Some((role, segment)) = import_message(message, path.clone(), report) else {
            continue;
        };
        if segment.is_none() {
            report.left_out(path, LeftOut::EmptyMessage);
        }
        draft.push(role, segment.into_iter().collect());
    }
    draft.finish(report, &obj.at("messages"))
}

/// A message's role and its block as a segment (none when the block is left out).
fn import_message(
    value: &Value,
    path: String,
    report: &mut Report,
) -> Option<(Role, Option<Segment>)> {
    let obj = Obj::new(value, path, &["role", "content"], report)?;
    let role = match obj.required_str("role", report)? {
        "user" => Role::User,
        "assistant" => Role::Assistant,
        other => {
            let found = other.to_owned();
            let expected: &[&str] = &["user", "assistant"];
            report.error(
                obj.at("role"),
                Problem::Import(ImportProblem::UnknownRole { found, expected }),
            );
            return None;
        }
    };
    let Some(content) = obj.present("content") else {
        report.error(
            shown(&obj.path),
            Problem::Structure(StructureProblem::MissingField { field: "content" }),
        );
        return None;
    };
    Some((role, block(content, obj.at("content"), report)))
}

/// One content block: text, image, audio, resource_link (as a markdown link) or an embedded
/// resource (as a document); anything else is left out, warned.
fn block(value: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let kind = match value.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        _ => {
            // Not an object, or no string `type`: report it as the object it should be.
            let obj = Obj::new(value, path, &["type"], report)?;
            obj.required_str("type", report)?;
            return None;
        }
    };
    match kind {
        "text" => {
            let obj = Obj::new(value, path, &["type", "text"], report)?;
            let text = obj.required_str("text", report)?;
            if text.is_empty() {
                report.left_out(obj.at("text"), LeftOut::EmptyText);
                return None;
            }
            Some(draft::text(text))
        }
        "image" | "audio" => {
            let obj = Obj::new(value, path, &["type", "data", "mimeType"], report)?;
            let (data, mime) = (
                obj.required_str("data", report),
                obj.required_str("mimeType", report),
            );
            let (data, mime) = (data?, mime?);
            let media_type = if kind == "image" {
                MediaType::Image
            } else {
                MediaType::Audio
            };
            Some(draft::media(
                media_type,
                format!("data:{mime};base64,{data}"),
            ))
        }
        "resource_link" => {
            let obj = Obj::new(value, path, &["type", "uri", "name"], report)?;
            let (uri, name) = (
                obj.required_str("uri", report),
                obj.required_str("name", report),
            );
            Some(draft::text(&format!("[{}]({})", name?, uri?)))
        }
        "resource" => {
            let obj = Obj::new(value, path, &["type", "resource"], report)?;
            let Some(resource) = obj.present("resource") else {
                report.error(
                    shown(&obj.path),
                    Problem::Structure(StructureProblem::MissingField { field: "resource" }),
                );
                return None;
            };
            embedded(resource, obj.at("resource"), &obj.path, report)
        }
        other => {
            report.left_out(path, LeftOut::Block(other.to_owned()));
            None
        }
    }
}

/// An embedded resource: a text one as a document with its text, a blob one as a document
/// without its bytes (warned at `block_path`).
fn embedded(value: &Value, path: String, block_path: &str, report: &mut Report) -> Option<Segment> {
    let obj = Obj::new(value, path, &["uri", "mimeType", "text", "blob"], report)?;
    let uri = obj.required_str("uri", report)?;
    let mime = obj.str("mimeType", report);
    let file_name = file_name_of_uri(uri);
    if let Some(text) = obj.str("text", report) {
        let mime = mime.unwrap_or("text/plain").to_owned();
        return Some(text_document(file_name, mime, text, block_path, report));
    }
    let Some(blob) = obj.str("blob", report) else {
        report.error(
            shown(&obj.path),
            Problem::Structure(StructureProblem::MissingField { field: "text" }),
        );
        return None;
    };
    let mime = mime.unwrap_or("application/octet-stream").to_owned();
    Some(bytes_document(
        file_name,
        mime,
        decoded_len(blob),
        block_path,
        report,
    ))
}
