//! Every string of an envelope, with its JSON path and how to read it.
//!
//! Scanning reads the strings and redacting rewrites them, so the walk exists twice, over `&`
//! and over `&mut`: one macro writes both from one body, and the match over segment kinds in
//! it is exhaustive, so a new kind does not compile until it says which of its strings are
//! scanned.
//!
//! Message ids and `callId`s are not visited: they are identifiers the envelope's structure
//! rests on (ids are unique, call ids pair requests with results), and two redacted the same
//! would break it.

use super::named::is_secret_name;

/// How a string is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Free text: secrets of known shape, and `key: value` pairs, anywhere in it.
    Text,
    /// The value of a secret-like name: a secret as a whole, unless it is a placeholder.
    Named,
}

impl Reading {
    /// How the value of a key, field or variable called `name` is read.
    pub(crate) fn of_name(name: &str) -> Reading {
        if is_secret_name(name) {
            Reading::Named
        } else {
            Reading::Text
        }
    }
}

/// Writes the walk over `&` (no argument) or `&mut` (`mut`).
macro_rules! walker {
    ($($mut:ident)?) => {
        use serde_json::{Map, Value};

        use crate::model::{
            Entry, Envelope, Extra, MemoryItem, Message, Segment, SkillItem, ToolItem,
        };
        use crate::path::JsonPath;
        use super::Reading;

        /// The callback: a string's path, how to read it, and the string.
        type Strings<'v> = dyn FnMut(&JsonPath<'_>, Reading, & $($mut)? String) + 'v;

        /// Calls `visit` on every string of `envelope`, in document order.
        pub(crate) fn envelope(envelope: & $($mut)? Envelope, visit: &mut Strings<'_>) {
            let root = JsonPath::Root;
            optional(&root, "$schema", & $($mut)? envelope.schema, visit);
            optional(&root, "version", & $($mut)? envelope.version, visit);
            optional(&root, "model", & $($mut)? envelope.model, visit);
            let messages = root.key("messages");
            for (m, entry) in (& $($mut)? envelope.messages).into_iter().enumerate() {
                let at = messages.index(m);
                match entry {
                    Entry::Valid(message) => self::message(message, &at, visit),
                    Entry::Invalid(invalid) => {
                        json(& $($mut)? invalid.raw, &at, Reading::Text, visit);
                    }
                }
            }
            extra(& $($mut)? envelope.extra, &root, visit);
        }

        fn message(message: & $($mut)? Message, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            let segments = at.key("segments");
            for (s, entry) in (& $($mut)? message.segments).into_iter().enumerate() {
                let at = segments.index(s);
                match entry {
                    Entry::Valid(segment) => self::segment(segment, &at, visit),
                    Entry::Invalid(invalid) => {
                        json(& $($mut)? invalid.raw, &at, Reading::Text, visit);
                    }
                }
            }
            extra(& $($mut)? message.extra, at, visit);
        }

        /// Every kind's strings, each under its wire name.
        fn segment(segment: & $($mut)? Segment, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            match segment {
                Segment::Text(s) => {
                    text(at, "content", & $($mut)? s.content, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::StaticVar(s) => {
                    let reading = Reading::of_name(&s.name);
                    text(at, "name", & $($mut)? s.name, visit);
                    visit(&at.key("value"), reading, & $($mut)? s.value);
                    optional(at, "description", & $($mut)? s.description, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::SystemPrompt(s) => {
                    text(at, "content", & $($mut)? s.content, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::Memory(s) => {
                    optional(at, "description", & $($mut)? s.description, visit);
                    items(at, & $($mut)? s.items, memory_item, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::Skills(s) => {
                    optional(at, "description", & $($mut)? s.description, visit);
                    items(at, & $($mut)? s.items, skill_item, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::ToolOverview(s) => {
                    items(at, & $($mut)? s.items, tool_item, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::ToolCallRequest(s) => {
                    text(at, "toolName", & $($mut)? s.tool_name, visit);
                    object(& $($mut)? s.arguments, &at.key("arguments"), visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::ToolCallResult(s) => {
                    text(at, "toolName", & $($mut)? s.tool_name, visit);
                    text(at, "result", & $($mut)? s.result, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::Document(s) => {
                    text(at, "fileName", & $($mut)? s.file_name, visit);
                    text(at, "mimeType", & $($mut)? s.mime_type, visit);
                    text(at, "snippet", & $($mut)? s.snippet, visit);
                    optional(at, "parsedContent", & $($mut)? s.parsed_content, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::LongText(s) => {
                    text(at, "content", & $($mut)? s.content, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
                Segment::Media(s) => {
                    text(at, "url", & $($mut)? s.url, visit);
                    optional(at, "altText", & $($mut)? s.alt_text, visit);
                    extra(& $($mut)? s.extra, at, visit);
                }
            }
        }

        fn items<T>(
            at: &JsonPath<'_>,
            items: & $($mut)? Vec<T>,
            each: fn(& $($mut)? T, &JsonPath<'_>, &mut Strings<'_>),
            visit: &mut Strings<'_>,
        ) {
            let key = at.key("items");
            for (i, item) in items.into_iter().enumerate() {
                each(item, &key.index(i), visit);
            }
        }

        fn memory_item(item: & $($mut)? MemoryItem, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            text(at, "title", & $($mut)? item.title, visit);
            text(at, "content", & $($mut)? item.content, visit);
            extra(& $($mut)? item.extra, at, visit);
        }

        fn skill_item(item: & $($mut)? SkillItem, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            text(at, "name", & $($mut)? item.name, visit);
            text(at, "description", & $($mut)? item.description, visit);
            optional(at, "body", & $($mut)? item.body, visit);
            extra(& $($mut)? item.extra, at, visit);
        }

        fn tool_item(item: & $($mut)? ToolItem, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            text(at, "name", & $($mut)? item.name, visit);
            text(at, "description", & $($mut)? item.description, visit);
            text(at, "parameters", & $($mut)? item.parameters, visit);
            if let Some(schema) = & $($mut)? item.schema {
                object(schema, &at.key("schema"), visit);
            }
            extra(& $($mut)? item.extra, at, visit);
        }

        fn text(at: &JsonPath<'_>, key: &str, string: & $($mut)? String, visit: &mut Strings<'_>) {
            visit(&at.key(key), Reading::Text, string);
        }

        fn optional(
            at: &JsonPath<'_>,
            key: &str,
            string: & $($mut)? Option<String>,
            visit: &mut Strings<'_>,
        ) {
            if let Some(string) = string {
                text(at, key, string, visit);
            }
        }

        fn extra(extra: & $($mut)? Extra, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            object(& $($mut)? extra.fields, at, visit);
        }

        /// A JSON object's values; a secret-like key makes its string values named secrets.
        fn object(map: & $($mut)? Map<String, Value>, at: &JsonPath<'_>, visit: &mut Strings<'_>) {
            for (key, value) in map {
                json(value, &at.key(key), Reading::of_name(key), visit);
            }
        }

        /// A JSON value's strings; an array's elements are read as the array is.
        fn json(
            value: & $($mut)? Value,
            at: &JsonPath<'_>,
            reading: Reading,
            visit: &mut Strings<'_>,
        ) {
            match value {
                Value::String(string) => visit(at, reading, string),
                Value::Array(items) => {
                    for (i, item) in items.into_iter().enumerate() {
                        json(item, &at.index(i), reading, visit);
                    }
                }
                Value::Object(map) => object(map, at, visit),
                Value::Null | Value::Bool(_) | Value::Number(_) => {}
            }
        }
    };
}

/// The walk that reads.
pub(crate) mod shared {
    // `&String` is what the envelope holds; the walk over `&mut` needs the `String`.
    #![allow(clippy::ptr_arg)]
    walker!();
}

/// The walk that rewrites.
pub(crate) mod unique {
    walker!(mut);
}
