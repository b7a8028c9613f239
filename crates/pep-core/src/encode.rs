//! Writing a typed envelope back to JSON: the same keys, in the same order, with the same
//! numbers as the input it was decoded from (unknown fields included).

use serde_json::{Map, Number, Value};

use crate::model::{Entry, Envelope, Extra, MemoryItem, Message, Segment, SkillItem, ToolItem};

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

impl Segment {
    /// The segment as JSON, preserving unknown fields and the input's key order.
    pub fn to_value(&self) -> Value {
        let kind = Some(Value::String(self.kind().as_str().to_owned()));
        match self {
            Segment::Text(s) => object(
                vec![("kind", kind), ("content", text(&s.content))],
                &s.extra,
            ),
            Segment::StaticVar(s) => object(
                vec![
                    ("kind", kind),
                    ("name", text(&s.name)),
                    ("value", text(&s.value)),
                    ("description", optional(&s.description)),
                ],
                &s.extra,
            ),
            Segment::SystemPrompt(s) => object(
                vec![
                    ("kind", kind),
                    ("content", text(&s.content)),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                ],
                &s.extra,
            ),
            Segment::Memory(s) => object(
                vec![
                    ("kind", kind),
                    ("description", optional(&s.description)),
                    ("items", array(&s.items, MemoryItem::to_value)),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                ],
                &s.extra,
            ),
            Segment::Skills(s) => object(
                vec![
                    ("kind", kind),
                    ("description", optional(&s.description)),
                    ("items", array(&s.items, SkillItem::to_value)),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                ],
                &s.extra,
            ),
            Segment::ToolOverview(s) => object(
                vec![
                    ("kind", kind),
                    ("items", array(&s.items, ToolItem::to_value)),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                ],
                &s.extra,
            ),
            Segment::ToolCallRequest(s) => object(
                vec![
                    ("kind", kind),
                    ("toolName", text(&s.tool_name)),
                    ("arguments", Some(Value::Object(s.arguments.clone()))),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                    ("callId", optional(&s.call_id)),
                ],
                &s.extra,
            ),
            Segment::ToolCallResult(s) => object(
                vec![
                    ("kind", kind),
                    ("toolName", text(&s.tool_name)),
                    ("result", text(&s.result)),
                    ("success", Some(Value::Bool(s.success))),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                    ("callId", optional(&s.call_id)),
                ],
                &s.extra,
            ),
            Segment::Document(s) => object(
                vec![
                    ("kind", kind),
                    ("fileName", text(&s.file_name)),
                    ("mimeType", text(&s.mime_type)),
                    ("snippet", text(&s.snippet)),
                    ("sizeBytes", Some(Value::Number(Number::from(s.size_bytes)))),
                    ("parsedContent", optional(&s.parsed_content)),
                ],
                &s.extra,
            ),
            Segment::LongText(s) => object(
                vec![
                    ("kind", kind),
                    ("content", text(&s.content)),
                    ("charCount", Some(Value::Number(Number::from(s.char_count)))),
                    ("collapsed", Some(Value::Bool(s.collapsed))),
                ],
                &s.extra,
            ),
            Segment::Media(s) => object(
                vec![
                    ("kind", kind),
                    (
                        "mediaType",
                        Some(Value::String(s.media_type.as_str().to_owned())),
                    ),
                    ("url", text(&s.url)),
                    ("altText", optional(&s.alt_text)),
                ],
                &s.extra,
            ),
        }
    }
}

impl MemoryItem {
    /// The item as JSON.
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("title", text(&self.title)),
                ("content", text(&self.content)),
            ],
            &self.extra,
        )
    }
}

impl SkillItem {
    /// The item as JSON (a stray `body` is written back too: nothing a user wrote is lost).
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("name", text(&self.name)),
                ("description", text(&self.description)),
                ("body", optional(&self.body)),
            ],
            &self.extra,
        )
    }
}

impl ToolItem {
    /// The item as JSON.
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("name", text(&self.name)),
                ("description", text(&self.description)),
                ("parameters", text(&self.parameters)),
                ("schema", self.schema.clone().map(Value::Object)),
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

fn text(value: &str) -> Option<Value> {
    Some(Value::String(value.to_owned()))
}

fn optional(value: &Option<String>) -> Option<Value> {
    value.clone().map(Value::String)
}

fn array<T>(items: &[T], write: fn(&T) -> Value) -> Option<Value> {
    Some(Value::Array(items.iter().map(write).collect()))
}

/// Joins known fields (in spec order; `None` = absent) and unknown ones, in the input's key
/// order when one was recorded.
fn object(known: Vec<(&'static str, Option<Value>)>, extra: &Extra) -> Value {
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
