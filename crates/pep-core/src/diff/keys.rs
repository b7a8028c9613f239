//! What the alignment compares (DECISIONS §13): a message by its role and lowered text, a
//! segment by its kind and canonical JSON without `collapsed`. A call's or result's `callId`
//! counts in both: it is the exported tool-call id.
//!
//! Each key is kept as text with its 64-bit hash: the alignment compares hashes first and
//! the texts only when the hashes agree, so a collision can never make two different
//! messages or segments equal.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde_json::{Map, Value};

use crate::lower::{Conversation, PartContent};
use crate::model::{Entry, Envelope, Message, Role, Segment, SegmentKind};

/// A compared text and its hash, ordered by hash then text (the order that orients each
/// alignment, [`super::align::align_oriented`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Key {
    hash: u64,
    text: String,
}

impl Key {
    fn new(text: String) -> Key {
        let mut hasher = DefaultHasher::new();
        text.hash(&mut hasher);
        Key {
            hash: hasher.finish(),
            text,
        }
    }

    /// Whether the two keys are equal: their hashes, then their texts.
    pub(crate) fn same(&self, other: &Key) -> bool {
        self.hash == other.hash && self.text == other.text
    }
}

/// One message as the alignment sees it.
#[derive(Debug, Clone)]
pub(crate) struct MessageKey {
    /// `None` for a message that did not decode.
    pub(crate) role: Option<Role>,
    /// Role and lowered text (or the raw JSON of an invalid message).
    pub(crate) key: Key,
    /// Its segments' keys, in order (none for an invalid message).
    pub(crate) segments: Vec<SegmentKey>,
}

/// One segment as the alignment sees it.
#[derive(Debug, Clone)]
pub(crate) struct SegmentKey {
    /// `None` for a segment that did not decode.
    pub(crate) kind: Option<SegmentKind>,
    /// Its canonical JSON without `collapsed`.
    pub(crate) key: Key,
}

/// The keys of every message of `envelope`, whose lowering is `conversation`.
pub(crate) fn message_keys(
    envelope: &Envelope,
    conversation: &Conversation<'_>,
) -> Vec<MessageKey> {
    let mut lowered = lowered_texts(envelope.messages.len(), conversation);
    envelope
        .messages
        .iter()
        .enumerate()
        .map(|(m, entry)| match entry {
            Entry::Valid(message) => {
                let mut text = std::mem::take(&mut lowered[m]);
                text.insert_str(0, message.role.as_str());
                push_call_ids(&mut text, message);
                MessageKey {
                    role: Some(message.role),
                    key: Key::new(text),
                    segments: segment_keys(message),
                }
            }
            Entry::Invalid(invalid) => MessageKey {
                role: None,
                key: Key::new(format!("\u{0}{}", canonical(&invalid.raw))),
                segments: Vec::new(),
            },
        })
        .collect()
}

/// Appends the `callId` each call and result of `message` is written with (DECISIONS §13:
/// `callId` is content; the generated `call_N` of one without it is not, so a message
/// inserted before does not change every later call).
fn push_call_ids(text: &mut String, message: &Message) {
    use std::fmt::Write;
    for entry in &message.segments {
        let id = match entry {
            Entry::Valid(segment) => call_id(segment),
            Entry::Invalid(_) => None,
        };
        // Every segment writes a piece, so the ids stay in their places.
        let id = id.unwrap_or_default();
        let _ = write!(text, "k{}:{id}", id.len());
    }
}

/// The `callId` a segment is written with, for the kinds that have one.
fn call_id(segment: &Segment) -> Option<&str> {
    match segment {
        Segment::ToolCallRequest(s) => s.call_id.as_deref(),
        Segment::ToolCallResult(s) => s.call_id.as_deref(),
        Segment::Text(_)
        | Segment::LongText(_)
        | Segment::SystemPrompt(_)
        | Segment::StaticVar(_)
        | Segment::Document(_)
        | Segment::Memory(_)
        | Segment::Skills(_)
        | Segment::ToolOverview(_)
        | Segment::Media(_) => None,
    }
}

fn segment_keys(message: &Message) -> Vec<SegmentKey> {
    message
        .segments
        .iter()
        .map(|entry| match entry {
            Entry::Valid(segment) => SegmentKey {
                kind: Some(segment.kind()),
                key: Key::new(canonical(&segment.to_value())),
            },
            Entry::Invalid(invalid) => SegmentKey {
                kind: None,
                key: Key::new(format!("\u{0}{}", canonical(&invalid.raw))),
            },
        })
        .collect()
}

/// Each message's lowered text (DECISIONS §3: its content and tool calls as exported; the
/// written call ids are added by [`push_call_ids`], the generated ones never count), every
/// piece written with its length so that no two different lists of pieces give the same text.
fn lowered_texts(messages: usize, conversation: &Conversation<'_>) -> Vec<String> {
    let mut texts = vec![String::new(); messages];
    let mut push = |m: usize, tag: char, piece: &str| {
        if let Some(text) = texts.get_mut(m) {
            use std::fmt::Write;
            let _ = write!(text, "{tag}{}:{piece}", piece.len());
        }
    };
    if let Some(head) = &conversation.head {
        for (at, range) in &head.sources {
            push(
                at.message,
                'h',
                head.text.get(range.clone()).unwrap_or_default(),
            );
        }
    }
    for turn in &conversation.turns {
        for part in &turn.parts {
            let tag = match part.content {
                PartContent::Image { .. } => 'i',
                PartContent::Text(_) | PartContent::Audio { .. } | PartContent::Video { .. } => 't',
            };
            push(turn.message, tag, part.content.as_text());
        }
        for call in &turn.tool_uses {
            push(turn.message, 'c', call.name);
            push(turn.message, 'a', &crate::export::compact(call.arguments));
        }
        for result in &turn.results {
            push(turn.message, 'r', result.name);
            push(
                turn.message,
                's',
                if result.success { "ok" } else { "error" },
            );
            push(turn.message, 'v', &result.content);
        }
    }
    texts
}

/// Members that carry no difference (DECISIONS §13: `collapsed` never makes one). `callId`
/// is not among them: it becomes the exported tool-call id, so it is content.
const IGNORED: [&str; 1] = ["collapsed"];

/// Members whose value reaches the export exactly as written, key order included (tool
/// arguments, tool schemas): their objects keep their order; every other object is written
/// with its keys sorted, so that the order fields were written in makes no difference.
const VERBATIM: [&str; 2] = ["arguments", "schema"];

/// The canonical JSON of a segment: compact, numbers as written, keys sorted except inside
/// [`VERBATIM`] members, and without the [`IGNORED`] members at its top level.
pub(crate) fn canonical(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(map) => write_sorted(&mut out, map, &IGNORED),
        other => write_value(&mut out, other, true),
    }
    out
}

/// `map` with its keys sorted, leaving out the members named in `ignored`.
fn write_sorted(out: &mut String, map: &Map<String, Value>, ignored: &[&str]) {
    let mut members: Vec<(&String, &Value)> = map
        .iter()
        .filter(|(key, _)| !ignored.contains(&key.as_str()))
        .collect();
    members.sort_by(|a, b| a.0.cmp(b.0));
    out.push('{');
    for (i, (key, value)) in members.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_value(out, &Value::String(key.clone()), false);
        out.push(':');
        write_value(out, value, !VERBATIM.contains(&key.as_str()));
    }
    out.push('}');
}

fn write_value(out: &mut String, value: &Value, sort: bool) {
    match value {
        Value::Object(map) if sort => write_sorted(out, map, &[]),
        Value::Array(items) if sort => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item, true);
            }
            out.push(']');
        }
        // Numbers keep their spelling (arbitrary_precision), objects their order.
        other => out.push_str(&other.to_string()),
    }
}

/// The text of a segment that a word-level diff is shown for: the kinds whose main content
/// is one text.
pub(crate) fn word_text(segment: &Segment) -> Option<&str> {
    match segment {
        Segment::Text(s) => Some(&s.content),
        Segment::LongText(s) => Some(&s.content),
        Segment::SystemPrompt(s) => Some(&s.content),
        Segment::StaticVar(s) => Some(&s.value),
        Segment::ToolCallResult(s) => Some(&s.result),
        Segment::Document(s) => Some(&s.snippet),
        Segment::Memory(_)
        | Segment::Skills(_)
        | Segment::ToolOverview(_)
        | Segment::ToolCallRequest(_)
        | Segment::Media(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(text: &str) -> String {
        let Ok(value) = serde_json::from_str::<Value>(text) else {
            panic!("{text}")
        };
        canonical(&value)
    }

    #[test]
    fn canonical_json_ignores_order_and_collapsed_but_keeps_call_ids() {
        assert_eq!(
            canon(r#"{"kind":"text","content":"a","collapsed":true}"#),
            canon(r#"{"content":"a","kind":"text"}"#)
        );
        assert_eq!(
            canon(
                r#"{"kind":"tool_call_request","callId":"x","toolName":"t","arguments":{"b":1,"a":2.50}}"#
            ),
            r#"{"arguments":{"b":1,"a":2.50},"callId":"x","kind":"tool_call_request","toolName":"t"}"#
        );
        assert_ne!(
            canon(r#"{"kind":"tool_call_request","arguments":{"b":1,"a":2}}"#),
            canon(r#"{"kind":"tool_call_request","arguments":{"a":2,"b":1}}"#)
        );
        assert_eq!(
            canon(r#"{"items":[{"title":"t","content":"c"}]}"#),
            r#"{"items":[{"content":"c","title":"t"}]}"#
        );
    }

    #[test]
    fn keys_compare_hash_then_text() {
        let (a, b) = (Key::new("x".into()), Key::new("x".into()));
        assert!(a.same(&b));
        let forged = Key {
            hash: a.hash,
            text: "y".into(),
        };
        assert!(!a.same(&forged));
    }
}
