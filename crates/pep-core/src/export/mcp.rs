//! The MCP `prompts/get` result printer (DECISIONS §6, MCP revision 2025-06-18):
//! `{ "messages": [ {"role", "content": {one block}}, … ] }`.

use serde_json::Value;

use super::json::{compact, object, typed};
use super::{Export, Link, Links, head_paths, result_paths};
use crate::issue::{Issue, Problem};
use crate::lower::{Conversation, Part, PartContent};
use crate::model::Role;
use crate::url::{DataUrl, has_scheme};

/// Prints `conversation`: one message per block, no merging (MCP allows consecutive messages
/// of one role).
pub(super) fn print(conversation: &Conversation<'_>, links: bool) -> Export {
    // A prompt has no model: its absence is no loss here.
    let mut warnings: Vec<Issue> = conversation
        .warnings
        .iter()
        .filter(|w| w.problem != Problem::ModelMissing)
        .cloned()
        .collect();
    let mut messages = Vec::new();
    let mut links = Links::new(links);
    let mut link = |messages: &Vec<Value>, segments: Vec<String>| {
        let at = messages.len();
        links.add(|| Link::new(format!("messages[{at}]"), segments));
    };
    if let Some(head) = &conversation.head {
        link(&messages, head_paths(head));
        messages.push(message("user", text(&head.text)));
        warnings.push(Issue::new("messages", Problem::HeadAsUserMessage));
    }
    let mut first_call: Option<&str> = None;
    for turn in &conversation.turns {
        let role = if turn.role == Role::Assistant {
            "assistant"
        } else {
            "user"
        };
        for part in &turn.parts {
            link(&messages, vec![part.path.clone()]);
            messages.push(message(role, part_block(part, &mut warnings)));
        }
        for call in &turn.tool_uses {
            first_call.get_or_insert(&call.path);
            link(&messages, vec![call.path.clone()]);
            let line = format!(
                "[Tool call {}] {} {}",
                call.id,
                call.name,
                compact(call.arguments)
            );
            messages.push(message(role, text(&line)));
        }
        for result in &turn.results {
            first_call.get_or_insert(&result.path);
            let outcome = if result.success { "ok" } else { "error" };
            let line = format!(
                "[Tool result {}] {}: {outcome}\n{}",
                result.id, result.name, result.content
            );
            link(&messages, result_paths(result));
            // A result is a user turn's block in every provider, whoever held it (§5).
            messages.push(message("user", text(&line)));
        }
    }
    if let Some(path) = first_call {
        warnings.push(Issue::new(path, Problem::ToolCallsAsText));
    }
    if let Some(first) = conversation.tools.first() {
        let count = conversation.tool_items;
        warnings.push(Issue::new(
            first.path.clone(),
            Problem::ToolsNotInPrompt { count },
        ));
    }
    Export {
        request: object([("messages", Value::Array(messages))]),
        warnings,
        links: links.into_vec(),
    }
}

fn message(role: &str, content: Value) -> Value {
    object([("role", Value::from(role)), ("content", content)])
}

fn text(text: &str) -> Value {
    typed("text", "text", Value::from(text))
}

fn part_block(part: &Part<'_>, warnings: &mut Vec<Issue>) -> Value {
    match &part.content {
        PartContent::Text(content) => text(content),
        PartContent::Image { url, alt } => {
            if let Some(data) = DataUrl::parse(url).filter(|d| d.base64 && d.is("image")) {
                return binary("image", data);
            }
            if has_scheme(url) {
                return object([
                    ("type", Value::from("resource_link")),
                    ("uri", Value::from(*url)),
                    ("name", Value::from(alt.unwrap_or(url))),
                ]);
            }
            warnings.push(Issue::new(part.path.clone(), Problem::RelativeImageAsText));
            text(&crate::lower::media_text("Image", *alt, url))
        }
        PartContent::Audio { url, text: line } => {
            match DataUrl::parse(url).filter(|d| d.base64 && d.is("audio")) {
                Some(data) => binary("audio", data),
                None => text(line),
            }
        }
    }
}

fn binary(kind: &str, data: DataUrl<'_>) -> Value {
    object([
        ("type", Value::from(kind)),
        ("data", Value::from(data.data)),
        ("mimeType", Value::from(data.mime)),
    ])
}
