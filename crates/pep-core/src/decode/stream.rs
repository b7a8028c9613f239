//! Decoding straight from the text, one message at a time, for callers that do not need the
//! parsed JSON tree ([`crate::load`]: the CLI).
//!
//! A `serde_json::Value` tree costs about 16 times its text; the typed envelope about 4. So
//! the root object is read member by member and each element of `messages` is parsed into a
//! `Value`, decoded at once and dropped: at any moment only one message's tree is alive. The
//! result is exactly [`super::parse_json`] + [`super::decode_envelope`] (the same parser reads
//! the same text, so errors and their positions are the same too); tests check that.

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::source::{SourceFacts, Span, scan};
use super::{
    Mode, Payload, Streamed, decode_message, decode_root, json_error, restore, unknown_fields,
};
use crate::issue::Issue;
use crate::model::read::fill_extra;
use crate::model::{Entry, Envelope, Message};
use crate::path::JsonPath;

/// What [`load_streaming`] found: the envelope (if any) and its decoding issues, or the JSON
/// error.
pub(crate) type Decoded = Result<(Option<Envelope>, Vec<Issue>), Issue>;

/// Decodes `text` message by message. `None` when the text does not start with an object (or
/// uses serde_json's private number token): the caller then takes the tree path, which
/// reports those cases with less code and no memory concern.
///
/// With `keep_raw` false, invalid messages and segments get `null` as their raw JSON: the
/// CLI's `validate` and `export` never show it, and a file of invalid messages would otherwise
/// keep a JSON tree of each (about 25 times its text).
pub(crate) fn load_streaming(text: &str, mode: Mode, keep_raw: bool) -> Option<Decoded> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text
        .bytes()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    if first != Some(b'{') || text.contains("$serde_json::private::") {
        return None;
    }
    let facts = scan(text);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let root = Root {
        text,
        facts: &facts,
        mode,
        keep_raw,
    };
    let read = deserializer
        .deserialize_map(root)
        .and_then(|out| deserializer.end().map(|()| out));
    let out = match read {
        Ok(out) => out,
        Err(error) => return Some(Err(json_error(text, &error))),
    };
    let mut issues = facts.duplicate_keys;
    let envelope = decode_root(&out.map, out.streamed, mode, &mut issues);
    Some(Ok((envelope, issues)))
}

fn restore_span(text: &str, span: Option<&Span>, value: &mut Value) {
    if let Some(span) = span.filter(|span| span.has_exponent)
        && let Some(slice) = text.get(span.start..span.end)
    {
        restore::restore_numbers(slice, value);
    }
}

/// Moves the parts [`Payload::Defer`] left empty from the message's tree into its entry.
/// Just the `id` and `timestamp` of an invalid message: validation still counts them for
/// duplicate ids and time order.
fn header_only(value: Value) -> Value {
    let Value::Object(mut map) = value else {
        return Value::Null;
    };
    let mut header = Map::with_capacity(2);
    for key in ["id", "timestamp"] {
        if let Some(field) = map.remove(key) {
            header.insert(key.to_owned(), field);
        }
    }
    Value::Object(header)
}

/// Moves the parts [`Payload::Defer`] left empty (tool arguments, schemas, unknown fields,
/// raw JSON of invalid nodes, this last only when `keep_raw`) from the message's tree into its
/// entry.
fn move_payloads(mut value: Value, entry: &mut Entry<Message>, keep_raw: bool) {
    let message = match entry {
        Entry::Invalid(invalid) => {
            invalid.raw = if keep_raw { value } else { header_only(value) };
            return;
        }
        Entry::Valid(message) => message,
    };
    fill_extra(&mut message.extra, &mut value);
    let Some(Value::Array(raw_segments)) = value.get_mut("segments") else {
        return;
    };
    // Decoding keeps one entry per element, so the two lists line up.
    for (segment, raw) in message.segments.iter_mut().zip(raw_segments) {
        match segment {
            Entry::Invalid(invalid) => {
                if keep_raw {
                    invalid.raw = std::mem::take(raw);
                }
            }
            Entry::Valid(segment) => segment.move_payloads(raw),
        }
    }
}

struct Root<'a> {
    text: &'a str,
    facts: &'a SourceFacts,
    mode: Mode,
    keep_raw: bool,
}

struct RootOut {
    /// The root object, with an empty array at `messages` when they were streamed.
    map: Map<String, Value>,
    streamed: Option<Streamed>,
}

impl<'de> Visitor<'de> for Root<'_> {
    type Value = RootOut;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<RootOut, A::Error> {
        let mut map = Map::new();
        let mut streamed = None;
        let lists = &self.facts.message_lists;
        // Both lists are in member order: one cursor keeps the look-up linear however many
        // times `messages` is repeated.
        let mut list = 0;
        let mut member = 0;
        while let Some(key) = access.next_key::<String>()? {
            let span = self.facts.members.get(member);
            if key == "messages" {
                while lists.get(list).is_some_and(|(at, _)| *at < member) {
                    list += 1;
                }
                let spans = lists
                    .get(list)
                    .filter(|(at, _)| *at == member)
                    .map(|(_, spans)| spans.as_slice());
                let seed = Messages {
                    text: self.text,
                    spans,
                    mode: self.mode,
                    keep_raw: self.keep_raw,
                };
                // A repeated key keeps the last value, as serde_json's own maps do.
                match access.next_value_seed(seed)? {
                    MessagesOut::Streamed(messages) => {
                        streamed = Some(messages);
                        map.insert(key, Value::Array(Vec::new()));
                    }
                    MessagesOut::Other(mut value) => {
                        restore_span(self.text, span, &mut value);
                        streamed = None;
                        map.insert(key, value);
                    }
                }
            } else {
                let mut value: Value = access.next_value()?;
                restore_span(self.text, span, &mut value);
                map.insert(key, value);
            }
            member += 1;
        }
        Ok(RootOut { map, streamed })
    }
}

struct Messages<'a> {
    text: &'a str,
    spans: Option<&'a [Span]>,
    mode: Mode,
    keep_raw: bool,
}

enum MessagesOut {
    Streamed(Streamed),
    /// `messages` is not an array: kept as the tree path would see it.
    Other(Value),
}

impl<'de> DeserializeSeed<'de> for Messages<'_> {
    type Value = MessagesOut;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<MessagesOut, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Messages<'_> {
    type Value = MessagesOut;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MessagesOut, A::Error> {
        let mut out = Streamed {
            messages: Vec::new(),
            issues: Vec::new(),
        };
        let root = JsonPath::Root;
        let messages_path = root.key("messages");
        let mut unknown = unknown_fields();
        while let Some(mut value) = seq.next_element::<Value>()? {
            let index = out.messages.len();
            let span = self.spans.and_then(|spans| spans.get(index));
            restore_span(self.text, span, &mut value);
            let path = messages_path.index(index);
            let issues = &mut out.issues;
            let mut entry = decode_message(
                &value,
                &path,
                self.mode,
                Payload::Defer,
                issues,
                &mut unknown,
            );
            move_payloads(value, &mut entry, self.keep_raw);
            out.messages.push(entry);
        }
        out.issues.extend(unknown.summary("messages"));
        Ok(MessagesOut::Streamed(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<MessagesOut, A::Error> {
        // An object, or (with arbitrary_precision) serde_json's wrapper around a number.
        Value::deserialize(MapAccessDeserializer::new(map)).map(MessagesOut::Other)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::String(text.to_owned())))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::String(text)))
    }

    fn visit_bool<E: de::Error>(self, flag: bool) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::Bool(flag)))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::from(number)))
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::from(number)))
    }

    fn visit_f64<E: de::Error>(self, number: f64) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::from(number)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<MessagesOut, E> {
        Ok(MessagesOut::Other(Value::Null))
    }
}
