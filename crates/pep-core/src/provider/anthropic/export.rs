//! The Anthropic Messages printer (DECISIONS §5):
//! `{ "model"?, "max_tokens", "system"?, "messages": [...], "tools"? }`.

use crate::issue::{AnthropicProblem, Issue, Problem};
use crate::lower::{Conversation, PartContent, ToolResult, ToolUse};
use crate::model::Role;
use crate::path::SegmentRef;
use crate::provider::openai_chat::export::schema_or_empty;
use crate::provider::print::Printer;
use crate::provider::print::turns::{Turn, print_turn, push_merged, results_first};
use crate::url::{DataUrl, is_absolute_http};

/// The image types the API takes as base64 sources.
const BASE64_IMAGES: [&str; 4] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/// One content block, borrowed from the lowering.
enum Block<'c, 'e> {
    Text(&'c str, SegmentRef),
    Image(&'e str, SegmentRef),
    ToolUse(&'c ToolUse<'e>),
    Result(&'c ToolResult<'e>),
}

impl Block<'_, '_> {
    fn is_result(&self) -> bool {
        matches!(self, Block::Result(_))
    }

    /// The segment it stands at (for warnings).
    fn at(&self) -> SegmentRef {
        match self {
            Block::Text(_, at) | Block::Image(_, at) => *at,
            Block::ToolUse(call) => call.at,
            Block::Result(result) => result.at,
        }
    }

    /// The segments it came from (a result and the texts appended to it).
    fn sources(&self, into: &mut Vec<SegmentRef>) {
        match self {
            Block::Result(result) => into.extend(result.sources.iter().map(|(at, _)| *at)),
            other => into.push(other.at()),
        }
    }
}

/// A turn being built: `user` or `assistant`, its blocks in order.
type ApiTurn<'c, 'e> = Turn<Block<'c, 'e>>;

/// Prints `conversation` with `max_tokens`.
pub(crate) fn print(
    conversation: &Conversation<'_>,
    max_tokens: u64,
    out: &mut Printer<'_>,
) -> Vec<Issue> {
    let mut warnings = conversation.warnings.clone();
    let mut turns = merged_turns(conversation);
    for block in turns.iter().flat_map(|turn| &turn.blocks) {
        if let Block::Image(url, at) = block
            && base64_image(url).is_none()
            && !is_absolute_http(url)
        {
            warnings.push(Issue::in_segment(
                *at,
                "",
                Problem::Anthropic(AnthropicProblem::ImageUrlNotHttp),
            ));
        }
    }
    // The API's rules on the first and the final turn, as `pep validate` checks them.
    warnings.extend(conversation.checks.anthropic.iter().cloned());
    for turn in &mut turns {
        if let Some(at) = results_first(turn, Block::is_result, Block::at) {
            let problem = Problem::Anthropic(AnthropicProblem::ResultsMovedFirst);
            warnings.push(Issue::in_segment(at, "", problem));
        }
    }
    let w = &mut out.writer;
    w.begin_object();
    if let Some(model) = conversation.model {
        w.key("model");
        w.unmeasured(|w| w.string(model));
    }
    w.key("max_tokens");
    w.literal(&max_tokens.to_string());
    if let Some(head) = &conversation.head {
        w.key("system");
        let line = w.line();
        w.string(&head.text);
        let sources = || head.sources.iter().map(|(at, _)| *at).collect();
        out.links.add(line, line, sources);
    }
    out.writer.key("messages");
    out.writer.begin_array();
    for turn in &turns {
        print_turn(
            turn,
            ["user", "assistant"],
            "content",
            out,
            print_block,
            Block::sources,
        );
    }
    out.writer.end_array();
    if !conversation.tools.is_empty() {
        print_tools(conversation, out);
    }
    out.writer.end_object();
    warnings
}

/// The turns in API order: each message's own blocks, then its results as a user turn;
/// consecutive turns of one role merged.
fn merged_turns<'c, 'e>(conversation: &'c Conversation<'e>) -> Vec<ApiTurn<'c, 'e>> {
    let mut turns: Vec<ApiTurn<'c, 'e>> = Vec::new();
    for turn in &conversation.turns {
        push_merged(&mut turns, turn.role == Role::Assistant, own_blocks(turn));
        let results = turn.results.iter().map(Block::Result).collect();
        push_merged(&mut turns, false, results);
    }
    turns
}

/// A message's texts and images, then its tool_use blocks (DECISIONS §5: texts first).
fn own_blocks<'c, 'e>(turn: &'c crate::lower::Turn<'e>) -> Vec<Block<'c, 'e>> {
    let mut blocks = Vec::with_capacity(turn.parts.len() + turn.tool_uses.len());
    for part in &turn.parts {
        blocks.push(match &part.content {
            PartContent::Image { url, .. } => Block::Image(url, part.at),
            content => Block::Text(content.as_text(), part.at),
        });
    }
    blocks.extend(turn.tool_uses.iter().map(Block::ToolUse));
    blocks
}

fn print_block(block: &Block<'_, '_>, out: &mut Printer<'_>) {
    let w = &mut out.writer;
    w.begin_object();
    match block {
        Block::Text(text, _) => {
            w.field("type", "text");
            w.field("text", text);
        }
        Block::Image(url, _) => image_source(url, out),
        Block::ToolUse(call) => {
            w.field("type", "tool_use");
            w.field("id", &call.id);
            w.field("name", call.name);
            w.key("input");
            w.object_measured_compact(call.arguments);
        }
        Block::Result(result) => {
            w.field("type", "tool_result");
            w.field("tool_use_id", &result.id);
            w.field("content", &result.content);
            if !result.success {
                w.key("is_error");
                w.literal("true");
            }
        }
    }
    out.writer.end_object();
}

/// The data url of an image the API takes as a base64 source.
fn base64_image(url: &str) -> Option<DataUrl<'_>> {
    DataUrl::parse(url).filter(|data| {
        data.base64
            && BASE64_IMAGES
                .iter()
                .any(|m| m.eq_ignore_ascii_case(data.mime))
    })
}

/// An image block's members: a base64 source for the API's data url types, else a url
/// source (warned about in [`print`]). Counted as media, not text.
fn image_source(url: &str, out: &mut Printer<'_>) {
    let base64 = base64_image(url);
    out.writer.unmeasured(|w| {
        w.field("type", "image");
        w.key("source");
        w.begin_object();
        match base64 {
            Some(data) => {
                w.field("type", "base64");
                w.field("media_type", &data.mime.to_ascii_lowercase());
                w.field("data", data.data);
            }
            None => {
                w.field("type", "url");
                w.field("url", url);
            }
        }
        w.end_object();
    });
}

fn print_tools(conversation: &Conversation<'_>, out: &mut Printer<'_>) {
    out.writer.key("tools");
    out.writer.begin_array();
    for tool in &conversation.tools {
        let w = &mut out.writer;
        w.element();
        let first = w.line();
        w.begin_object();
        w.field("name", tool.name);
        if !tool.description.is_empty() {
            w.field("description", tool.description);
        }
        w.key("input_schema");
        schema_or_empty(w, tool.schema);
        w.end_object();
        out.links.add(first, w.line(), || vec![tool.at]);
    }
    out.writer.end_array();
}
