//! The envelope an import builds: messages in input order, tool declarations gathered on the
//! way, then ids, timestamps and the tool_overview put in place (DECISIONS §7).

use serde_json::{Map, Value};

use crate::issue::{ImportProblem, Problem};
use crate::model::{
    DocumentSegment, Entry, Envelope, Extra, MediaSegment, MediaType, Message, Role, Segment,
    SystemPromptSegment, TextSegment, ToolCallRequestSegment, ToolCallResultSegment, ToolItem,
    ToolOverviewSegment,
};
use crate::provider::read::Report;

/// An envelope being imported.
#[derive(Debug, Default)]
pub(crate) struct Draft {
    /// The request's `model`.
    pub model: Option<String>,
    messages: Vec<(Role, Vec<Segment>, Option<i64>)>,
    /// The declared tools, in input order.
    pub tools: Vec<ToolItem>,
    /// Whether the last message is a tool message that later results may join.
    in_run: bool,
    /// The timestamp of the messages pushed from now on (a log line's); none: 1, 2, ….
    pub stamp: Option<i64>,
}

impl Draft {
    /// Appends a message (none when `segments` is empty) and ends any run of results.
    pub fn push(&mut self, role: Role, segments: Vec<Segment>) {
        self.in_run = false;
        if !segments.is_empty() {
            self.messages.push((role, segments, self.stamp));
        }
    }

    /// Appends a result to the tool message of the current run, opening one if needed.
    pub fn push_result(&mut self, result: Segment) {
        if self.in_run
            && let Some((Role::Tool, segments, _)) = self.messages.last_mut()
        {
            segments.push(result);
            return;
        }
        self.messages.push((Role::Tool, vec![result], self.stamp));
        self.in_run = true;
    }

    /// Appends a segment to the last message when `extend` and that message is an
    /// assistant message, else opens a new assistant message with it; ends any run of results
    /// (a Responses `function_call` joins the assistant message it follows).
    pub fn push_assistant(&mut self, segment: Segment, extend: bool) {
        if extend
            && !self.in_run
            && let Some((Role::Assistant, segments, _)) = self.messages.last_mut()
        {
            segments.push(segment);
            return;
        }
        self.push(Role::Assistant, vec![segment]);
    }

    /// Puts a message before all the others (a log's instructions, read after its lines).
    pub fn push_first(&mut self, role: Role, segments: Vec<Segment>) {
        if !segments.is_empty() {
            self.messages.insert(0, (role, segments, self.stamp));
        }
    }

    /// How many messages there are so far.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Ends the current run of results: the next result opens a new tool message.
    pub fn end_run(&mut self) {
        self.in_run = false;
    }

    /// The envelope: the tools as one tool_overview after the system_prompt of the first
    /// system message (a new system message first if there is none), ids `m-1`, `m-2`, …,
    /// timestamps 1, 2, … (or the stamps of the log lines they came from). An error when there
    /// is no message at all (and no other error).
    pub fn finish(mut self, report: &mut Report, messages_path: &str) -> Option<Envelope> {
        if !self.tools.is_empty() {
            let overview = Segment::ToolOverview(ToolOverviewSegment {
                items: std::mem::take(&mut self.tools),
                collapsed: true,
                extra: Extra::default(),
            });
            let first_system = self.messages.iter_mut().find(|m| m.0 == Role::System);
            match first_system {
                Some((_, segments, _)) => {
                    let at = segments
                        .iter()
                        .position(|s| matches!(s, Segment::SystemPrompt(_)))
                        .map_or(0, |k| k + 1);
                    segments.insert(at, overview);
                }
                // Stamped as the first message is, so stamped times never go backwards.
                None => {
                    let stamp = self.messages.first().and_then(|m| m.2);
                    self.messages
                        .insert(0, (Role::System, vec![overview], stamp));
                }
            }
        }
        if self.messages.is_empty() {
            // Only when nothing else explains it: errors already stop the import.
            if report.errors.is_empty() {
                report.error(messages_path, Problem::Import(ImportProblem::Nothing));
            }
            return None;
        }
        let messages = self
            .messages
            .into_iter()
            .enumerate()
            .map(|(k, (role, segments, stamp))| {
                Entry::Valid(Message {
                    id: format!("m-{}", k + 1),
                    role,
                    segments: segments.into_iter().map(Entry::Valid).collect(),
                    timestamp: stamp.unwrap_or(k as i64 + 1),
                    extra: Extra::default(),
                })
            })
            .collect();
        Some(Envelope {
            schema: None,
            version: Some("1.0".to_owned()),
            model: self.model,
            messages,
            extra: Extra::default(),
        })
    }
}

/// A `text` segment.
pub(crate) fn text(content: &str) -> Segment {
    Segment::Text(TextSegment {
        content: content.to_owned(),
        extra: Extra::default(),
    })
}

/// A `system_prompt` segment, collapsed.
pub(crate) fn system_prompt(content: String) -> Segment {
    Segment::SystemPrompt(SystemPromptSegment {
        content,
        collapsed: true,
        extra: Extra::default(),
    })
}

/// A `media` segment without altText.
pub(crate) fn media(media_type: MediaType, url: String) -> Segment {
    Segment::Media(MediaSegment {
        media_type,
        url,
        alt_text: None,
        extra: Extra::default(),
    })
}

/// A `document` segment.
pub(crate) fn document(
    file_name: String,
    mime_type: String,
    snippet: String,
    size_bytes: u64,
    parsed_content: Option<String>,
) -> Segment {
    Segment::Document(DocumentSegment {
        file_name,
        mime_type,
        snippet,
        size_bytes,
        parsed_content,
        extra: Extra::default(),
    })
}

/// A `tool_call_request` segment, open (spec §7.2), with the provider's call id.
pub(crate) fn request(tool_name: &str, arguments: Map<String, Value>, id: Option<&str>) -> Segment {
    Segment::ToolCallRequest(ToolCallRequestSegment {
        tool_name: tool_name.to_owned(),
        arguments,
        call_id: id.filter(|id| !id.is_empty()).map(str::to_owned),
        collapsed: false,
        extra: Extra::default(),
    })
}

/// A `tool_call_result` segment, folded when it succeeded (spec §7.2).
pub(crate) fn result(
    tool_name: String,
    result: String,
    success: bool,
    id: Option<&str>,
) -> Segment {
    Segment::ToolCallResult(ToolCallResultSegment {
        tool_name,
        result,
        success,
        call_id: id.filter(|id| !id.is_empty()).map(str::to_owned),
        collapsed: success,
        extra: Extra::default(),
    })
}
