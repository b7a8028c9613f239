//! The OpenAI Chat Completions printer (spec §5, DECISIONS §3):
//! `{ "model"?, "messages": [...], "tools"? }`.

use serde_json::{Map, Value};

use super::Export;
use super::json::{compact, object, schema_or_empty, typed};
use crate::lower::{Conversation, Part, PartContent, Turn};
use crate::model::Role;

/// Prints `conversation`; the lowering's warnings are all there is to say.
pub(super) fn print(conversation: &Conversation<'_>) -> Export {
    let mut messages = Vec::with_capacity(conversation.turns.len() + 1);
    if let Some(head) = &conversation.head {
        messages.push(object([
            ("role", Value::from("system")),
            ("content", Value::from(head.text.as_str())),
        ]));
    }
    for turn in &conversation.turns {
        if let Some(message) = own_message(turn) {
            messages.push(message);
        }
        for result in &turn.results {
            messages.push(object([
                ("role", Value::from("tool")),
                ("tool_call_id", Value::from(result.id.as_str())),
                ("content", Value::from(result.content.as_ref())),
            ]));
        }
    }
    let mut request = Map::new();
    if let Some(model) = conversation.model {
        request.insert("model".to_owned(), Value::from(model));
    }
    request.insert("messages".to_owned(), Value::Array(messages));
    if !conversation.tools.is_empty() {
        let tools = conversation.tools.iter().map(|tool| {
            object([
                ("type", Value::from("function")),
                (
                    "function",
                    object([
                        ("name", Value::from(tool.name)),
                        ("description", Value::from(tool.description)),
                        ("parameters", schema_or_empty(tool.schema)),
                    ]),
                ),
            ])
        });
        request.insert("tools".to_owned(), Value::Array(tools.collect()));
    }
    Export {
        request: Value::Object(request),
        warnings: conversation.warnings.clone(),
    }
}

/// The message's own export, unless it would be empty (then it is dropped silently).
fn own_message(turn: &Turn<'_>) -> Option<Value> {
    match turn.role {
        Role::System | Role::Tool => None,
        Role::User => {
            if turn.parts.is_empty() {
                return None;
            }
            let has_image = turn
                .parts
                .iter()
                .any(|part| matches!(part.content, PartContent::Image { .. }));
            let content = if has_image {
                Value::Array(turn.parts.iter().map(content_part).collect())
            } else {
                Value::from(join_texts(&turn.parts))
            };
            Some(object([
                ("role", Value::from("user")),
                ("content", content),
            ]))
        }
        Role::Assistant => {
            if turn.parts.is_empty() && turn.tool_uses.is_empty() {
                return None;
            }
            let content = if turn.parts.is_empty() {
                Value::Null
            } else {
                Value::from(join_texts(&turn.parts))
            };
            let mut message = Map::new();
            message.insert("role".to_owned(), Value::from("assistant"));
            message.insert("content".to_owned(), content);
            if !turn.tool_uses.is_empty() {
                let calls = turn.tool_uses.iter().map(|call| {
                    object([
                        ("id", Value::from(call.id.as_str())),
                        ("type", Value::from("function")),
                        (
                            "function",
                            object([
                                ("name", Value::from(call.name)),
                                ("arguments", Value::from(compact(call.arguments))),
                            ]),
                        ),
                    ])
                });
                message.insert("tool_calls".to_owned(), Value::Array(calls.collect()));
            }
            Some(Value::Object(message))
        }
    }
}

fn content_part(part: &Part<'_>) -> Value {
    match &part.content {
        PartContent::Image { url, .. } => typed(
            "image_url",
            "image_url",
            object([("url", Value::from(*url))]),
        ),
        content => typed("text", "text", Value::from(content.as_text())),
    }
}

fn join_texts(parts: &[Part<'_>]) -> String {
    let mut joined = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            joined.push_str("\n\n");
        }
        joined.push_str(part.content.as_text());
    }
    joined
}
