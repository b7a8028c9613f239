//! From OpenTelemetry GenAI data (DECISIONS §12): an object of the attributes
//! `gen_ai.system_instructions`, `gen_ai.input.messages`, `gen_ai.output.messages` and
//! `gen_ai.tool.definitions` (arrays, or JSON strings of arrays), a bare array of messages
//! with `parts` (an OTLP/JSON trace is `otlp.rs`'s, which reads its spans' attributes here).
//! The messages' parts are read in `parts.rs`.

use std::borrow::Cow;

use serde_json::Value;

use crate::decode::parse_json;
use crate::issue::{EnvelopeProblem, ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::model::{Envelope, Role};
use crate::provider::openai_chat::import::declare;
use crate::provider::otel::parts::{message_segments, system_texts};
use crate::provider::read::draft::{self, Draft};
use crate::provider::read::{CallNames, block_kind};
use crate::provider::read::{Obj, Report, index_path, shown};

/// The attributes read, in the order they are read.
pub(crate) const ATTRIBUTES: [&str; 4] = [
    SYSTEM_INSTRUCTIONS,
    INPUT_MESSAGES,
    OUTPUT_MESSAGES,
    TOOL_DEFINITIONS,
];
pub(crate) const SYSTEM_INSTRUCTIONS: &str = "gen_ai.system_instructions";
pub(crate) const INPUT_MESSAGES: &str = "gen_ai.input.messages";
pub(crate) const OUTPUT_MESSAGES: &str = "gen_ai.output.messages";
pub(crate) const TOOL_DEFINITIONS: &str = "gen_ai.tool.definitions";
/// The model attribute, read beside the four.
pub(crate) const REQUEST_MODEL: &str = "gen_ai.request.model";

/// The roles of a message, in words.
const ROLES: &[&str] = &["system", "user", "assistant", "tool"];

/// One attribute: its key, its value (a JSON string already parsed or not), its path.
pub(crate) struct Attribute<'v> {
    /// The key as written.
    pub key: &'v str,
    /// The value, as JSON.
    pub value: Cow<'v, Value>,
    /// Where the value is in the input.
    pub path: String,
}

/// Reads a span's (or an object's) attributes into an envelope stamped `stamp`. Of the other
/// keys, the `gen_ai.request.*` ones are warned about as left out (request parameters the
/// model was sent: temperature, max_tokens, …); the rest is trace metadata (operation,
/// provider, response, usage, server), dropped silently.
pub(crate) fn read_attributes<'v>(
    attributes: impl Iterator<Item = Attribute<'v>>,
    stamp: Option<i64>,
    report: &mut Report,
) -> Option<Envelope> {
    let mut found: [Option<Attribute<'v>>; 4] = Default::default();
    let mut reader = Reader::default();
    reader.draft.stamp = stamp;
    for attribute in attributes {
        if let Some(k) = ATTRIBUTES.iter().position(|key| *key == attribute.key) {
            // Twice (two entries of a span, a span and its event): the last is read, as a
            // repeated JSON key is.
            if found[k].is_some() {
                let key = attribute.key.to_owned();
                report.warn(
                    attribute.path.clone(),
                    Problem::Envelope(EnvelopeProblem::DuplicateKey { key }),
                );
            }
            found[k] = Some(attribute);
        } else if attribute.key == REQUEST_MODEL {
            match attribute.value.as_ref() {
                Value::String(model) => reader.draft.model = Some(model.clone()),
                other => report.wrong_type(attribute.path, JsonType::String, other),
            }
        } else if let Some(meant) = look_alike(attribute.key) {
            let found = attribute.key.to_owned();
            report.warn(
                attribute.path,
                Problem::Import(ImportProblem::LookAlike { found, meant }),
            );
        } else if attribute.key.starts_with("gen_ai.request.") {
            report.left_out(attribute.path, LeftOut::Key(attribute.key.to_owned()));
        }
    }
    let [system, input, output, tools] = found;
    if let Some(system) = system.and_then(|a| array_value(a, report)) {
        let texts = system_texts(&system.0, &system.1, report);
        if !texts.is_empty() {
            reader
                .draft
                .push(Role::System, vec![draft::system_prompt(texts.join("\n\n"))]);
        }
    }
    let input_path = input.as_ref().map(|a| a.path.clone());
    if let Some((items, path)) = input.and_then(|a| array_value(a, report)) {
        reader.messages(&items, &path, false, report);
    }
    if let Some((items, path)) = output.and_then(|a| array_value(a, report)) {
        reader.messages(&items, &path, true, report);
    }
    if let Some((items, path)) = tools.and_then(|a| array_value(a, report)) {
        for (k, tool) in items.iter().enumerate() {
            tool_definition(tool, index_path(&path, k), &mut reader.draft, report);
        }
    }
    let nothing_at = input_path.unwrap_or_else(|| shown(""));
    reader.draft.finish(report, &nothing_at)
}

/// An attribute's array: the value itself, or the array a JSON string spells (its
/// problems at their place inside the string); another type is an error.
fn array_value(attribute: Attribute<'_>, report: &mut Report) -> Option<(Vec<Value>, String)> {
    let path = attribute.path;
    let value = match attribute.value {
        Cow::Borrowed(Value::String(text)) => parsed(text, &path, report)?,
        Cow::Owned(Value::String(text)) => parsed(&text, &path, report)?,
        Cow::Borrowed(value) => value.clone(),
        Cow::Owned(value) => value,
    };
    match value {
        Value::Array(items) => Some((items, path)),
        other => {
            report.wrong_type(shown(&path), JsonType::ArrayOrArrayString, &other);
            None
        }
    }
}

/// The JSON value `text` spells; invalid JSON is an error at `path`, naming its line and
/// column inside the string.
fn parsed(text: &str, path: &str, report: &mut Report) -> Option<Value> {
    match parse_json(text) {
        Ok(parsed) => {
            for warning in parsed.warnings {
                let inner = if warning.path == "$" {
                    String::new()
                } else {
                    warning.path
                };
                report.warn(format!("{path}{}", dotted(&inner)), warning.problem);
            }
            Some(parsed.value)
        }
        Err(issue) => {
            report.error(path, issue.problem);
            None
        }
    }
}

fn dotted(inner: &str) -> String {
    if inner.is_empty() || inner.starts_with('[') {
        inner.to_owned()
    } else {
        format!(".{inner}")
    }
}

/// The GenAI attribute `key` looks like but is not: the same words with other separators
/// or case (`gen_ai.system.instructions`, `gen_ai.input_messages`).
fn look_alike(key: &str) -> Option<&'static str> {
    let words = |key: &str| -> String {
        let letters = key.chars().filter(char::is_ascii_alphanumeric);
        letters.map(|c| c.to_ascii_lowercase()).collect()
    };
    let own = words(key);
    let known = ATTRIBUTES.iter().chain([&REQUEST_MODEL]);
    known
        .copied()
        .find(|meant| *meant != key && words(meant) == own)
}

/// A `gen_ai.tool.definitions` entry: a function tool is declared, flat as the conventions
/// write it or nested as Chat Completions does (`{"type":"function","function":{…}}`, what
/// some instrumentations record); another type is left out, warned.
fn tool_definition(tool: &Value, path: String, draft: &mut Draft, report: &mut Report) {
    let Some(kind) = block_kind(tool, &path, report) else {
        return;
    };
    if kind != "function" {
        report.left_out(path, LeftOut::NotFunction(kind.to_owned()));
        return;
    }
    let known = ["type", "name", "description", "parameters"];
    if let Some(nested) = tool.get("function").filter(|_| tool.get("name").is_none()) {
        let Some(outer) = Obj::new(tool, path, &["type", "function"], report) else {
            return;
        };
        if let Some(function) = Obj::new(nested, outer.at("function"), &known[1..], report) {
            declare(function, draft, report);
        }
        return;
    }
    if let Some(function) = Obj::new(tool, path, &known, report) {
        declare(function, draft, report);
    }
}

/// Reads messages into a draft, remembering the calls for the responses that answer them.
#[derive(Default)]
pub(crate) struct Reader {
    /// The envelope being built.
    pub draft: Draft,
    names: CallNames,
}

impl Reader {
    /// Reads `messages` at `base`; an `output` message without a role is the assistant's
    /// (DECISIONS §12: output messages follow the input as assistant messages).
    pub(crate) fn messages(
        &mut self,
        messages: &[Value],
        base: &str,
        output: bool,
        report: &mut Report,
    ) {
        for (k, message) in messages.iter().enumerate() {
            self.message(message, index_path(base, k), output, report);
        }
    }

    fn message(&mut self, value: &Value, path: String, output: bool, report: &mut Report) {
        // finish_reason says how a reply ended, not what was sent (some instrumentations
        // repeat it on the history of later inputs).
        let known = ["role", "parts", "finish_reason"];
        let Some(obj) = Obj::new(value, path, &known, report) else {
            return;
        };
        let written = obj.present("role");
        let role = match obj.str("role", report) {
            // DECISIONS §12: output messages follow the input as assistant messages, whatever
            // their role says (the model wrote them).
            _ if output => Role::Assistant,
            Some("system") => Role::System,
            Some("user") => Role::User,
            // Gemini's name for the assistant, as its instrumentations write it.
            Some("assistant" | "model") => Role::Assistant,
            Some("tool") => Role::Tool,
            Some(other) => {
                let found = other.to_owned();
                let problem = Problem::Import(ImportProblem::UnknownRole {
                    found,
                    expected: ROLES,
                });
                report.error(obj.at("role"), problem);
                return;
            }
            // Of another type: already said.
            None if written.is_some() => return,
            None => {
                report.error(
                    shown(&obj.path),
                    Problem::Structure(StructureProblem::MissingField { field: "role" }),
                );
                return;
            }
        };
        let Some(parts) = obj.required_array("parts", report) else {
            return;
        };
        let parts_path = obj.at("parts");
        if role == Role::System {
            let texts = system_texts(parts, &parts_path, report);
            match texts.is_empty() {
                true => report.left_out(shown(&obj.path), LeftOut::EmptyMessage),
                false => self
                    .draft
                    .push(Role::System, vec![draft::system_prompt(texts.join("\n\n"))]),
            }
            return;
        }
        let before = self.draft.len();
        let pushed = message_segments(
            parts,
            &parts_path,
            role,
            &mut self.names,
            &mut self.draft,
            report,
        );
        if !pushed && self.draft.len() == before {
            report.left_out(shown(&obj.path), LeftOut::EmptyMessage);
        }
    }
}
