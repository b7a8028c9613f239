//! OpenAI Chat Completions content: strings, text parts, and a user message's image, audio
//! and file parts (DECISIONS §7).

use serde_json::Value;

use crate::issue::{JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{MediaType, Segment};
use crate::provider::read::draft;
use crate::provider::read::{Obj, Report, index_path, shown};
use crate::provider::read::{block_kind, bytes_document, decoded_len, text_block};
use crate::url::DataUrl;

/// The texts of a `content` member: a string is one text, an array gives one text per text
/// part (other parts and empty texts left out, warned). `None` when absent or `null`.
pub(crate) fn texts(obj: &Obj<'_>, key: &str, report: &mut Report) -> Option<Vec<String>> {
    match obj.present(key)? {
        Value::String(text) => Some(vec![text.clone()]),
        Value::Array(parts) => {
            let base = obj.at(key);
            let texts = parts
                .iter()
                .enumerate()
                .filter_map(|(k, part)| text_block(part, &index_path(&base, k), report))
                .collect();
            Some(texts)
        }
        other => {
            report.wrong_type(obj.at(key), JsonType::StringOrArray, other);
            None
        }
    }
}

/// The segments of a user message's `content`: a string is one text; parts give a text, a
/// media image (image_url), a media audio (input_audio) or a document (file) each.
pub(crate) fn user_content(obj: &Obj<'_>, report: &mut Report) -> Vec<Segment> {
    match obj.present("content") {
        Some(Value::Array(parts)) => {
            let base = obj.at("content");
            parts
                .iter()
                .enumerate()
                .filter_map(|(k, part)| user_part(part, &index_path(&base, k), report))
                .collect()
        }
        Some(_) | None => drop_empty(texts(obj, "content", report), &obj.at("content"), report)
            .iter()
            .map(|text| draft::text(text))
            .collect(),
    }
}

/// The texts without the empty ones (only a string `content` can be one: empty parts are
/// already left out), each left out with a warning at `path`.
pub(crate) fn drop_empty(
    texts: Option<Vec<String>>,
    path: &str,
    report: &mut Report,
) -> Vec<String> {
    let mut texts = texts.unwrap_or_default();
    texts.retain(|text| {
        if text.is_empty() {
            report.left_out(path, LeftOut::EmptyText);
        }
        !text.is_empty()
    });
    texts
}

fn user_part(part: &Value, path: &str, report: &mut Report) -> Option<Segment> {
    let kind = block_kind(part, path, report)?;
    let path = path.to_owned();
    match kind {
        "text" => text_block(part, &path, report).map(|text| draft::text(&text)),
        "image_url" => {
            let obj = Obj::new(part, path, &["type", "image_url"], report)?;
            let url = match obj.present("image_url") {
                Some(Value::String(url)) => url.as_str(),
                Some(image) => {
                    let image = Obj::new(image, obj.at("image_url"), &["url"], report)?;
                    image.required_str("url", report)?
                }
                None => {
                    report.error(
                        path_of(&obj),
                        Problem::Structure(StructureProblem::MissingField { field: "image_url" }),
                    );
                    return None;
                }
            };
            Some(draft::media(MediaType::Image, url.to_owned()))
        }
        "input_audio" => {
            let obj = Obj::new(part, path, &["type", "input_audio"], report)?;
            let audio = required_object(&obj, "input_audio", report)?;
            let audio = Obj::new(audio, obj.at("input_audio"), &["data", "format"], report)?;
            let (data, format) = (
                audio.required_str("data", report),
                audio.required_str("format", report),
            );
            let (data, format) = (data?, format?);
            let subtype = if format == "mp3" { "mpeg" } else { format };
            Some(draft::media(
                MediaType::Audio,
                format!("data:audio/{subtype};base64,{data}"),
            ))
        }
        "file" => {
            let obj = Obj::new(part, path, &["type", "file"], report)?;
            let file = required_object(&obj, "file", report)?;
            let file = Obj::new(file, obj.at("file"), &["filename", "file_data"], report)?;
            let name = file.str("filename", report).filter(|n| !n.is_empty());
            let (mime, size) = match file.str("file_data", report) {
                Some(data) => file_data(data),
                None => (None, 0),
            };
            let mime = mime.unwrap_or("application/octet-stream");
            let name = name.unwrap_or("file").to_owned();
            Some(bytes_document(
                name,
                mime.to_owned(),
                size,
                &obj.path,
                report,
            ))
        }
        other => {
            report.left_out(path, LeftOut::Block(other.to_owned()));
            None
        }
    }
}

/// The media type (of a `data:` URL) and decoded size of a file's `file_data`.
pub(crate) fn file_data(data: &str) -> (Option<&str>, u64) {
    match DataUrl::parse(data) {
        Some(url) => {
            let size = if url.base64 {
                decoded_len(url.data)
            } else {
                url.data.len() as u64
            };
            (Some(url.mime).filter(|m| !m.is_empty()), size)
        }
        None => (None, decoded_len(data)),
    }
}

/// A required member that must be an object.
fn required_object<'v>(obj: &Obj<'v>, key: &'static str, report: &mut Report) -> Option<&'v Value> {
    match obj.present(key) {
        Some(value @ Value::Object(_)) => Some(value),
        Some(other) => {
            report.wrong_type(obj.at(key), JsonType::Object, other);
            None
        }
        None => {
            report.error(
                path_of(obj),
                Problem::Structure(StructureProblem::MissingField { field: key }),
            );
            None
        }
    }
}

fn path_of(obj: &Obj<'_>) -> String {
    shown(&obj.path)
}
