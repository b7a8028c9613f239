//! Anthropic Messages content blocks (DECISIONS §7): text, image, document, tool_use and
//! tool_result; thinking and every other block left out with a warning.

use serde_json::Value;

use crate::issue::{JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{MediaType, Segment};
use crate::provider::read::draft;
use crate::provider::read::{
    CallNames, arguments_object, block_kind, bytes_document, decoded_len, file_name_of_uri,
    text_block, text_document,
};
use crate::provider::read::{Obj, Report, index_path, shown};

/// A text, image or document block (a string content counts as one text) as a segment;
/// anything else (thinking, redacted_thinking, server tool blocks, …) is left out, warned.
pub(crate) fn content_block(block: &Value, path: &str, report: &mut Report) -> Option<Segment> {
    if let Value::String(text) = block {
        return Some(draft::text(text));
    }
    match block_kind(block, path, report)? {
        "text" => text_block(block, path, report).map(|text| draft::text(&text)),
        "image" => image(block, path, report),
        "document" => document(block, path, report),
        other => {
            report.left_out(path, LeftOut::Block(other.to_owned()));
            None
        }
    }
}

/// An image: a base64 source becomes a `data:` url, a url source its url.
fn image(block: &Value, path: &str, report: &mut Report) -> Option<Segment> {
    let obj = Obj::new(block, path.to_owned(), &["type", "source"], report)?;
    let (source, kind) = source(&obj, report)?;
    let url = match kind {
        "base64" => {
            let source = Obj::new(
                source,
                obj.at("source"),
                &["type", "media_type", "data"],
                report,
            )?;
            let (mime, data) = (
                source.required_str("media_type", report),
                source.required_str("data", report),
            );
            format!("data:{};base64,{}", mime?, data?)
        }
        "url" => {
            let source = Obj::new(source, obj.at("source"), &["type", "url"], report)?;
            source.required_str("url", report)?.to_owned()
        }
        other => {
            report.left_out(obj.at("source"), LeftOut::Source(other.to_owned()));
            return None;
        }
    };
    Some(draft::media(MediaType::Image, url))
}

/// A block's `source` and its `type`.
fn source<'v>(obj: &Obj<'v>, report: &mut Report) -> Option<(&'v Value, &'v str)> {
    let Some(source) = obj.present("source") else {
        report.error(
            shown(&obj.path),
            Problem::Structure(StructureProblem::MissingField { field: "source" }),
        );
        return None;
    };
    let kind = block_kind(source, &obj.at("source"), report)?;
    Some((source, kind))
}

/// A document: a text (or content) source keeps its text; base64 and url sources keep the
/// name, type and size only (warned). fileName = the `title`, else (url) the url's last path
/// part, else `document`.
fn document(block: &Value, path: &str, report: &mut Report) -> Option<Segment> {
    let obj = Obj::new(block, path.to_owned(), &["type", "source", "title"], report)?;
    let title = obj.str("title", report).filter(|t| !t.is_empty());
    let (source, kind) = source(&obj, report)?;
    let at = obj.at("source");
    let name = |fallback: &str| title.unwrap_or(fallback).to_owned();
    match kind {
        "text" | "base64" => {
            let source = Obj::new(source, at, &["type", "media_type", "data"], report)?;
            let mime = source.str("media_type", report);
            let data = source.required_str("data", report)?;
            if kind == "text" {
                let mime = mime.unwrap_or("text/plain").to_owned();
                Some(text_document(name("document"), mime, data, path, report))
            } else {
                let mime = mime.unwrap_or("application/pdf").to_owned();
                Some(bytes_document(
                    name("document"),
                    mime,
                    decoded_len(data),
                    path,
                    report,
                ))
            }
        }
        "content" => {
            let source = Obj::new(source, at, &["type", "content"], report)?;
            let text = match source.present("content") {
                Some(Value::Array(blocks)) => {
                    let texts = blocks.iter().enumerate().filter_map(|(k, block)| {
                        text_block(block, &index_path(&source.at("content"), k), report)
                    });
                    texts.collect::<Vec<_>>().join("\n\n")
                }
                Some(Value::String(text)) => text.clone(),
                _ => String::new(),
            };
            let mime = "text/plain".to_owned();
            Some(text_document(name("document"), mime, &text, path, report))
        }
        "url" => {
            let source = Obj::new(source, at, &["type", "url"], report)?;
            let url = source.required_str("url", report)?;
            let name = title.map_or_else(|| file_name_of_uri(url), str::to_owned);
            Some(bytes_document(
                name,
                "application/pdf".to_owned(),
                0,
                path,
                report,
            ))
        }
        other => {
            report.left_out(at, LeftOut::Source(other.to_owned()));
            None
        }
    }
}

/// A tool_use block as a tool_call_request: callId = `id`, arguments = `input`.
pub(crate) fn tool_use(
    block: &Value,
    path: &str,
    names: &mut CallNames,
    report: &mut Report,
) -> Option<Segment> {
    let obj = Obj::new(
        block,
        path.to_owned(),
        &["type", "id", "name", "input"],
        report,
    )?;
    let id = obj.required_str("id", report);
    let name = obj.required_str("name", report);
    let arguments = match obj.get("input") {
        Some(input) => arguments_object(input, &obj.at("input"), report),
        None => {
            report.error(
                shown(&obj.path),
                Problem::Structure(StructureProblem::MissingField { field: "input" }),
            );
            None
        }
    };
    let (name, arguments) = (name?, arguments?);
    names.insert(id, name);
    Some(draft::request(name, arguments, id))
}

/// A tool_result block as a tool_call_result: success = not `is_error`, result = the content
/// (text blocks joined with `"\n\n"`), the toolName of the call it answers, callId =
/// `tool_use_id`.
pub(crate) fn tool_result(
    block: &Value,
    path: &str,
    names: &CallNames,
    report: &mut Report,
) -> Option<Segment> {
    let known = ["type", "tool_use_id", "content", "is_error"];
    let obj = Obj::new(block, path.to_owned(), &known, report)?;
    let id = obj.required_str("tool_use_id", report)?;
    let content = match obj.present("content") {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(blocks)) => {
            let texts = blocks.iter().enumerate().filter_map(|(k, block)| {
                text_block(block, &index_path(&obj.at("content"), k), report)
            });
            texts.collect::<Vec<_>>().join("\n\n")
        }
        Some(other) => {
            report.wrong_type(obj.at("content"), JsonType::StringOrArray, other);
            return None;
        }
        None => String::new(),
    };
    let success = !obj.bool("is_error", report).unwrap_or(false);
    let name = names.name_of(id, &obj.at("tool_use_id"), report);
    Some(draft::result(name, content, success, Some(id)))
}
