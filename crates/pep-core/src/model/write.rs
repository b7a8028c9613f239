//! Writing a typed envelope back to JSON: the same keys, in the same order, with the same
//! numbers as the input it was decoded from (unknown fields included).
//!
//! Each segment kind writes itself, in its own file under `kinds/`, with the helpers here.
//! Here, with the data, so that the data's layer is whole: reading ([`read`](super::read)) and
//! writing need nothing above it.

use serde_json::{Map, Number, Value};

use super::{Entry, Envelope, Extra, Message, Segment, SegmentKind};

impl Envelope {
    /// The envelope as JSON, preserving unknown fields and the input's key order.
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("$schema", self.schema.clone().map(Value::String)),
                ("version", self.version.clone().map(Value::String)),
                ("model", self.model.clone().map(Value::String)),
                (
                    "messages",
                    Some(Value::Array(
                        self.messages
                            .iter()
                            .map(|m| entry(m, Message::to_value))
                            .collect(),
                    )),
                ),
            ],
            &self.extra,
        )
    }
}

impl Message {
    /// The message as JSON, preserving unknown fields and the input's key order.
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("id", Some(Value::String(self.id.clone()))),
                ("role", Some(Value::String(self.role.as_str().to_owned()))),
                (
                    "segments",
                    Some(Value::Array(
                        self.segments
                            .iter()
                            .map(|s| entry(s, Segment::to_value))
                            .collect(),
                    )),
                ),
                ("timestamp", Some(Value::Number(self.timestamp.into()))),
            ],
            &self.extra,
        )
    }
}

fn entry<T>(entry: &Entry<T>, write: fn(&T) -> Value) -> Value {
    match entry {
        Entry::Valid(value) => write(value),
        Entry::Invalid(invalid) => invalid.raw.clone(),
    }
}

/// The `kind` member every segment object starts with.
pub(crate) fn kind(kind: SegmentKind) -> (&'static str, Option<Value>) {
    ("kind", Some(Value::String(kind.as_str().to_owned())))
}

/// A required string field.
pub(crate) fn text(value: &str) -> Option<Value> {
    Some(Value::String(value.to_owned()))
}

/// An optional string field; `None` leaves the key out.
pub(crate) fn optional(value: &Option<String>) -> Option<Value> {
    value.clone().map(Value::String)
}

/// A boolean field (`collapsed`, `success`).
pub(crate) fn flag(value: bool) -> Option<Value> {
    Some(Value::Bool(value))
}

/// A non-negative integer field (`sizeBytes`, `charCount`).
pub(crate) fn count(value: u64) -> Option<Value> {
    Some(Value::Number(Number::from(value)))
}

/// An array of protocol objects (memory, skill or tool items).
pub(crate) fn array<T>(items: &[T], write: fn(&T) -> Value) -> Option<Value> {
    Some(Value::Array(items.iter().map(write).collect()))
}

/// Joins known fields (in spec order; `None` = absent) and unknown ones, in the input's key
/// order when one was recorded.
pub(crate) fn object(known: Vec<(&'static str, Option<Value>)>, extra: &Extra) -> Value {
    let mut known: Vec<(&str, Option<Value>)> = known;
    let mut map = Map::with_capacity(known.len() + extra.fields.len());
    if let Some(order) = &extra.key_order {
        for key in order {
            if let Some(value) = extra.fields.get(key) {
                map.insert(key.clone(), value.clone());
            } else if let Some(slot) = known.iter_mut().find(|(name, _)| name == key)
                && let Some(value) = slot.1.take()
            {
                map.insert(key.clone(), value);
            }
        }
    }
    for (name, value) in known {
        if let Some(value) = value
            && !map.contains_key(name)
        {
            map.insert(name.to_owned(), value);
        }
    }
    for (key, value) in &extra.fields {
        if !map.contains_key(key) {
            map.insert(key.clone(), value.clone());
        }
    }
    Value::Object(map)
}
