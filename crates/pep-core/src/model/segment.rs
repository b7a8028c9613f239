//! The eleven segment kinds (spec §2.3, §3), one struct each, joined by [`Segment`].

use serde_json::{Map, Value};

use super::Extra;

/// One segment of a message: a tagged union on `kind` (spec §2.3).
///
/// Every layer (decoding, encoding, validation, export, the viewer) matches on this enum
/// exhaustively, so a new kind does not compile until each of them handles it.
#[derive(Debug, Clone, PartialEq)]
pub enum Segment {
    /// `text` (spec §3.1).
    Text(TextSegment),
    /// `static_var` (spec §3.2).
    StaticVar(StaticVarSegment),
    /// `system_prompt` (spec §3.3).
    SystemPrompt(SystemPromptSegment),
    /// `memory` (spec §3.4).
    Memory(MemorySegment),
    /// `skills` (spec §3.5).
    Skills(SkillsSegment),
    /// `tool_overview` (spec §3.6).
    ToolOverview(ToolOverviewSegment),
    /// `tool_call_request` (spec §3.7).
    ToolCallRequest(ToolCallRequestSegment),
    /// `tool_call_result` (spec §3.8).
    ToolCallResult(ToolCallResultSegment),
    /// `document` (spec §3.9).
    Document(DocumentSegment),
    /// `long_text` (spec §3.10).
    LongText(LongTextSegment),
    /// `media` (spec §3.11).
    Media(MediaSegment),
}

impl Segment {
    /// The segment's kind.
    pub fn kind(&self) -> SegmentKind {
        match self {
            Segment::Text(_) => SegmentKind::Text,
            Segment::StaticVar(_) => SegmentKind::StaticVar,
            Segment::SystemPrompt(_) => SegmentKind::SystemPrompt,
            Segment::Memory(_) => SegmentKind::Memory,
            Segment::Skills(_) => SegmentKind::Skills,
            Segment::ToolOverview(_) => SegmentKind::ToolOverview,
            Segment::ToolCallRequest(_) => SegmentKind::ToolCallRequest,
            Segment::ToolCallResult(_) => SegmentKind::ToolCallResult,
            Segment::Document(_) => SegmentKind::Document,
            Segment::LongText(_) => SegmentKind::LongText,
            Segment::Media(_) => SegmentKind::Media,
        }
    }

    /// The segment's `collapsed`, for the kinds that have one.
    pub fn collapsed(&self) -> Option<bool> {
        match self {
            Segment::SystemPrompt(s) => Some(s.collapsed),
            Segment::Memory(s) => Some(s.collapsed),
            Segment::Skills(s) => Some(s.collapsed),
            Segment::ToolOverview(s) => Some(s.collapsed),
            Segment::ToolCallRequest(s) => Some(s.collapsed),
            Segment::ToolCallResult(s) => Some(s.collapsed),
            Segment::LongText(s) => Some(s.collapsed),
            Segment::Text(_) | Segment::StaticVar(_) | Segment::Document(_) | Segment::Media(_) => {
                None
            }
        }
    }
}

/// The `kind` tag of a segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SegmentKind {
    /// `text`
    Text,
    /// `static_var`
    StaticVar,
    /// `system_prompt`
    SystemPrompt,
    /// `memory`
    Memory,
    /// `skills`
    Skills,
    /// `tool_overview`
    ToolOverview,
    /// `tool_call_request`
    ToolCallRequest,
    /// `tool_call_result`
    ToolCallResult,
    /// `document`
    Document,
    /// `long_text`
    LongText,
    /// `media`
    Media,
}

impl SegmentKind {
    /// All kinds, in spec §2.3 order.
    pub const ALL: [SegmentKind; 11] = [
        SegmentKind::Text,
        SegmentKind::StaticVar,
        SegmentKind::SystemPrompt,
        SegmentKind::Memory,
        SegmentKind::Skills,
        SegmentKind::ToolOverview,
        SegmentKind::ToolCallRequest,
        SegmentKind::ToolCallResult,
        SegmentKind::Document,
        SegmentKind::LongText,
        SegmentKind::Media,
    ];

    /// The wire name used as `kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            SegmentKind::Text => "text",
            SegmentKind::StaticVar => "static_var",
            SegmentKind::SystemPrompt => "system_prompt",
            SegmentKind::Memory => "memory",
            SegmentKind::Skills => "skills",
            SegmentKind::ToolOverview => "tool_overview",
            SegmentKind::ToolCallRequest => "tool_call_request",
            SegmentKind::ToolCallResult => "tool_call_result",
            SegmentKind::Document => "document",
            SegmentKind::LongText => "long_text",
            SegmentKind::Media => "media",
        }
    }

    /// The kind with this wire name.
    pub fn from_name(name: &str) -> Option<SegmentKind> {
        SegmentKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }

    /// Whether the kind belongs to the head system message at export (spec §5.2).
    pub fn is_structural(self) -> bool {
        matches!(
            self,
            SegmentKind::SystemPrompt
                | SegmentKind::Memory
                | SegmentKind::Skills
                | SegmentKind::ToolOverview
        )
    }
}

/// Plain markdown text (spec §3.1).
#[derive(Debug, Clone, PartialEq)]
pub struct TextSegment {
    /// Markdown content.
    pub content: String,
    /// Unknown fields.
    pub extra: Extra,
}

/// A session-scoped template variable (spec §3.2).
#[derive(Debug, Clone, PartialEq)]
pub struct StaticVarSegment {
    /// The name used in `{{name}}` placeholders.
    pub name: String,
    /// The value substituted at export.
    pub value: String,
    /// What the variable is for.
    pub description: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// The system instruction, possibly a template (spec §3.3).
#[derive(Debug, Clone, PartialEq)]
pub struct SystemPromptSegment {
    /// Full text, may contain `{{var}}` placeholders.
    pub content: String,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// Long-term memory about the user (spec §3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct MemorySegment {
    /// What the memory is for.
    pub description: Option<String>,
    /// Memory entries; at least one.
    pub items: Vec<MemoryItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One memory entry (spec §3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryItem {
    /// Short title, e.g. "用户背景".
    pub title: String,
    /// The remembered fact.
    pub content: String,
    /// Unknown fields.
    pub extra: Extra,
}

/// Skills available to the model, L1 only (spec §3.5, §4.3).
#[derive(Debug, Clone, PartialEq)]
pub struct SkillsSegment {
    /// What skills are.
    pub description: Option<String>,
    /// Skills; at least one.
    pub items: Vec<SkillItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One skill's L1 data (spec §3.5).
#[derive(Debug, Clone, PartialEq)]
pub struct SkillItem {
    /// Skill name, the registry key.
    pub name: String,
    /// One-line description.
    pub description: String,
    /// An L2 body written into the protocol anyway. Kept for round trips, never used: the
    /// registry supplies bodies (spec §4.3), and validation warns about it.
    pub body: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// Tool declarations (spec §3.6).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOverviewSegment {
    /// Tools; at least one.
    pub items: Vec<ToolItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One declared tool (spec §3.6).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolItem {
    /// Tool name.
    pub name: String,
    /// What the tool does.
    pub description: String,
    /// Human-readable parameter summary, e.g. `query: string, limit?: number`.
    pub parameters: String,
    /// JSON Schema of the arguments, exactly as written.
    pub schema: Option<Map<String, Value>>,
    /// Unknown fields.
    pub extra: Extra,
}

/// A tool call made by the model (spec §3.7).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallRequestSegment {
    /// The called tool.
    pub tool_name: String,
    /// Arguments, keys and numbers exactly as written.
    pub arguments: Map<String, Value>,
    /// `callId`, the provider's call id (DECISIONS §7 extension); `None` when absent or empty.
    pub call_id: Option<String>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// What a tool returned (spec §3.8).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallResultSegment {
    /// The tool that ran.
    pub tool_name: String,
    /// Result text.
    pub result: String,
    /// Whether the call succeeded.
    pub success: bool,
    /// `callId` of the request it answers (DECISIONS §7 extension); `None` when absent or
    /// empty.
    pub call_id: Option<String>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// An uploaded document (spec §3.9).
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentSegment {
    /// File name.
    pub file_name: String,
    /// MIME type.
    pub mime_type: String,
    /// Preview of the first ~200 characters.
    pub snippet: String,
    /// File size in bytes.
    pub size_bytes: u64,
    /// Structured extraction in markdown.
    pub parsed_content: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// A long text such as a log or a paper (spec §3.10).
#[derive(Debug, Clone, PartialEq)]
pub struct LongTextSegment {
    /// Full text.
    pub content: String,
    /// Declared character count.
    pub char_count: u64,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// An image, audio clip or video (spec §3.11).
#[derive(Debug, Clone, PartialEq)]
pub struct MediaSegment {
    /// Which medium.
    pub media_type: MediaType,
    /// Where the file is.
    pub url: String,
    /// Text alternative.
    pub alt_text: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// The medium of a [`MediaSegment`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaType {
    /// `image`
    Image,
    /// `audio`
    Audio,
    /// `video`
    Video,
}

impl MediaType {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            MediaType::Image => "image",
            MediaType::Audio => "audio",
            MediaType::Video => "video",
        }
    }

    /// The media type with this wire name.
    pub fn from_name(name: &str) -> Option<MediaType> {
        [MediaType::Image, MediaType::Audio, MediaType::Video]
            .into_iter()
            .find(|media| media.as_str() == name)
    }
}
