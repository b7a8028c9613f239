//! The parts of an OpenTelemetry GenAI message (DECISIONS §12): `text`, `uri`, `blob`,
//! `file`, `tool_call` and `tool_call_response` have a place in an envelope; `reasoning`,
//! the server tool parts and any other type are left out, warned.

use serde_json::{Map, Value};

use crate::issue::{LeftOut, StructureProblem};
use crate::model::{MediaType, Role, Segment};
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{
    CallNames, arguments_object, block_kind, bytes_document, parse_arguments,
};
use crate::provider::read::{Obj, Report, index_path, shown};

/// The call id a response without one is filed under (its toolName is then `unknown`).
const NO_ID: &str = "(none)";

/// The texts of a system message's (or the system instructions') text parts; other parts
/// and empty texts are left out, warned.
pub(crate) fn system_texts(parts: &[Value], base: &str, report: &mut Report) -> Vec<String> {
    let mut texts = Vec::with_capacity(parts.len());
    for (k, part) in parts.iter().enumerate() {
        let path = index_path(base, k);
        match block_kind(part, &path, report) {
            Some("text") => texts.extend(text(part, path, report)),
            Some(kind) => report.left_out(path, LeftOut::Part(kind.to_owned())),
            None => {}
        }
    }
    texts
}

/// Pushes a `role` message's parts to `draft`, in order: its own segments as one message,
/// each `tool_call_response` as a result (in a tool message, §7's runs), the segments after
/// a response as a message of their own. Returns whether anything was pushed.
pub(crate) fn message_segments(
    parts: &[Value],
    base: &str,
    role: Role,
    names: &mut CallNames,
    draft: &mut Draft,
    report: &mut Report,
) -> bool {
    let mut segments = Vec::new();
    let mut pushed = false;
    for (k, part) in parts.iter().enumerate() {
        let path = index_path(base, k);
        let Some(kind) = block_kind(part, &path, report) else {
            continue;
        };
        let segment = match kind {
            "text" => text(part, path, report).map(|t| draft::text(&t)),
            "uri" => uri(part, path, report),
            "blob" => blob(part, path, report),
            "file" => file(part, path, report),
            "tool_call" if role == Role::Assistant => tool_call(part, path, names, report),
            "tool_call_response" => {
                if let Some(result) = response(part, path, names, report) {
                    if !segments.is_empty() {
                        draft.push(role, std::mem::take(&mut segments));
                    }
                    draft.push_result(result);
                    pushed = true;
                }
                continue;
            }
            other => {
                report.left_out(path, LeftOut::Part(other.to_owned()));
                None
            }
        };
        // A tool message's texts join its results, as §3 writes them.
        match segment {
            Some(segment) if role == Role::Tool && pushed => draft.push_result(segment),
            Some(segment) => segments.push(segment),
            None => {}
        }
    }
    if !segments.is_empty() {
        draft.push(role, segments);
        pushed = true;
    }
    pushed
}

/// A `text` part's `content`, unless empty (then left out, warned).
fn text(part: &Value, path: String, report: &mut Report) -> Option<String> {
    let obj = Obj::new(part, path, &["type", "content"], report)?;
    let content = obj.required_str("content", report)?;
    if content.is_empty() {
        report.left_out(obj.at("content"), LeftOut::EmptyText);
        return None;
    }
    Some(content.to_owned())
}

/// The media type of a part's `modality`; another modality is left out, warned.
fn modality(obj: &Obj<'_>, report: &mut Report) -> Option<MediaType> {
    match obj.required_str("modality", report)? {
        "image" => Some(MediaType::Image),
        "audio" => Some(MediaType::Audio),
        "video" => Some(MediaType::Video),
        other => {
            report.left_out(shown(&obj.path), LeftOut::Modality(other.to_owned()));
            None
        }
    }
}

/// A `uri` part: media with that url (`mime_type` says no more than the url does).
fn uri(part: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let obj = Obj::new(
        part,
        path,
        &["type", "modality", "mime_type", "uri"],
        report,
    )?;
    let url = obj.required_str("uri", report);
    let media_type = modality(&obj, report)?;
    Some(draft::media(media_type, url?.to_owned()))
}

/// A `blob` part: media with the `data:` url of its `mime_type` and base64 `content`.
fn blob(part: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let obj = Obj::new(
        part,
        path,
        &["type", "modality", "mime_type", "content"],
        report,
    )?;
    let content = obj.required_str("content", report);
    let media_type = modality(&obj, report)?;
    let Some(mime) = obj.str("mime_type", report).filter(|mime| !mime.is_empty()) else {
        report.left_out(shown(&obj.path), LeftOut::BlobWithoutMime);
        return None;
    };
    Some(draft::media(
        media_type,
        format!("data:{mime};base64,{}", content?),
    ))
}

/// A `file` part: a document without its bytes, named by its `file_id` (§7's files).
fn file(part: &Value, path: String, report: &mut Report) -> Option<Segment> {
    let known = ["type", "modality", "mime_type", "file_id"];
    let obj = Obj::new(part, path, &known, report)?;
    let id = obj.required_str("file_id", report)?;
    let mime = obj.str("mime_type", report).filter(|mime| !mime.is_empty());
    let mime = mime.unwrap_or("application/octet-stream").to_owned();
    Some(bytes_document(id.to_owned(), mime, 0, &obj.path, report))
}

/// A `tool_call` part as a tool_call_request (`callId` = `id`): `arguments` an object, or a
/// JSON string of one; none at all are no arguments.
fn tool_call(
    part: &Value,
    path: String,
    names: &mut CallNames,
    report: &mut Report,
) -> Option<Segment> {
    let obj = Obj::new(part, path, &["type", "id", "name", "arguments"], report)?;
    let id = obj.str("id", report);
    let name = obj.required_str("name", report);
    let at = obj.at("arguments");
    let arguments = match obj.present("arguments") {
        None => Some(Map::new()),
        Some(Value::String(text)) => parse_arguments(text, &at, report),
        Some(value) => arguments_object(value, &at, report),
    };
    let (name, arguments) = (name?, arguments?);
    match id.filter(|id| !id.is_empty()) {
        Some(id) => names.insert(Some(id), name),
        None => names.push_unnamed(name),
    }
    Some(draft::request(name, arguments, id))
}

/// A `tool_call_response` part as a succeeded tool_call_result of the call with its `id`;
/// a `response` that is not a string is its compact JSON. `result` is read where there is no
/// `response` (the conventions' own registry example, pydantic-ai), and the part's `name`
/// (pydantic-ai) names the tool when no earlier call has the id.
fn response(
    part: &Value,
    path: String,
    names: &mut CallNames,
    report: &mut Report,
) -> Option<Segment> {
    let known = ["type", "id", "response", "result", "name"];
    let obj = Obj::new(part, path, &known, report)?;
    let id = obj.str("id", report).filter(|id| !id.is_empty());
    if obj.present("response").is_some() && obj.present("result").is_some() {
        report.left_out(obj.at("result"), LeftOut::Key("result".to_owned()));
    }
    let text = match obj.present("response").or_else(|| obj.present("result")) {
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
        None => {
            let problem = crate::issue::Problem::Structure(StructureProblem::MissingField {
                field: "response",
            });
            report.error(shown(&obj.path), problem);
            return None;
        }
    };
    let own = obj.str("name", report).filter(|name| !name.is_empty());
    // Without an id, a response answers the earliest call without one not answered yet.
    let known = match id {
        Some(id) => names.get(id).map(str::to_owned),
        None => names.pop_unnamed(),
    };
    let name = match (known, own) {
        (Some(name), _) => name,
        (None, Some(name)) => name.to_owned(),
        (None, None) => {
            let at = if id.is_some() {
                obj.at("id")
            } else {
                shown(&obj.path)
            };
            names.name_of(id.unwrap_or(NO_ID), &at, report)
        }
    };
    Some(draft::result(name, text, true, id))
}
