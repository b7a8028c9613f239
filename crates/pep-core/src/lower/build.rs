//! Building the [`Conversation`]: one pass over the envelope, DECISIONS §3's rules for what
//! goes to the head, what a message keeps, and where results and stray texts go.

use std::borrow::Cow;
use std::collections::HashMap;

use super::text::{text_like, with_description};
use super::{Analysis, Conversation, Head, Part, Tool, ToolResult, ToolUse, Turn};
use crate::issue::{Issue, Problem};
use crate::model::{
    Entry, Envelope, Message, Role, Segment, ToolCallRequestSegment, ToolCallResultSegment,
    ToolOverviewSegment,
};
use crate::path::segment_path;
use crate::template::Head as HeadState;

/// Lowers the valid parts of `envelope`; invalid messages and segments are left out with a
/// warning each (the CLI never gets here with errors; the viewer does).
pub fn lower<'e>(envelope: &'e Envelope, analysis: &Analysis<'e>) -> Conversation<'e> {
    let mut lowerer = Lowerer {
        envelope,
        analysis,
        next_request: 0,
        next_answer: 0,
        head: Vec::new(),
        head_len: 0,
        head_state: HeadState::default(),
        turns: Vec::new(),
        tools: Vec::new(),
        tool_items: 0,
        tool_names: HashMap::new(),
        warnings: analysis.variables.duplicates().to_vec(),
    };
    lowerer.duplicate_call_ids();
    for (m, entry) in envelope.messages.iter().enumerate() {
        match entry {
            Entry::Valid(message) => lowerer.message(m, message),
            Entry::Invalid(invalid) => lowerer.left_out(&invalid.path),
        }
    }
    lowerer.finish()
}

/// Where text in a tool-role message goes: after which result, if any.
#[derive(Clone, Copy)]
enum AfterResult {
    /// No result yet in this message.
    None,
    /// The last result was kept.
    Kept,
    /// The last result was left out.
    Dropped,
}

struct Lowerer<'e, 'a> {
    envelope: &'e Envelope,
    analysis: &'a Analysis<'e>,
    /// Index of the next request / result in `analysis.calls`, which lists them in order.
    next_request: usize,
    next_answer: usize,
    head: Vec<(String, String)>,
    /// Bytes of the head as joined so far.
    head_len: usize,
    /// Placeholder expansion across the head: its limit (DECISIONS §9), its warning caps.
    head_state: HeadState,
    turns: Vec<Turn<'e>>,
    tools: Vec<Tool<'e>>,
    tool_items: usize,
    tool_names: HashMap<&'e str, String>,
    warnings: Vec<Issue>,
}

impl<'e> Lowerer<'e, '_> {
    fn left_out(&mut self, path: &str) {
        self.warnings
            .push(Issue::new(path, Problem::LeftOutInvalid));
    }

    fn duplicate_call_ids(&mut self) {
        self.warnings.extend(id_collisions(&self.analysis.calls));
        let requests = &self.analysis.calls.requests;
        for duplicate in &self.analysis.calls.duplicates {
            let (Some(request), Some(first)) = (
                requests.get(duplicate.request),
                requests.get(duplicate.first),
            ) else {
                continue;
            };
            self.warnings
                .push(duplicate_call_id(request, first, &duplicate.call_id));
        }
    }

    fn message(&mut self, m: usize, message: &'e Message) {
        let mut turn = Turn {
            role: message.role,
            message: m,
            parts: Vec::new(),
            tool_uses: Vec::new(),
            results: Vec::new(),
        };
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
                Segment::SystemPrompt(_)
                | Segment::Memory(_)
                | Segment::Skills(_)
                | Segment::ToolOverview(_) => self.structural(segment, path),
                Segment::ToolCallRequest(request) => {
                    self.request(request, message.role, path, &mut turn);
                }
                Segment::ToolCallResult(result) => {
                    after_result = self.result(result, message.role, path, &mut turn);
                }
                Segment::Text(_)
                | Segment::LongText(_)
                | Segment::Document(_)
                | Segment::Media(_) => {
                    self.text_like(segment, message.role, path, after_result, &mut turn);
                }
            }
        }
        if !(turn.parts.is_empty() && turn.tool_uses.is_empty() && turn.results.is_empty()) {
            self.turns.push(turn);
        }
    }

    /// A structural segment's head block (and a tool_overview's declarations).
    fn structural(&mut self, segment: &'e Segment, path: String) {
        let block = match segment {
            Segment::SystemPrompt(prompt) => {
                let content_path = format!("{path}.content");
                let joined = self.head_len + if self.head.is_empty() { 0 } else { 2 };
                self.head_state.len = joined;
                self.analysis.variables.expand_in_head(
                    &prompt.content,
                    &content_path,
                    &mut self.warnings,
                    &mut self.head_state,
                )
            }
            Segment::Memory(memory) => {
                let lines = memory
                    .items
                    .iter()
                    .map(|item| format!("- {}: {}", item.title, item.content));
                with_description(memory.description.as_deref(), lines)
            }
            Segment::Skills(skills) => {
                let lines = skills
                    .items
                    .iter()
                    .map(|item| format!("- /{}: {}", item.name, item.description));
                with_description(skills.description.as_deref(), lines)
            }
            Segment::ToolOverview(overview) => {
                self.declare_tools(overview, &path);
                let lines = overview.items.iter().map(|item| {
                    format!("- {}({}): {}", item.name, item.parameters, item.description)
                });
                with_description(None, lines)
            }
            _ => return,
        };
        self.push_head(path, block);
    }

    /// A tool_call_request: a tool use of an assistant turn, else left out with a warning.
    fn request(
        &mut self,
        request: &'e ToolCallRequestSegment,
        role: Role,
        path: String,
        turn: &mut Turn<'e>,
    ) {
        let index = self.next_request;
        self.next_request += 1;
        let Some(call) = self.analysis.calls.requests.get(index) else {
            return;
        };
        if role == Role::Assistant {
            turn.tool_uses.push(ToolUse {
                path,
                id: call.call_id.clone(),
                name: &request.tool_name,
                arguments: &request.arguments,
            });
        } else {
            let role = role.as_str();
            self.warnings
                .push(Issue::new(path, Problem::RequestOutsideAssistant { role }));
        }
    }

    /// A tool_call_result: kept with the id of the request it answers, or left out.
    fn result(
        &mut self,
        result: &'e ToolCallResultSegment,
        role: Role,
        path: String,
        turn: &mut Turn<'e>,
    ) -> AfterResult {
        let answer = self.analysis.calls.answers.get(self.next_answer);
        self.next_answer += 1;
        if role != Role::Tool {
            let role = role.as_str();
            self.warnings.push(Issue::new(
                path.clone(),
                Problem::ResultOutsideTool { role },
            ));
        }
        let request = answer
            .and_then(|answer| answer.request)
            .and_then(|request| self.analysis.calls.requests.get(request));
        let Some(request) = request else {
            let tool = result.tool_name.clone();
            self.warnings
                .push(Issue::new(path, Problem::UnmatchedResult { tool }));
            return AfterResult::Dropped;
        };
        turn.results.push(ToolResult {
            sources: vec![(path.clone(), 0..result.result.len())],
            path,
            id: request.call_id.clone(),
            name: &result.tool_name,
            content: Cow::Borrowed(&result.result),
            success: result.success,
        });
        AfterResult::Kept
    }

    /// A text-like segment: a part of its turn, a head block in a system message, or text
    /// appended to the result before it in a tool message.
    fn text_like(
        &mut self,
        segment: &'e Segment,
        role: Role,
        path: String,
        after_result: AfterResult,
        turn: &mut Turn<'e>,
    ) {
        let Some(content) = text_like(segment, role == Role::User) else {
            return;
        };
        match role {
            Role::System => self.push_head(path, content.as_text().to_owned()),
            Role::Tool => match after_result {
                AfterResult::Kept => {
                    if let Some(result) = turn.results.last_mut() {
                        let text = result.content.to_mut();
                        text.push_str("\n\n");
                        let start = text.len();
                        text.push_str(content.as_text());
                        result.sources.push((path, start..text.len()));
                    }
                }
                AfterResult::None => self
                    .warnings
                    .push(Issue::new(path, Problem::TextBeforeResult)),
                AfterResult::Dropped => self
                    .warnings
                    .push(Issue::new(path, Problem::TextAfterDroppedResult)),
            },
            Role::User | Role::Assistant => turn.parts.push(Part { path, content }),
        }
    }

    fn push_head(&mut self, path: String, block: String) {
        if !block.is_empty() {
            // "\n\n" joins the blocks.
            self.head_len += block.len() + if self.head.is_empty() { 0 } else { 2 };
            self.head.push((path, block));
        }
    }

    fn declare_tools(&mut self, overview: &'e ToolOverviewSegment, path: &str) {
        for (k, item) in overview.items.iter().enumerate() {
            self.tool_items += 1;
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
            self.tool_names.insert(&item.name, item_path.clone());
            self.tools.push(Tool {
                path: item_path,
                name: &item.name,
                description: &item.description,
                schema: item.schema.as_ref(),
            });
        }
    }

    fn finish(mut self) -> Conversation<'e> {
        self.head_state.finish("messages", &mut self.warnings);
        for request in self
            .analysis
            .calls
            .requests
            .iter()
            .filter(|r| r.exported && !r.answered)
        {
            if let Some(Segment::ToolCallRequest(segment)) =
                self.envelope.segment_at(request.message, request.segment)
            {
                self.warnings.push(Issue::new(
                    segment_path(request.message, request.segment),
                    Problem::UnansweredRequest {
                        tool: segment.tool_name.clone(),
                    },
                ));
            }
        }
        let model = self.envelope.model.as_deref().filter(|m| !m.is_empty());
        if model.is_none() {
            self.warnings
                .push(Issue::new("model", Problem::ModelMissing));
        }
        Conversation {
            model,
            head: join_head(self.head),
            turns: self.turns,
            tools: self.tools,
            tool_items: self.tool_items,
            warnings: self.warnings,
        }
    }
}

/// The warnings for exported requests that would share an id (shared with validation).
pub(crate) fn id_collisions(calls: &crate::pairing::ToolCalls) -> Vec<Issue> {
    calls
        .collisions
        .iter()
        .filter_map(|&(index, earlier)| {
            let (request, first) = (calls.requests.get(index)?, calls.requests.get(earlier)?);
            Some(Issue::new(
                segment_path(request.message, request.segment),
                Problem::ExportIdCollision {
                    id: request.call_id.clone(),
                    first: segment_path(first.message, first.segment),
                },
            ))
        })
        .collect()
}

/// The warning for a request whose `callId` an earlier one holds (shared with validation).
pub(crate) fn duplicate_call_id(
    request: &crate::pairing::Request,
    first: &crate::pairing::Request,
    call_id: &str,
) -> Issue {
    Issue::new(
        format!("{}.callId", segment_path(request.message, request.segment)),
        Problem::DuplicateCallId {
            call_id: call_id.to_owned(),
            first: segment_path(first.message, first.segment),
            id: request.call_id.clone(),
        },
    )
}

fn join_head(blocks: Vec<(String, String)>) -> Option<Head> {
    if blocks.is_empty() {
        return None;
    }
    let len = blocks.iter().map(|(_, b)| b.len() + 2).sum::<usize>();
    let mut text = String::with_capacity(len);
    let mut sources = Vec::with_capacity(blocks.len());
    for (path, block) in blocks {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        let start = text.len();
        text.push_str(&block);
        sources.push((path, start..text.len()));
    }
    Some(Head { text, sources })
}
