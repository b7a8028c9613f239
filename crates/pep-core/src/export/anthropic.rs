//! The Anthropic Messages printer (DECISIONS §5):
//! `{ "model"?, "max_tokens", "system"?, "messages": [...], "tools"? }`.

use serde_json::{Map, Value};

use super::json::{object, schema_or_empty, typed};
use super::{Export, Link, Links, Options, head_paths, result_paths};
use crate::checks::anthropic_turns;
use crate::issue::{Issue, Problem};
use crate::lower::{Conversation, PartContent, ToolResult, Turn};
use crate::model::Role;
use crate::url::{DataUrl, is_absolute_http};

/// The image types the API takes as base64 sources.
const BASE64_IMAGES: [&str; 4] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/// One content block and where it came from.
struct Block {
    value: Value,
    path: String,
    /// The segments it came from (a result and the texts appended to it).
    sources: Vec<String>,
    is_result: bool,
}

/// A turn being built: `user` or `assistant`, its blocks in order.
struct ApiTurn {
    assistant: bool,
    blocks: Vec<Block>,
}

/// Prints `conversation` with `max_tokens`.
pub(super) fn print(conversation: &Conversation<'_>, options: Options) -> Export {
    let mut warnings = conversation.warnings.clone();
    let mut turns: Vec<ApiTurn> = Vec::new();
    for turn in &conversation.turns {
        let own = own_blocks(turn, &mut warnings);
        push_merged(&mut turns, turn.role == Role::Assistant, own);
        let results = turn.results.iter().map(result_block).collect();
        push_merged(&mut turns, false, results);
    }
    let mut links = Links::new(options.links);
    if let Some(head) = &conversation.head {
        links.add(|| Link::new("system".to_owned(), head_paths(head)));
    }
    // The API's rules on the first and the final turn, as `pep validate` checks them.
    warnings.extend(anthropic_turns(conversation));
    let messages = finish_turns(turns, &mut warnings, &mut links);
    let mut request = Map::new();
    if let Some(model) = conversation.model {
        request.insert("model".to_owned(), Value::from(model));
    }
    request.insert("max_tokens".to_owned(), Value::from(options.max_tokens));
    if let Some(head) = &conversation.head {
        request.insert("system".to_owned(), Value::from(head.text.as_str()));
    }
    request.insert("messages".to_owned(), Value::Array(messages));
    if !conversation.tools.is_empty() {
        let tools = conversation.tools.iter().enumerate().map(|(k, tool)| {
            links.add(|| Link::new(format!("tools[{k}]"), vec![tool.path.clone()]));
            let mut declared = Map::new();
            declared.insert("name".to_owned(), Value::from(tool.name));
            if !tool.description.is_empty() {
                declared.insert("description".to_owned(), Value::from(tool.description));
            }
            declared.insert("input_schema".to_owned(), schema_or_empty(tool.schema));
            Value::Object(declared)
        });
        request.insert("tools".to_owned(), Value::Array(tools.collect()));
    }
    Export {
        request: Value::Object(request),
        warnings,
        links: links.into_vec(),
    }
}

/// A message's texts and images, then its tool_use blocks (DECISIONS §5: texts first).
fn own_blocks(turn: &Turn<'_>, warnings: &mut Vec<Issue>) -> Vec<Block> {
    let mut blocks = Vec::with_capacity(turn.parts.len() + turn.tool_uses.len());
    for part in &turn.parts {
        let value = match &part.content {
            PartContent::Image { url, .. } => image_block(url, &part.path, warnings),
            content => typed("text", "text", Value::from(content.as_text())),
        };
        blocks.push(Block {
            value,
            path: part.path.clone(),
            sources: vec![part.path.clone()],
            is_result: false,
        });
    }
    for call in &turn.tool_uses {
        let value = object([
            ("type", Value::from("tool_use")),
            ("id", Value::from(call.id.as_str())),
            ("name", Value::from(call.name)),
            ("input", Value::Object(call.arguments.clone())),
        ]);
        blocks.push(Block {
            value,
            path: call.path.clone(),
            sources: vec![call.path.clone()],
            is_result: false,
        });
    }
    blocks
}

fn image_block(url: &str, path: &str, warnings: &mut Vec<Issue>) -> Value {
    let base64 = DataUrl::parse(url).filter(|data| {
        data.base64
            && BASE64_IMAGES
                .iter()
                .any(|m| m.eq_ignore_ascii_case(data.mime))
    });
    let source = match base64 {
        Some(data) => object([
            ("type", Value::from("base64")),
            ("media_type", Value::from(data.mime.to_ascii_lowercase())),
            ("data", Value::from(data.data)),
        ]),
        None => {
            if !is_absolute_http(url) {
                warnings.push(Issue::new(path, Problem::ImageUrlNotHttp));
            }
            object([("type", Value::from("url")), ("url", Value::from(url))])
        }
    };
    typed("image", "source", source)
}

fn result_block(result: &ToolResult<'_>) -> Block {
    let mut value = Map::new();
    value.insert("type".to_owned(), Value::from("tool_result"));
    value.insert("tool_use_id".to_owned(), Value::from(result.id.as_str()));
    value.insert("content".to_owned(), Value::from(result.content.as_ref()));
    if !result.success {
        value.insert("is_error".to_owned(), Value::Bool(true));
    }
    Block {
        value: Value::Object(value),
        path: result.path.clone(),
        sources: result_paths(result),
        is_result: true,
    }
}

/// Appends `blocks` as a turn, merged into the last one when the role is the same.
fn push_merged(turns: &mut Vec<ApiTurn>, assistant: bool, mut blocks: Vec<Block>) {
    if blocks.is_empty() {
        return;
    }
    match turns.last_mut() {
        Some(last) if last.assistant == assistant => last.blocks.append(&mut blocks),
        _ => turns.push(ApiTurn { assistant, blocks }),
    }
}

/// The turns as messages: tool_result blocks first in each user turn (one warning per turn
/// whose order changes).
fn finish_turns(turns: Vec<ApiTurn>, warnings: &mut Vec<Issue>, links: &mut Links) -> Vec<Value> {
    let mut messages = Vec::with_capacity(turns.len());
    for turn in turns {
        let role = if turn.assistant { "assistant" } else { "user" };
        let mut blocks = turn.blocks;
        if !turn.assistant {
            let first_other = blocks.iter().position(|b| !b.is_result);
            let moved = first_other.and_then(|i| blocks.iter().skip(i).find(|b| b.is_result));
            if let Some(moved) = moved {
                warnings.push(Issue::new(moved.path.clone(), Problem::ResultsMovedFirst));
                let (mut results, others): (Vec<Block>, Vec<Block>) =
                    blocks.into_iter().partition(|b| b.is_result);
                results.extend(others);
                blocks = results;
            }
        }
        let at = format!("messages[{}]", messages.len());
        links.add(|| {
            let all = blocks
                .iter()
                .flat_map(|b| b.sources.iter().cloned())
                .collect();
            Link::new(at.clone(), all)
        });
        let content = blocks
            .into_iter()
            .enumerate()
            .map(|(k, block)| {
                links.add(|| Link::new(format!("{at}.content[{k}]"), block.sources));
                block.value
            })
            .collect();
        messages.push(object([
            ("role", Value::from(role)),
            ("content", Value::Array(content)),
        ]));
    }
    messages
}
