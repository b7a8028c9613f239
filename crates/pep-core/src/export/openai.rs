//! The OpenAI Chat Completions printer (spec §5, DECISIONS §3):
//! `{ "model"?, "messages": [...], "tools"? }`.

use serde_json::{Map, Value};

use super::json::{compact, object, schema_or_empty, typed};
use super::{Export, Link, Links, head_paths, result_paths};
use crate::lower::{Conversation, Part, PartContent, Turn};
use crate::model::Role;

/// Prints `conversation`; the lowering's warnings are all there is to say.
pub(super) fn print(conversation: &Conversation<'_>, links: bool) -> Export {
    let mut messages = Vec::with_capacity(conversation.turns.len() + 1);
    let mut links = Links::new(links);
    if let Some(head) = &conversation.head {
        links.add(|| Link::new("messages[0]".to_owned(), head_paths(head)));
        messages.push(object([
            ("role", Value::from("system")),
            ("content", Value::from(head.text.as_str())),
        ]));
    }
    for turn in &conversation.turns {
        if let Some(message) = own_message(turn) {
            own_links(turn, messages.len(), &message, &mut links);
            messages.push(message);
        }
        for result in &turn.results {
            let at = messages.len();
            links.add(|| Link::new(format!("messages[{at}]"), result_paths(result)));
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
        let tools = conversation.tools.iter().enumerate().map(|(k, tool)| {
            links.add(|| Link::new(format!("tools[{k}]"), vec![tool.path.clone()]));
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
        links: links.into_vec(),
    }
}

/// Links of a message's own export at `index`: the message, each content part when the
/// content is an array (else the content string), each tool call.
fn own_links(turn: &Turn<'_>, index: usize, message: &Value, links: &mut Links) {
    if !links.wanted() {
        return;
    }
    let at = format!("messages[{index}]");
    let parts: Vec<String> = turn.parts.iter().map(|p| p.path.clone()).collect();
    let calls = turn.tool_uses.iter().map(|c| c.path.clone());
    links.add(|| Link::new(at.clone(), parts.iter().cloned().chain(calls).collect()));
    if message.get("content").is_some_and(Value::is_array) {
        for (k, path) in parts.into_iter().enumerate() {
            links.add(|| Link::new(format!("{at}.content[{k}]"), vec![path]));
        }
    } else if !parts.is_empty() {
        links.add(|| Link::new(format!("{at}.content"), parts));
    }
    for (j, call) in turn.tool_uses.iter().enumerate() {
        links.add(|| Link::new(format!("{at}.tool_calls[{j}]"), vec![call.path.clone()]));
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
