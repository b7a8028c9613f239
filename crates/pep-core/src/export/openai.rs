//! Export to an OpenAI Chat Completions request body (spec §5, DECISIONS §3).
//!
//! The output is built as an order-preserving `serde_json::Value`, so key order is fixed by
//! construction and the text is identical wherever the code runs (natively and in wasm).

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::size::human_size;
use crate::issue::{Issue, Problem};
use crate::model::{
    DocumentSegment, Entry, Envelope, MediaSegment, MediaType, Message, Role, Segment,
    ToolOverviewSegment,
};
use crate::pairing::ToolCalls;
use crate::path::segment_path;
use crate::template::{Head, Variables};
use crate::validate::segment_at;

/// An exported request body and the warnings about what it changed or left out.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenAiExport {
    /// `{ "model"?, "messages": [...], "tools"? }`.
    pub request: Value,
    /// What the export could not carry over faithfully, in envelope order.
    pub warnings: Vec<Issue>,
}

impl OpenAiExport {
    /// The request as JSON text, pretty-printed with two spaces (what `pep export` prints and
    /// the viewer shows).
    pub fn to_pretty_json(&self) -> String {
        format!("{:#}", self.request)
    }

    /// Writes exactly [`Self::to_pretty_json`] to `out`, without holding the text in memory.
    pub fn write_pretty_json(&self, out: impl std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(out, &self.request).map_err(std::io::Error::from)
    }
}

/// Exports the valid parts of `envelope`; invalid messages and segments are left out with a
/// warning each (the CLI never gets here with errors; the viewer does).
pub fn to_openai(envelope: &Envelope) -> OpenAiExport {
    let mut export = Exporter {
        envelope,
        variables: Variables::collect(envelope),
        calls: ToolCalls::pair(envelope),
        next_request: 0,
        next_answer: 0,
        head: Vec::new(),
        head_len: 0,
        head_state: Head::default(),
        messages: Vec::new(),
        tools: Vec::new(),
        tool_names: HashMap::new(),
        warnings: Vec::new(),
    };
    export
        .warnings
        .extend(export.variables.duplicates().iter().cloned());
    for (m, entry) in envelope.messages.iter().enumerate() {
        match entry {
            Entry::Valid(message) => export.message(m, message),
            Entry::Invalid(invalid) => export.left_out(&invalid.path),
        }
    }
    export.finish()
}

/// A text-like segment's contribution to a message.
enum Part {
    Text(String),
    Image(String),
}

/// Where text in a tool-role message goes: after which result, if any.
#[derive(Clone, Copy)]
enum AfterResult {
    /// No result yet in this message.
    None,
    /// The last result was exported, as the latest tool message.
    Kept,
    /// The last result was left out.
    Dropped,
}

struct Exporter<'e> {
    envelope: &'e Envelope,
    variables: Variables<'e>,
    calls: ToolCalls,
    /// Index of the next request / result in `calls`, which lists them in envelope order.
    next_request: usize,
    next_answer: usize,
    head: Vec<String>,
    /// Bytes of the head as joined so far.
    head_len: usize,
    /// Placeholder expansion across the head: its limit (DECISIONS §9), its warning caps.
    head_state: Head,
    messages: Vec<Value>,
    tools: Vec<Value>,
    tool_names: HashMap<&'e str, String>,
    warnings: Vec<Issue>,
}

impl<'e> Exporter<'e> {
    fn left_out(&mut self, path: &str) {
        self.warnings
            .push(Issue::new(path, Problem::LeftOutInvalid));
    }

    fn message(&mut self, m: usize, message: &'e Message) {
        let mut parts = Vec::new();
        let mut tool_calls = Vec::new();
        let mut tool_messages: Vec<(String, String)> = Vec::new();
        let mut after_result = AfterResult::None;
        for (s, entry) in message.segments.iter().enumerate() {
            let segment = match entry {
                Entry::Valid(segment) => segment,
                Entry::Invalid(invalid) => {
                    self.left_out(&invalid.path);
                    continue;
                }
            };
            let path = segment_path(m, s);
            match segment {
                Segment::StaticVar(_) => {}
                Segment::SystemPrompt(prompt) => {
                    let content_path = format!("{path}.content");
                    let joined = self.head_len + if self.head.is_empty() { 0 } else { 2 };
                    self.head_state.len = joined;
                    let expanded = self.variables.expand_in_head(
                        &prompt.content,
                        &content_path,
                        &mut self.warnings,
                        &mut self.head_state,
                    );
                    self.push_head(expanded);
                }
                Segment::Memory(memory) => {
                    let lines = memory
                        .items
                        .iter()
                        .map(|item| format!("- {}: {}", item.title, item.content));
                    let block = with_description(memory.description.as_deref(), lines);
                    self.push_head(block);
                }
                Segment::Skills(skills) => {
                    let lines = skills
                        .items
                        .iter()
                        .map(|item| format!("- /{}: {}", item.name, item.description));
                    let block = with_description(skills.description.as_deref(), lines);
                    self.push_head(block);
                }
                Segment::ToolOverview(overview) => {
                    let lines = overview.items.iter().map(|item| {
                        format!("- {}({}): {}", item.name, item.parameters, item.description)
                    });
                    self.push_head(with_description(None, lines));
                    self.declare_tools(overview, &path);
                }
                Segment::ToolCallRequest(request) => {
                    let call_id = self.calls.requests[self.next_request].call_id.clone();
                    self.next_request += 1;
                    if message.role == Role::Assistant {
                        tool_calls.push(tool_call(call_id, &request.tool_name, &request.arguments));
                    } else {
                        let role = message.role.as_str();
                        self.warnings
                            .push(Issue::new(path, Problem::RequestOutsideAssistant { role }));
                    }
                }
                Segment::ToolCallResult(result) => {
                    let answer = self.calls.answers[self.next_answer].request;
                    self.next_answer += 1;
                    if message.role != Role::Tool {
                        let role = message.role.as_str();
                        self.warnings.push(Issue::new(
                            path.clone(),
                            Problem::ResultOutsideTool { role },
                        ));
                    }
                    match answer {
                        Some(request) => {
                            let call_id = self.calls.requests[request].call_id.clone();
                            tool_messages.push((call_id, result.result.clone()));
                            after_result = AfterResult::Kept;
                        }
                        None => {
                            let tool = result.tool_name.clone();
                            self.warnings
                                .push(Issue::new(path, Problem::UnmatchedResult { tool }));
                            after_result = AfterResult::Dropped;
                        }
                    }
                }
                Segment::Text(_)
                | Segment::LongText(_)
                | Segment::Document(_)
                | Segment::Media(_) => {
                    let in_user = message.role == Role::User;
                    let Some(part) = text_like(segment, in_user) else {
                        continue;
                    };
                    match message.role {
                        Role::System => self.push_head(part.into_text()),
                        Role::Tool => match after_result {
                            AfterResult::Kept => {
                                if let Some((_, content)) = tool_messages.last_mut() {
                                    content.push_str("\n\n");
                                    content.push_str(&part.into_text());
                                }
                            }
                            AfterResult::None => self
                                .warnings
                                .push(Issue::new(path, Problem::TextBeforeResult)),
                            AfterResult::Dropped => self
                                .warnings
                                .push(Issue::new(path, Problem::TextAfterDroppedResult)),
                        },
                        Role::User | Role::Assistant => parts.push(part),
                    }
                }
            }
        }
        self.own_message(message.role, parts, tool_calls);
        for (call_id, content) in tool_messages {
            self.messages.push(object([
                ("role", Value::from("tool")),
                ("tool_call_id", Value::from(call_id)),
                ("content", Value::from(content)),
            ]));
        }
    }

    /// The message's own export, unless it would be empty (then it is dropped silently).
    fn own_message(&mut self, role: Role, parts: Vec<Part>, tool_calls: Vec<Value>) {
        match role {
            Role::System | Role::Tool => {}
            Role::User => {
                if parts.is_empty() {
                    return;
                }
                let content = if parts.iter().any(|part| matches!(part, Part::Image(_))) {
                    Value::Array(parts.into_iter().map(content_part).collect())
                } else {
                    Value::from(join_texts(parts))
                };
                self.messages.push(object([
                    ("role", Value::from("user")),
                    ("content", content),
                ]));
            }
            Role::Assistant => {
                if parts.is_empty() && tool_calls.is_empty() {
                    return;
                }
                let content = if parts.is_empty() {
                    Value::Null
                } else {
                    Value::from(join_texts(parts))
                };
                let mut message =
                    object([("role", Value::from("assistant")), ("content", content)]);
                if !tool_calls.is_empty()
                    && let Value::Object(map) = &mut message
                {
                    map.insert("tool_calls".to_owned(), Value::Array(tool_calls));
                }
                self.messages.push(message);
            }
        }
    }

    fn push_head(&mut self, block: String) {
        if !block.is_empty() {
            // "\n\n" joins the blocks.
            self.head_len += block.len() + if self.head.is_empty() { 0 } else { 2 };
            self.head.push(block);
        }
    }

    fn declare_tools(&mut self, overview: &'e ToolOverviewSegment, path: &str) {
        for (k, item) in overview.items.iter().enumerate() {
            let item_path = format!("{path}.items[{k}]");
            if let Some(first) = self.tool_names.get(item.name.as_str()) {
                self.warnings.push(Issue::new(
                    format!("{item_path}.name"),
                    Problem::DuplicateTool {
                        name: item.name.clone(),
                        first: first.clone(),
                    },
                ));
                continue;
            }
            self.tool_names.insert(&item.name, item_path);
            let parameters = match &item.schema {
                Some(schema) => Value::Object(schema.clone()),
                None => object([
                    ("type", Value::from("object")),
                    ("properties", Value::Object(Map::new())),
                ]),
            };
            self.tools.push(object([
                ("type", Value::from("function")),
                (
                    "function",
                    object([
                        ("name", Value::from(item.name.clone())),
                        ("description", Value::from(item.description.clone())),
                        ("parameters", parameters),
                    ]),
                ),
            ]));
        }
    }

    fn finish(mut self) -> OpenAiExport {
        self.head_state.finish("messages", &mut self.warnings);
        for request in self
            .calls
            .requests
            .iter()
            .filter(|r| r.exported && !r.answered)
        {
            if let Some(Segment::ToolCallRequest(segment)) =
                segment_at(self.envelope, request.message, request.segment)
            {
                self.warnings.push(Issue::new(
                    segment_path(request.message, request.segment),
                    Problem::UnansweredRequest {
                        tool: segment.tool_name.clone(),
                    },
                ));
            }
        }
        let mut request = Map::new();
        match self.envelope.model.as_deref() {
            Some(model) if !model.is_empty() => {
                request.insert("model".to_owned(), Value::from(model));
            }
            _ => self
                .warnings
                .push(Issue::new("model", Problem::ModelMissing)),
        }
        let mut messages = Vec::with_capacity(self.messages.len() + 1);
        if !self.head.is_empty() {
            messages.push(object([
                ("role", Value::from("system")),
                ("content", Value::from(self.head.join("\n\n"))),
            ]));
        }
        messages.append(&mut self.messages);
        request.insert("messages".to_owned(), Value::Array(messages));
        if !self.tools.is_empty() {
            request.insert("tools".to_owned(), Value::Array(self.tools));
        }
        OpenAiExport {
            request: Value::Object(request),
            warnings: self.warnings,
        }
    }
}

impl Part {
    /// The part as text, for places that take no image parts.
    fn into_text(self) -> String {
        match self {
            Part::Text(text) => text,
            Part::Image(url) => url,
        }
    }
}

/// What a text-like segment contributes; `None` for an empty text or long_text. An image
/// becomes an image part only in a user message, else its `[Image: …]` line.
fn text_like(segment: &Segment, in_user: bool) -> Option<Part> {
    match segment {
        Segment::Text(text) => non_empty(&text.content).map(|c| Part::Text(c.to_owned())),
        Segment::LongText(long) => non_empty(&long.content).map(|c| Part::Text(c.to_owned())),
        Segment::Document(document) => Some(Part::Text(document_text(document))),
        Segment::Media(media) => Some(media_part(media, in_user)),
        Segment::StaticVar(_)
        | Segment::SystemPrompt(_)
        | Segment::Memory(_)
        | Segment::Skills(_)
        | Segment::ToolOverview(_)
        | Segment::ToolCallRequest(_)
        | Segment::ToolCallResult(_) => None,
    }
}

fn non_empty(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

fn document_text(document: &DocumentSegment) -> String {
    format!(
        "[Document: {} ({})]\n{}",
        document.file_name,
        human_size(document.size_bytes),
        document.snippet
    )
}

fn media_part(media: &MediaSegment, in_user: bool) -> Part {
    let label = match media.media_type {
        MediaType::Image if in_user => return Part::Image(media.url.clone()),
        MediaType::Image => "Image",
        MediaType::Audio => "Audio",
        MediaType::Video => "Video",
    };
    let alt = media.alt_text.as_deref().filter(|alt| !alt.is_empty());
    Part::Text(format!("[{label}: {}]", alt.unwrap_or(&media.url)))
}

fn content_part(part: Part) -> Value {
    match part {
        Part::Text(text) => object([("type", Value::from("text")), ("text", Value::from(text))]),
        Part::Image(url) => object([
            ("type", Value::from("image_url")),
            ("image_url", object([("url", Value::from(url))])),
        ]),
    }
}

fn join_texts(parts: Vec<Part>) -> String {
    parts
        .into_iter()
        .map(Part::into_text)
        .collect::<Vec<_>>()
        .join("\n\n")
}

fn with_description(description: Option<&str>, lines: impl Iterator<Item = String>) -> String {
    description
        .filter(|d| !d.is_empty())
        .map(str::to_owned)
        .into_iter()
        .chain(lines)
        .collect::<Vec<_>>()
        .join("\n")
}

fn tool_call(call_id: String, name: &str, arguments: &Map<String, Value>) -> Value {
    // Compact JSON, keys in input order, numbers as written, non-ASCII raw (DECISIONS §3).
    // Serialised straight from the map: a copy of it would double the memory of a large one.
    let arguments = serde_json::to_string(arguments).unwrap_or_default();
    object([
        ("id", Value::from(call_id)),
        ("type", Value::from("function")),
        (
            "function",
            object([
                ("name", Value::from(name)),
                ("arguments", Value::from(arguments)),
            ]),
        ),
    ])
}

fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect(),
    )
}
