//! From text to a typed [`Envelope`], collecting every structural problem with its path.
//!
//! Decoding reads a parsed `serde_json::Value` by reference, so a node that fails keeps its
//! exact raw JSON for the viewer's fallback card, and a node that passes is copied into its
//! typed struct with unknown fields, key order and numbers intact. [`parse_json`] builds the
//! tree of the whole document (the viewer shows it); [`crate::load`] instead reads one
//! message's tree at a time and moves its big parts instead of copying them (`stream`).
//! `source` and `restore` recover what serde_json drops: repeated keys and number spellings.

mod lex;
mod restore;
mod source;
mod stream;

use serde_json::Value;

use crate::cap::Cap;
use crate::issue::{
    ArrayOf, EnvelopeProblem, Issue, JsonType, Problem, Repeated, StructureProblem,
};
use crate::model::read::{Fields, Payload, decode_segment};
use crate::model::{Entry, Envelope, Invalid, Message, Role, Segment};
use crate::path::JsonPath;
pub(crate) use lex::root_has_key;
pub(crate) use stream::load_streaming;

/// How strictly to read an envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Report every departure from the protocol (`pep validate`, `pep export`).
    #[default]
    Strict,
    /// The viewer's repairs (DECISIONS §1): a missing `collapsed` takes its spec §7.2 default
    /// and a missing `charCount` is computed, each with a warning instead of an error.
    Repair,
}

/// A parsed JSON document.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The document, with object key order and number spelling as written.
    pub value: Value,
    /// Warnings about the text itself (keys written twice in one object).
    pub warnings: Vec<Issue>,
}

/// Parses JSON text, reporting a syntax error with its line and column.
///
/// A leading byte-order mark is skipped: editors on some systems add one, and it carries no
/// content.
pub fn parse_json(text: &str) -> Result<Parsed, Issue> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut value: Value = serde_json::from_str(text).map_err(|error| json_error(text, &error))?;
    let facts = source::scan(text);
    if facts.has_exponent {
        restore::restore_numbers(text, &mut value);
    }
    Ok(Parsed {
        value,
        warnings: facts.duplicate_keys,
    })
}

/// The issue for text serde_json rejected.
fn json_error(text: &str, error: &serde_json::Error) -> Issue {
    let reason = error.to_string();
    // serde_json appends " at line L column C"; the issue carries those as numbers.
    let reason = match reason.rfind(" at line ") {
        Some(cut) => reason[..cut].to_owned(),
        None => reason,
    };
    Issue::new(
        "$",
        Problem::Structure(StructureProblem::InvalidJson {
            line: error.line(),
            column: char_column(text, error.line(), error.column()),
            reason,
        }),
    )
}

/// serde_json counts columns in bytes (and says 0 at the very end of input); people and
/// editors count characters from 1.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(line_text) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column.max(1);
    };
    let before = byte_column.saturating_sub(1);
    line_text
        .char_indices()
        .take_while(|(at, _)| *at < before)
        .count()
        + 1
}

/// Decodes a parsed document. Returns `None` when there is no envelope to show at all: the
/// root is not an object or it has no `messages` array (DECISIONS §1).
pub fn decode_envelope(root: &Value, mode: Mode, issues: &mut Vec<Issue>) -> Option<Envelope> {
    let Value::Object(object) = root else {
        issues.push(not_an_object(root));
        return None;
    };
    decode_root(object, None, mode, issues)
}

/// The error for a root that is not an object.
fn not_an_object(root: &Value) -> Issue {
    Issue::new(
        "$",
        Problem::Structure(StructureProblem::WrongType {
            expected: JsonType::Object,
            found: JsonType::of(root),
        }),
    )
}

/// Decodes the messages of a whole tree (the streaming decoder has its own loop, with the same
/// capping of unknown-field warnings).
fn decode_messages(messages: &[Value], mode: Mode, issues: &mut Vec<Issue>) -> Vec<Entry<Message>> {
    let root = JsonPath::Root;
    let messages_path = root.key("messages");
    let mut decoded = Vec::with_capacity(messages.len());
    let mut unknown = unknown_fields();
    for (index, message) in messages.iter().enumerate() {
        let message_path = messages_path.index(index);
        let payload = Payload::Copy;
        let entry = decode_message(message, &message_path, mode, payload, issues, &mut unknown);
        decoded.push(entry);
    }
    issues.extend(unknown.summary("messages"));
    decoded
}

/// Unknown-field warnings are capped per envelope (one cap for the root object, one for the
/// messages, so both decoding orders list the same ones): a field costs a few bytes of input,
/// its warning a hundred.
pub(crate) fn unknown_fields() -> Cap {
    Cap::new(Repeated::UnknownField)
}

/// Messages decoded while the text was read (see [`stream`]): they stand for the (empty)
/// placeholder array at `messages` in the root object.
pub(crate) struct Streamed {
    pub(crate) messages: Vec<Entry<Message>>,
    pub(crate) issues: Vec<Issue>,
}

/// Decodes the root object; `streamed` holds its messages when they were decoded already.
fn decode_root(
    object: &serde_json::Map<String, Value>,
    streamed: Option<Streamed>,
    mode: Mode,
    issues: &mut Vec<Issue>,
) -> Option<Envelope> {
    let path = JsonPath::Root;
    let mut unknown = unknown_fields();
    let mut f = Fields::read(
        object,
        &["$schema", "version", "model", "messages"],
        &path,
        issues,
        Payload::Copy,
        &mut unknown,
    );
    f.issues().extend(unknown.summary("$"));
    let schema = f.optional_string("$schema");
    let version = match f.required("version") {
        Some(Value::String(version)) if version == "1.0" => Some(version.clone()),
        Some(other) => {
            f.report(
                "version",
                Problem::Structure(StructureProblem::WrongVersion {
                    found: other.to_string(),
                }),
            );
            f.keep_raw("version");
            None
        }
        None => None,
    };
    let model = f.optional_string("model");
    if model.as_deref() == Some("") {
        f.report("model", Problem::Envelope(EnvelopeProblem::EmptyModel));
    }
    let messages = match f.required("messages") {
        Some(Value::Array(messages)) => {
            let count = streamed
                .as_ref()
                .map_or(messages.len(), |s| s.messages.len());
            if count == 0 {
                f.report(
                    "messages",
                    Problem::Structure(StructureProblem::EmptyArray {
                        what: ArrayOf::Messages,
                    }),
                );
            }
            Some(messages)
        }
        Some(other) => {
            f.report(
                "messages",
                Problem::Structure(StructureProblem::WrongType {
                    expected: JsonType::Array,
                    found: JsonType::of(other),
                }),
            );
            None
        }
        None => None,
    };
    let decoded = match (messages, streamed) {
        (None, _) => Vec::new(),
        (Some(_), Some(streamed)) => {
            f.issues().extend(streamed.issues);
            streamed.messages
        }
        (Some(messages), None) => decode_messages(messages, mode, f.issues()),
    };
    let extra = f.finish();
    messages?;
    Some(Envelope {
        schema,
        version,
        model,
        messages: decoded,
        extra,
    })
}

pub(crate) fn decode_message(
    value: &Value,
    path: &JsonPath<'_>,
    mode: Mode,
    payload: Payload,
    issues: &mut Vec<Issue>,
    unknown: &mut Cap,
) -> Entry<Message> {
    let first_issue = issues.len();
    let Value::Object(object) = value else {
        issues.push(Issue::at_path(
            path,
            Problem::Structure(StructureProblem::WrongType {
                expected: JsonType::Object,
                found: JsonType::of(value),
            }),
        ));
        return invalid(payload.raw(value), path, issues, first_issue);
    };
    let mut f = Fields::read(
        object,
        &["id", "role", "segments", "timestamp"],
        path,
        issues,
        payload,
        unknown,
    );
    let id = f.string("id");
    let role = match f.string("role") {
        Some(found) => match Role::from_name(&found) {
            Some(role) => Some(role),
            None => {
                f.report(
                    "role",
                    Problem::Structure(StructureProblem::UnknownRole { found }),
                );
                None
            }
        },
        None => None,
    };
    let segments = match f.required("segments") {
        Some(Value::Array(segments)) if segments.is_empty() => {
            f.report(
                "segments",
                Problem::Structure(StructureProblem::EmptyArray {
                    what: ArrayOf::Segments,
                }),
            );
            None
        }
        Some(Value::Array(segments)) => Some(segments),
        Some(other) => {
            f.report(
                "segments",
                Problem::Structure(StructureProblem::WrongType {
                    expected: JsonType::Array,
                    found: JsonType::of(other),
                }),
            );
            None
        }
        None => None,
    };
    let timestamp = f.integer("timestamp");
    let header_errors = f.errors();
    let decoded = segments.map_or_else(Vec::new, |segments| {
        let segments_path = path.key("segments");
        decode_segments(segments, &segments_path, mode, payload, f.issues(), unknown)
    });
    let extra = f.finish();
    match (id, role, timestamp, header_errors) {
        (Some(id), Some(role), Some(timestamp), 0) => Entry::Valid(Message {
            id,
            role,
            segments: decoded,
            timestamp,
            extra,
        }),
        _ => invalid(payload.raw(value), path, issues, first_issue),
    }
}

/// Decodes a message's segments, each valid or kept as written with its errors.
fn decode_segments(
    segments: &[Value],
    path: &JsonPath<'_>,
    mode: Mode,
    payload: Payload,
    issues: &mut Vec<Issue>,
    unknown: &mut Cap,
) -> Vec<Entry<Segment>> {
    let mut decoded = Vec::with_capacity(segments.len());
    for (index, segment) in segments.iter().enumerate() {
        let segment_path = path.index(index);
        let first = issues.len();
        let entry = match decode_segment(
            segment,
            &segment_path,
            mode == Mode::Repair,
            payload,
            issues,
            unknown,
        ) {
            Some(segment) => Entry::Valid(segment),
            None => invalid(payload.raw(segment), &segment_path, issues, first),
        };
        decoded.push(entry);
    }
    decoded
}

/// Keeps `value` as written, with the errors reported for it since `first_issue`.
fn invalid<T>(raw: Value, path: &JsonPath<'_>, issues: &[Issue], first_issue: usize) -> Entry<T> {
    Entry::Invalid(Invalid {
        path: path.to_string(),
        errors: issues[first_issue..]
            .iter()
            .filter(|issue| issue.is_error())
            .cloned()
            .collect(),
        raw,
    })
}
