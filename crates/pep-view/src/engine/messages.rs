//! Messages as the chat renders them ([`MessageView`]), made from the decoded envelope: every
//! text the page shows is ready here, markdown rendered by the one safe renderer.

use std::collections::HashMap;

use pep_core::export::human_size;
use pep_core::model::{
    Entry, Invalid, LongTextSegment, Message, Segment, SkillsSegment, ToolCallRequestSegment,
    ToolOverviewSegment,
};
use pep_core::template::{Token, tokens};
use pep_core::url::is_allowed_media_url;
use serde_json::Value;

use super::issues::issue_view;
use crate::model::{
    InvalidModel, Markdown, MessageModel, MessageView, PromptPiece, SegmentModel, SegmentView,
    SkillView, ToolView, ValueClass,
};
use crate::render::markdown;
use crate::view_mode::{model_only, one_line};

/// How many characters of arguments or result a tool's one-line summary shows.
const LINE_CHARS: usize = 80;

/// The model of message `entry`, with `variables` (name → value) for system prompts.
pub fn message_view(entry: &Entry<Message>, variables: &HashMap<String, String>) -> MessageView {
    let message = match entry {
        Entry::Valid(message) => message,
        Entry::Invalid(invalid) => return MessageView::Invalid(invalid_model(invalid)),
    };
    let segments = message
        .segments
        .iter()
        .map(|entry| match entry {
            Entry::Valid(segment) => SegmentView::Valid(segment_model(segment, variables)),
            Entry::Invalid(invalid) => SegmentView::Invalid(invalid_model(invalid)),
        })
        .collect();
    MessageView::Valid(MessageModel {
        id: message.id.clone(),
        role: message.role,
        timestamp: message.timestamp,
        model_only: model_only(&message.segments),
        segments,
    })
}

/// The session's variables, name → value (first definition wins), for [`message_view`].
pub fn variables(analysis: &pep_core::lower::Analysis<'_>) -> HashMap<String, String> {
    analysis
        .variables
        .iter()
        .map(|(name, definition)| (name.to_owned(), definition.value.to_owned()))
        .collect()
}

/// Markdown rendered, or shown plain when too large or too complex (DECISIONS §9).
pub fn markdown_of(source: &str) -> Markdown {
    if source.len() > markdown::PLAIN_ABOVE {
        return Markdown::TooLarge(source.to_owned());
    }
    match markdown::render(source) {
        Some(html) => Markdown::Html(html),
        None => Markdown::TooComplex(source.to_owned()),
    }
}

fn invalid_model(invalid: &Invalid) -> InvalidModel {
    InvalidModel {
        path: invalid.path.clone(),
        kind: invalid
            .raw
            .get("kind")
            .and_then(Value::as_str)
            .map(str::to_owned),
        errors: invalid.errors.iter().map(issue_view).collect(),
        raw: serde_json::to_string_pretty(&invalid.raw).unwrap_or_default(),
    }
}

fn non_empty(text: &Option<String>) -> Option<String> {
    text.as_ref().filter(|text| !text.is_empty()).cloned()
}

fn segment_model(segment: &Segment, variables: &HashMap<String, String>) -> SegmentModel {
    match segment {
        Segment::Text(text) => SegmentModel::Text(markdown_of(&text.content)),
        Segment::StaticVar(var) => SegmentModel::StaticVar {
            name: var.name.clone(),
            value: var.value.clone(),
            description: non_empty(&var.description),
        },
        Segment::SystemPrompt(prompt) => SegmentModel::SystemPrompt {
            summary: prompt
                .content
                .lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(60)
                .collect(),
            pieces: pieces(&prompt.content, variables),
            collapsed: prompt.collapsed,
        },
        Segment::Memory(memory) => SegmentModel::Memory {
            description: non_empty(&memory.description),
            items: memory
                .items
                .iter()
                .map(|item| (item.title.clone(), item.content.clone()))
                .collect(),
            collapsed: memory.collapsed,
        },
        Segment::Skills(skills) => skills_model(skills),
        Segment::ToolOverview(overview) => tools_model(overview),
        Segment::ToolCallRequest(request) => request_model(request),
        Segment::ToolCallResult(result) => SegmentModel::ToolCallResult {
            tool: result.tool_name.clone(),
            line: one_line(&result.result, LINE_CHARS),
            result: result.result.clone(),
            success: result.success,
            collapsed: result.collapsed,
        },
        Segment::Document(document) => SegmentModel::Document {
            file_name: document.file_name.clone(),
            mime_type: document.mime_type.clone(),
            size: human_size(document.size_bytes),
            snippet: document.snippet.clone(),
            parsed: document
                .parsed_content
                .as_ref()
                .is_some_and(|p| !p.is_empty()),
        },
        Segment::LongText(long) => long_text_model(long),
        Segment::Media(media) => SegmentModel::Media {
            media_type: media.media_type,
            allowed: is_allowed_media_url(&media.url),
            url: media.url.clone(),
            alt: non_empty(&media.alt_text),
        },
    }
}

fn skills_model(skills: &SkillsSegment) -> SegmentModel {
    SegmentModel::Skills {
        description: non_empty(&skills.description),
        items: skills
            .items
            .iter()
            .map(|item| SkillView {
                name: item.name.clone(),
                description: item.description.clone(),
                in_registry: pep_core::skills::find(&item.name).is_some(),
            })
            .collect(),
        collapsed: skills.collapsed,
    }
}

fn tools_model(overview: &ToolOverviewSegment) -> SegmentModel {
    SegmentModel::ToolOverview {
        items: overview
            .items
            .iter()
            .map(|item| ToolView {
                name: item.name.clone(),
                description: item.description.clone(),
                parameters: item.parameters.clone(),
                schema: item.schema.as_ref().map(pretty),
            })
            .collect(),
        collapsed: overview.collapsed,
    }
}

fn request_model(request: &ToolCallRequestSegment) -> SegmentModel {
    let compact = serde_json::to_string(&request.arguments).unwrap_or_default();
    let inner = compact.trim_start_matches('{').trim_end_matches('}');
    SegmentModel::ToolCallRequest {
        tool: request.tool_name.clone(),
        arguments: request.arguments.iter().map(argument_row).collect(),
        line: one_line(inner, LINE_CHARS),
        collapsed: request.collapsed,
    }
}

fn long_text_model(long: &LongTextSegment) -> SegmentModel {
    let (preview, cut) = preview(&long.content, 2);
    SegmentModel::LongText {
        lines: long.content.lines().count(),
        content: long.content.clone(),
        char_count: long.char_count,
        preview,
        cut,
        collapsed: long.collapsed,
    }
}

fn pretty(map: &serde_json::Map<String, Value>) -> String {
    serde_json::to_string_pretty(map).unwrap_or_default()
}

/// A tool argument's row: strings read better without JSON quotes; everything else stays
/// JSON.
fn argument_row((name, value): (&String, &Value)) -> (String, String, ValueClass) {
    let (text, class) = match value {
        Value::String(text) => (text.clone(), ValueClass::String),
        Value::Number(_) => (value.to_string(), ValueClass::Number),
        Value::Bool(_) | Value::Null => (value.to_string(), ValueClass::Literal),
        Value::Array(_) | Value::Object(_) => (value.to_string(), ValueClass::Structure),
    };
    (name.clone(), text, class)
}

/// A system prompt's template in pieces, each placeholder with its value when defined.
fn pieces(template: &str, variables: &HashMap<String, String>) -> Vec<PromptPiece> {
    tokens(template)
        .into_iter()
        .map(|token| match token {
            Token::Text(text) => PromptPiece::Text(text.to_owned()),
            Token::Placeholder { raw, name } => match variables.get(name) {
                Some(value) => PromptPiece::Known {
                    raw: raw.to_owned(),
                    value: value.clone(),
                },
                None => PromptPiece::Unknown {
                    raw: raw.to_owned(),
                },
            },
        })
        .collect()
}

/// The first `lines` lines of `text`, and whether anything was cut.
pub fn preview(text: &str, lines: usize) -> (String, bool) {
    // A very long single line would still flood the view: cap the preview's width too.
    const MAX_CHARS: usize = 400;
    let mut shown: Vec<&str> = text.lines().take(lines).collect();
    let mut cut = text.lines().nth(lines).is_some();
    let mut budget = MAX_CHARS;
    for line in &mut shown {
        let end = line.char_indices().nth(budget).map(|(at, _)| at);
        if let Some(end) = end {
            *line = &line[..end];
            cut = true;
            budget = 0;
        } else {
            budget -= line.chars().count();
        }
    }
    (shown.join("\n"), cut)
}

/// A first guess at a message's rendered height in CSS pixels, replaced by the measured one
/// as soon as it has been on screen. Good guesses keep the scrollbar steady.
pub fn estimate_height(entry: &Entry<Message>) -> u32 {
    /// The vertical gap between messages (`.pe-messages` in layout.css).
    const GAP: u32 = 14;
    let Entry::Valid(message) = entry else {
        return 160 + GAP;
    };
    let segments: u32 = message
        .segments
        .iter()
        .map(|segment| match segment.valid() {
            Some(Segment::Text(text)) => {
                let lines = text.content.len().div_ceil(90).min(40) as u32;
                24 + 22 * lines
            }
            Some(Segment::StaticVar(_)) => 34,
            Some(segment) if segment.collapsed() == Some(true) => 46,
            Some(Segment::LongText(_)) => 110,
            Some(_) | None => 160,
        })
        .fold(0u32, u32::saturating_add);
    52u32.saturating_add(segments).saturating_add(GAP)
}

#[cfg(test)]
mod tests {
    use super::preview;

    #[test]
    fn first_two_lines() {
        assert_eq!(preview("a\nb\nc", 2), ("a\nb".to_owned(), true));
        assert_eq!(preview("a\nb", 2), ("a\nb".to_owned(), false));
        assert_eq!(preview("", 2), (String::new(), false));
        let long = "日".repeat(1000);
        let (shown, cut) = preview(&long, 2);
        assert!(cut);
        assert_eq!(shown.chars().count(), 400);
    }
}
