//! A Gemini `Part` as a segment (DECISIONS §14): `text`, `inlineData` and `fileData` (media,
//! or a document without its bytes), `functionCall` (a tool_call_request), `functionResponse`
//! (a tool_call_result). Thought parts and `thoughtSignature`s are counted, every other key
//! (`executableCode`, `videoMetadata`, …) left out and warned by path.

use serde_json::{Map, Value};

use super::node::Node;
use crate::issue::{GeminiProblem, JsonType, LeftOut, LogProblem, Problem};
use crate::model::{MediaType, Segment};
use crate::provider::gemini::media::{default_mime, mime_of_extension};
use crate::provider::read::draft;
use crate::provider::read::{Report, arguments_object, bytes_document, decoded_len};
use crate::provider::read::{file_name_of_uri, shown};

/// What one part holds.
pub(crate) enum Piece {
    /// A text, media or document segment.
    Segment(Segment),
    /// A functionCall's tool_call_request.
    Call(Segment),
    /// A functionResponse's tool_call_result.
    Response(Segment),
}

/// The thinking of a body, left out: thought parts and `thoughtSignature`s, each counted with
/// the path of the first (G-8).
#[derive(Default)]
pub(crate) struct Thinking {
    thoughts: Option<(String, usize)>,
    signatures: Option<(String, usize)>,
}

impl Thinking {
    /// One more in `slot`, first met at `path` if it is the first.
    fn count(slot: &mut Option<(String, usize)>, path: String) {
        Thinking::add(slot, path, 1);
    }

    fn add(slot: &mut Option<(String, usize)>, path: String, more: usize) {
        match slot {
            Some((_, count)) => *count += more,
            None if more > 0 => *slot = Some((path, more)),
            None => {}
        }
    }

    /// The thought parts counted so far.
    pub fn thoughts(&self) -> usize {
        self.thoughts.as_ref().map_or(0, |(_, count)| *count)
    }

    /// Counts `more` thinking entries found at `path` (a Gemini CLI record's `thoughts`).
    pub fn add_thoughts(&mut self, path: String, more: usize) {
        Thinking::add(&mut self.thoughts, path, more);
    }

    /// One warning for the thought parts, one for the signatures.
    pub fn report(self, report: &mut Report) {
        if let Some((path, count)) = self.thoughts {
            report.warn(path, Problem::Log(LogProblem::Thinking { count }));
        }
        if let Some((path, count)) = self.signatures {
            report.warn(
                path,
                Problem::Gemini(GeminiProblem::ThoughtSignatures { count }),
            );
        }
    }
}

/// The keys of a part that are read; every other one is left out, warned.
const PART: [&str; 7] = [
    "text",
    "thought",
    "thoughtSignature",
    "inlineData",
    "fileData",
    "functionCall",
    "functionResponse",
];

/// The pieces of the part `value` at `path`, in the order of its keys' kinds (one, for a part
/// as the API wants it). A bare string is a text. `calls`: whether a functionCall belongs here
/// (a model turn); elsewhere it is left out, warned.
pub(crate) fn part(
    value: &Value,
    path: String,
    calls: bool,
    thinking: &mut Thinking,
    report: &mut Report,
) -> Vec<Piece> {
    if let Value::String(text) = value {
        return text_piece(text, &path, report).into_iter().collect();
    }
    let Some(part) = Node::plain(value, path, &PART, report) else {
        return Vec::new();
    };
    if part.get("thoughtSignature").is_some() {
        Thinking::count(&mut thinking.signatures, part.at("thoughtSignature"));
    }
    if part.bool("thought", report) == Some(true) {
        Thinking::count(&mut thinking.thoughts, shown(&part.path));
        return Vec::new();
    }
    let mut pieces = Vec::new();
    if let Some(text) = part.str("text", report) {
        pieces.extend(text_piece(text, &part.at("text"), report));
    }
    for key in ["inlineData", "fileData"] {
        if let Some(blob) = part.get(key) {
            pieces
                .extend(media(blob, part.at(key), key == "inlineData", report).map(Piece::Segment));
        }
    }
    if let Some(call) = part.get("functionCall") {
        if calls {
            pieces.extend(function_call(call, part.at("functionCall"), report));
        } else {
            let what = LeftOut::Part("functionCall".to_owned());
            report.left_out(part.at("functionCall"), what);
        }
    }
    if let Some(response) = part.get("functionResponse") {
        pieces.extend(function_response(
            response,
            part.at("functionResponse"),
            report,
        ));
    }
    pieces
}

/// A text part's text; an empty one is left out, warned.
fn text_piece(text: &str, path: &str, report: &mut Report) -> Option<Piece> {
    if text.is_empty() {
        report.left_out(shown(path), LeftOut::EmptyText);
        return None;
    }
    Some(Piece::Segment(draft::text(text)))
}

/// The media type of a mime type Gemini sends as media (`image/…`, `audio/…`, `video/…`).
fn media_type(mime: &str) -> Option<MediaType> {
    let (top, _) = mime.split_once('/')?;
    match top.to_ascii_lowercase().as_str() {
        "image" => Some(MediaType::Image),
        "audio" => Some(MediaType::Audio),
        "video" => Some(MediaType::Video),
        _ => None,
    }
}

/// An `inlineData` blob (`inline`) or a `fileData` reference: media of an image, audio or
/// video type (a `data:` url from the blob, the `fileUri` as the url), else a document
/// without its bytes (fileName = the uri's last path part, else `file`).
fn media(value: &Value, path: String, inline: bool, report: &mut Report) -> Option<Segment> {
    let known: &[&str] = if inline {
        &["mimeType", "data"]
    } else {
        &["mimeType", "fileUri"]
    };
    let blob = Node::plain(value, path, known, report)?;
    if inline {
        let (mime, data) = (
            blob.required_str("mimeType", report),
            blob.required_str("data", report),
        );
        let (mime, data) = (mime?, data?);
        return Some(match media_type(mime) {
            Some(kind) => draft::media(kind, format!("data:{mime};base64,{data}")),
            None => {
                let size = decoded_len(data);
                bytes_document("file".to_owned(), mime.to_owned(), size, &blob.path, report)
            }
        });
    }
    let given = blob.str("mimeType", report);
    let uri = blob.required_str("fileUri", report)?;
    let mime = given.or_else(|| mime_of_extension(uri));
    if let Some(kind) = mime.and_then(media_type) {
        // A media segment keeps only its url: the export names the type the url's extension
        // gives, else the media type's usual one. Warned when that is not the one given.
        let back = mime_of_extension(uri).unwrap_or(default_mime(kind));
        if let Some(mime) = given.filter(|mime| !mime.eq_ignore_ascii_case(back)) {
            let problem = GeminiProblem::MimeNotKept {
                mime: mime.to_owned(),
                back,
            };
            report.warn(blob.at("mimeType"), Problem::Gemini(problem));
        }
        return Some(draft::media(kind, uri.to_owned()));
    }
    let name = file_name_of_uri(uri);
    let name = if name == uri { "file".to_owned() } else { name };
    let mime = mime.unwrap_or("application/octet-stream").to_owned();
    Some(bytes_document(name, mime, 0, &blob.path, report))
}

/// A functionCall as a tool_call_request: toolName = `name`, arguments = `args` (`{}` when
/// absent), callId = `id`. `partialArgs` and `willContinue` are left out, warned.
fn function_call(value: &Value, path: String, report: &mut Report) -> Option<Piece> {
    let call = Node::plain(value, path, &["id", "name", "args"], report)?;
    let id = call.str("id", report);
    let name = call.required_str("name", report);
    let arguments = match call.get("args") {
        Some(args) => arguments_object(args, &call.at("args"), report),
        None => Some(Map::new()),
    };
    Some(Piece::Call(draft::request(name?, arguments?, id)))
}

/// A functionResponse as a tool_call_result: toolName = `name`, callId = `id`, result =
/// `response.output` when that string is all the response holds, `response.error` likewise
/// (then success is false), else the response's compact JSON. Its `parts` are left out,
/// warned.
fn function_response(value: &Value, path: String, report: &mut Report) -> Option<Piece> {
    let response = Node::plain(value, path, &["id", "name", "response"], report)?;
    let id = response.str("id", report);
    let name = response.required_str("name", report);
    let (result, success) = match response.get("response") {
        None => ("{}".to_owned(), true),
        Some(Value::Object(map)) => result_text(map),
        Some(other) => {
            report.wrong_type(response.at("response"), JsonType::Object, other);
            return None;
        }
    };
    Some(Piece::Response(draft::result(
        name?.to_owned(),
        result,
        success,
        id,
    )))
}

/// The result text of a response object, and whether it reports success (G-3).
fn result_text(response: &Map<String, Value>) -> (String, bool) {
    let mut members = response.iter();
    match (members.next(), members.next()) {
        (Some((key, Value::String(text))), None) if key == "output" => (text.clone(), true),
        (Some((key, Value::String(text))), None) if key == "error" => (text.clone(), false),
        // A map of JSON values always serializes.
        _ => (serde_json::to_string(response).unwrap_or_default(), true),
    }
}
