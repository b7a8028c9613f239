//! One message as the chat renders it: every text ready to show (markdown already rendered by
//! the one safe renderer, templates split into their pieces, arguments as rows), so the page
//! only builds elements.

use pep_core::SegmentKind;
use pep_core::model::{MediaType, Role};

use super::IssueView;

/// A message: valid, or a fallback card (DECISIONS §1).
#[derive(Debug, Clone, PartialEq)]
pub enum MessageView {
    /// A valid message.
    Valid(MessageModel),
    /// A message that failed validation.
    Invalid(InvalidModel),
}

/// A valid message.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageModel {
    /// Its `id`.
    pub id: String,
    /// Its role.
    pub role: Role,
    /// Its `timestamp` (Unix epoch milliseconds).
    pub timestamp: i64,
    /// Whether the chat user saw none of it (the user view hides the whole message).
    pub model_only: bool,
    /// Its segments, in order.
    pub segments: Vec<SegmentView>,
}

/// A segment: valid, or a fallback card.
#[derive(Debug, Clone, PartialEq)]
pub enum SegmentView {
    /// A valid segment.
    Valid(SegmentModel),
    /// A segment that failed validation.
    Invalid(InvalidModel),
}

/// The fallback card of a node that failed validation: its path, errors and raw JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct InvalidModel {
    /// The node's JSON path.
    pub path: String,
    /// The `kind` it claims, if it names one.
    pub kind: Option<String>,
    /// Its errors.
    pub errors: Vec<IssueView>,
    /// Its JSON, pretty-printed.
    pub raw: String,
}

/// Markdown, rendered (DECISIONS §4), or the text with why it is shown plain (§9).
#[derive(Debug, Clone, PartialEq)]
pub enum Markdown {
    /// The safe renderer's HTML.
    Html(String),
    /// Over the size rendered as markdown: the text as it is.
    TooLarge(String),
    /// Its HTML would outgrow its text many times over: the text as it is.
    TooComplex(String),
}

/// A piece of a system prompt's template.
#[derive(Debug, Clone, PartialEq)]
pub enum PromptPiece {
    /// Text as written.
    Text(String),
    /// A placeholder whose variable is defined.
    Known {
        /// The placeholder as written.
        raw: String,
        /// The variable's value.
        value: String,
    },
    /// A placeholder no static_var defines.
    Unknown {
        /// The placeholder as written.
        raw: String,
    },
}

/// How a tool-call argument's value reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueClass {
    /// A string, shown without quotes.
    String,
    /// A number.
    Number,
    /// `true`, `false` or `null`.
    Literal,
    /// An array or object, as compact JSON.
    Structure,
}

/// One skill of a skills segment.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillView {
    /// Its name (L1).
    pub name: String,
    /// Its description (L1).
    pub description: String,
    /// Whether the registry has its L2 body (asked for when it is opened).
    pub in_registry: bool,
}

/// One declared tool.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolView {
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The parameters summary.
    pub parameters: String,
    /// Its JSON Schema, pretty-printed, if it has one.
    pub schema: Option<String>,
}

/// A valid segment, by kind (spec §3).
#[derive(Debug, Clone, PartialEq)]
pub enum SegmentModel {
    /// `text`: markdown.
    Text(Markdown),
    /// `static_var`.
    StaticVar {
        /// The variable's name.
        name: String,
        /// Its value.
        value: String,
        /// Its description, unless absent or empty.
        description: Option<String>,
    },
    /// `system_prompt`.
    SystemPrompt {
        /// The start of its first line, for the folded header.
        summary: String,
        /// The template in pieces.
        pieces: Vec<PromptPiece>,
        /// The initial fold.
        collapsed: bool,
    },
    /// `memory`.
    Memory {
        /// Its description, unless absent or empty.
        description: Option<String>,
        /// Titles and contents.
        items: Vec<(String, String)>,
        /// The initial fold.
        collapsed: bool,
    },
    /// `skills`.
    Skills {
        /// Its description, unless absent or empty.
        description: Option<String>,
        /// The skills.
        items: Vec<SkillView>,
        /// The initial fold.
        collapsed: bool,
    },
    /// `tool_overview`.
    ToolOverview {
        /// The tools.
        items: Vec<ToolView>,
        /// The initial fold.
        collapsed: bool,
    },
    /// `tool_call_request`.
    ToolCallRequest {
        /// The called tool.
        tool: String,
        /// Each argument: its name, its value as text, how the value reads.
        arguments: Vec<(String, String, ValueClass)>,
        /// The arguments on one short line (the user view).
        line: String,
        /// The initial fold.
        collapsed: bool,
    },
    /// `tool_call_result`.
    ToolCallResult {
        /// The tool.
        tool: String,
        /// The result text.
        result: String,
        /// The result on one short line (the user view).
        line: String,
        /// Whether the call succeeded.
        success: bool,
        /// The initial fold.
        collapsed: bool,
    },
    /// `document`.
    Document {
        /// The file name.
        file_name: String,
        /// The MIME type.
        mime_type: String,
        /// The size, human-readable (`2.7 MB`).
        size: String,
        /// The snippet.
        snippet: String,
        /// Whether it has parsed content (rendered when it is opened).
        parsed: bool,
    },
    /// `long_text`.
    LongText {
        /// The whole text.
        content: String,
        /// The declared character count.
        char_count: u64,
        /// Its number of lines.
        lines: usize,
        /// The first two lines (cut to a readable length).
        preview: String,
        /// Whether the preview leaves something out.
        cut: bool,
        /// The initial fold.
        collapsed: bool,
    },
    /// `media`.
    Media {
        /// Image, audio or video.
        media_type: MediaType,
        /// The URL as written.
        url: String,
        /// The alt text, unless absent or empty.
        alt: Option<String>,
        /// Whether the URL may be loaded (DECISIONS §4); else it is shown as blocked text.
        allowed: bool,
    },
}

impl SegmentModel {
    /// Its kind.
    pub fn kind(&self) -> SegmentKind {
        match self {
            SegmentModel::Text(_) => SegmentKind::Text,
            SegmentModel::StaticVar { .. } => SegmentKind::StaticVar,
            SegmentModel::SystemPrompt { .. } => SegmentKind::SystemPrompt,
            SegmentModel::Memory { .. } => SegmentKind::Memory,
            SegmentModel::Skills { .. } => SegmentKind::Skills,
            SegmentModel::ToolOverview { .. } => SegmentKind::ToolOverview,
            SegmentModel::ToolCallRequest { .. } => SegmentKind::ToolCallRequest,
            SegmentModel::ToolCallResult { .. } => SegmentKind::ToolCallResult,
            SegmentModel::Document { .. } => SegmentKind::Document,
            SegmentModel::LongText { .. } => SegmentKind::LongText,
            SegmentModel::Media { .. } => SegmentKind::Media,
        }
    }

    /// The segment's initial fold, for the kinds that fold.
    pub fn collapsed(&self) -> Option<bool> {
        match self {
            SegmentModel::SystemPrompt { collapsed, .. }
            | SegmentModel::Memory { collapsed, .. }
            | SegmentModel::Skills { collapsed, .. }
            | SegmentModel::ToolOverview { collapsed, .. }
            | SegmentModel::ToolCallRequest { collapsed, .. }
            | SegmentModel::ToolCallResult { collapsed, .. }
            | SegmentModel::LongText { collapsed, .. } => Some(*collapsed),
            SegmentModel::Text(_)
            | SegmentModel::StaticVar { .. }
            | SegmentModel::Document { .. }
            | SegmentModel::Media { .. } => None,
        }
    }
}
