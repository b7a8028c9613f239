//! Building the [`Conversation`]: one pass over the envelope, DECISIONS §3's rules for what
//! goes to the head, what a message keeps, and where results and stray texts go.

use std::borrow::Cow;
use std::collections::HashMap;

use super::text::{text_like, with_description};
use super::{Analysis, Conversation, Head, Part, Tool, ToolResult, ToolUse, Turn};
use crate::issue::{EnvelopeProblem, ExportProblem, Issue, Problem};
use crate::model::{
    Entry, Envelope, Message, Role, Segment, ToolCallRequestSegment, ToolCallResultSegment,
    ToolOverviewSegment,
};
use crate::path::SegmentRef;
use crate::template::Head as HeadState;

/// Lowers the valid parts of `envelope`; invalid messages and segments are left out with a
/// warning each (the CLI never gets here with errors; the viewer does). The request checks
/// are left empty: [`crate::export::lower`] runs them, the providers' rules being above.
pub(crate) fn lower_without_checks<'e>(
    envelope: &'e Envelope,
    analysis: &Analysis<'e>,
) -> Conversation<'e> {
    let mut lowerer = Lowerer {
        envelope,
        analysis,
        next_request: 0,
        next_answer: 0,
        head: Vec::new(),
        head_len: 0,
        head_state: HeadState::default(),
        turns: Vec::with_capacity(envelope.messages.len()),
        tools: Vec::new(),
        tool_items: 0,
        tool_names: HashMap::new(),
        warnings: analysis.variables.duplicates().to_vec(),
    };
    lowerer
        .warnings
        .extend(super::calls::call_id_warnings(&analysis.calls));
    for (m, entry) in envelope.messages.iter().enumerate() {
        match entry {
            Entry::Valid(message) => lowerer.message(m, message),
            Entry::Invalid(_) => lowerer.warnings.push(Issue::in_message(
                m,
                "",
                Problem::Export(ExportProblem::LeftOutInvalid),
            )),
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
    head: Vec<(SegmentRef, String)>,
    /// Bytes of the head as joined so far.
    head_len: usize,
    /// Placeholder expansion across the head: its limit (DECISIONS §9), its warning caps.
    head_state: HeadState,
    turns: Vec<Turn<'e>>,
    tools: Vec<Tool<'e>>,
    tool_items: usize,
    /// Each declared name and the item declaring it first.
    tool_names: HashMap<&'e str, (SegmentRef, usize)>,
    warnings: Vec<Issue>,
}

impl<'e> Lowerer<'e, '_> {
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
            let at = SegmentRef::new(m, s);
            let segment = match entry {
                Entry::Valid(segment) => segment,
                Entry::Invalid(_) => {
                    let issue =
                        Issue::in_segment(at, "", Problem::Export(ExportProblem::LeftOutInvalid));
                    self.warnings.push(issue);
                    continue;
                }
            };
            match segment {
                Segment::StaticVar(_) => {}
                Segment::SystemPrompt(_)
                | Segment::Memory(_)
                | Segment::Skills(_)
                | Segment::ToolOverview(_) => self.structural(segment, at),
                Segment::ToolCallRequest(request) => {
                    self.request(request, message.role, at, &mut turn);
                }
                Segment::ToolCallResult(result) => {
                    after_result = self.result(result, message.role, at, &mut turn);
                }
                Segment::Text(_)
                | Segment::LongText(_)
                | Segment::Document(_)
                | Segment::Media(_) => {
                    self.text_like(segment, message.role, at, after_result, &mut turn);
                }
            }
        }
        if !(turn.parts.is_empty() && turn.tool_uses.is_empty() && turn.results.is_empty()) {
            self.turns.push(turn);
        }
    }

    /// A structural segment's head block (and a tool_overview's declarations).
    fn structural(&mut self, segment: &'e Segment, at: SegmentRef) {
        let block = match segment {
            Segment::SystemPrompt(prompt) => {
                let joined = self.head_len + if self.head.is_empty() { 0 } else { 2 };
                self.head_state.len = joined;
                self.analysis.variables.expand_in_head(
                    &prompt.content,
                    at,
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
                self.declare_tools(overview, at);
                let lines = overview.items.iter().map(|item| {
                    format!("- {}({}): {}", item.name, item.parameters, item.description)
                });
                with_description(None, lines)
            }
            _ => return,
        };
        self.push_head(at, block);
    }

    /// A tool_call_request: a tool use of an assistant turn, else left out with a warning.
    fn request(
        &mut self,
        request: &'e ToolCallRequestSegment,
        role: Role,
        at: SegmentRef,
        turn: &mut Turn<'e>,
    ) {
        let index = self.next_request;
        self.next_request += 1;
        let Some(call) = self.analysis.calls.requests.get(index) else {
            return;
        };
        if role == Role::Assistant {
            turn.tool_uses.push(ToolUse {
                at,
                id: call.call_id.clone(),
                call_id: request.call_id.as_deref(),
                name: &request.tool_name,
                arguments: &request.arguments,
            });
        } else {
            let role = role.as_str();
            self.warnings.push(Issue::in_segment(
                at,
                "",
                Problem::Export(ExportProblem::RequestOutsideAssistant { role }),
            ));
        }
    }

    /// A tool_call_result: kept with the id of the request it answers, or left out.
    fn result(
        &mut self,
        result: &'e ToolCallResultSegment,
        role: Role,
        at: SegmentRef,
        turn: &mut Turn<'e>,
    ) -> AfterResult {
        let answer = self.analysis.calls.answers.get(self.next_answer);
        self.next_answer += 1;
        if role != Role::Tool {
            let role = role.as_str();
            self.warnings.push(Issue::in_segment(
                at,
                "",
                Problem::Export(ExportProblem::ResultOutsideTool { role }),
            ));
        }
        let request = answer
            .and_then(|answer| answer.request)
            .and_then(|request| self.analysis.calls.requests.get(request));
        let Some(request) = request else {
            let tool = result.tool_name.clone();
            self.warnings.push(Issue::in_segment(
                at,
                "",
                Problem::Envelope(EnvelopeProblem::UnmatchedResult { tool }),
            ));
            return AfterResult::Dropped;
        };
        // The request's own segment: its toolName and callId (a result names its call by them
        // in Gemini; export ids can collide, DECISIONS §7, so they are not looked up by id).
        let asked = match self.envelope.segment_at(request.message, request.segment) {
            Some(Segment::ToolCallRequest(asked)) => Some(asked),
            _ => None,
        };
        turn.results.push(ToolResult {
            sources: vec![(at, 0..result.result.len())],
            at,
            id: request.call_id.clone(),
            name: &result.tool_name,
            request_name: asked.map_or(&result.tool_name, |asked| &asked.tool_name),
            request_call_id: asked.and_then(|asked| asked.call_id.as_deref()),
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
        at: SegmentRef,
        after_result: AfterResult,
        turn: &mut Turn<'e>,
    ) {
        let Some(content) = text_like(segment, role == Role::User) else {
            return;
        };
        let stray = |problem| Issue::in_segment(at, "", problem);
        match role {
            Role::System => self.push_head(at, content.as_text().to_owned()),
            Role::Tool => match after_result {
                AfterResult::Kept => {
                    if let Some(result) = turn.results.last_mut() {
                        let text = result.content.to_mut();
                        text.push_str("\n\n");
                        let start = text.len();
                        text.push_str(content.as_text());
                        result.sources.push((at, start..text.len()));
                    }
                }
                AfterResult::None => self
                    .warnings
                    .push(stray(Problem::Export(ExportProblem::TextBeforeResult))),
                AfterResult::Dropped => self.warnings.push(stray(Problem::Export(
                    ExportProblem::TextAfterDroppedResult,
                ))),
            },
            Role::User | Role::Assistant => turn.parts.push(Part { at, content }),
        }
    }

    fn push_head(&mut self, at: SegmentRef, block: String) {
        if !block.is_empty() {
            // "\n\n" joins the blocks.
            self.head_len += block.len() + if self.head.is_empty() { 0 } else { 2 };
            self.head.push((at, block));
        }
    }

    fn declare_tools(&mut self, overview: &'e ToolOverviewSegment, at: SegmentRef) {
        for (k, item) in overview.items.iter().enumerate() {
            self.tool_items += 1;
            if let Some(&(first, first_item)) = self.tool_names.get(item.name.as_str()) {
                self.warnings.push(Issue::in_segment(
                    at,
                    &format!(".items[{k}].name"),
                    Problem::Export(ExportProblem::DuplicateTool {
                        name: item.name.clone(),
                        first: first.item_path(first_item),
                    }),
                ));
                continue;
            }
            self.tool_names.insert(&item.name, (at, k));
            self.tools.push(Tool {
                at,
                item: k,
                name: &item.name,
                description: &item.description,
                schema: item.schema.as_ref(),
            });
        }
    }

    fn finish(mut self) -> Conversation<'e> {
        self.head_state.finish("messages", &mut self.warnings);
        self.warnings.extend(super::calls::unanswered(
            self.envelope,
            &self.analysis.calls,
        ));
        let model = self.envelope.model.as_deref().filter(|m| !m.is_empty());
        if model.is_none() {
            self.warnings.push(Issue::new(
                "model",
                Problem::Export(ExportProblem::ModelMissing),
            ));
        }
        Conversation {
            model,
            head: join_head(self.head),
            turns: self.turns,
            tools: self.tools,
            tool_items: self.tool_items,
            warnings: self.warnings,
            // The providers' checks are run by `crate::export::lower`, a layer above.
            checks: super::checks::Checks::default(),
        }
    }
}

fn join_head(blocks: Vec<(SegmentRef, String)>) -> Option<Head> {
    if blocks.is_empty() {
        return None;
    }
    let len = blocks.iter().map(|(_, b)| b.len() + 2).sum::<usize>();
    let mut text = String::with_capacity(len);
    let mut sources = Vec::with_capacity(blocks.len());
    for (at, block) in blocks {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        let start = text.len();
        text.push_str(&block);
        sources.push((at, start..text.len()));
    }
    Some(Head { text, sources })
}
