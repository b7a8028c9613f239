//! The providers' rules on the order of turns, checked on the lowered conversation so that
//! `pep validate`, the viewer and the exports say the same.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::issue::{AnthropicProblem, CheckProblem, Issue, Problem};
use crate::lower::{Conversation, PartContent, Turn};
use crate::model::Role;
use crate::path::SegmentRef;

/// OpenAI Chat Completions: every tool message must answer a call of the assistant message
/// just before it (other tool messages between them allowed), and an assistant message's
/// calls must all be answered before the next other message. A call never answered at all is
/// already a validation warning, so it is not reported twice. Linear in calls and results
/// whatever their order: the open calls are indexed by id.
pub fn openai_sequence(conversation: &Conversation<'_>) -> Vec<Issue> {
    let answered: HashSet<&str> = conversation
        .turns
        .iter()
        .flat_map(|turn| &turn.results)
        .map(|result| result.id.as_str())
        .collect();
    let mut issues = Vec::new();
    let mut open = OpenCalls::default();
    for turn in &conversation.turns {
        if has_own_message(turn) {
            for (id, at) in open.drain() {
                if answered.contains(id) {
                    let problem =
                        Problem::Check(CheckProblem::CallNotAnsweredNext { id: id.to_owned() });
                    issues.push(Issue::in_segment(at, "", problem));
                }
            }
            for call in &turn.tool_uses {
                open.push(&call.id, call.at);
            }
        }
        for result in &turn.results {
            if !open.answer(&result.id) {
                let problem = Problem::Check(CheckProblem::ToolMessageOutOfPlace {
                    id: result.id.clone(),
                });
                issues.push(Issue::in_segment(result.at, "", problem));
            }
        }
    }
    issues
}

/// The calls of the last assistant message still waiting for their tool message, in call
/// order, indexed by id: answering one in any order costs O(1).
#[derive(Default)]
struct OpenCalls<'c> {
    /// In call order; an answered call leaves `None`.
    calls: Vec<Option<(&'c str, SegmentRef)>>,
    /// Each waiting id and the positions in `calls` holding it, earliest first.
    by_id: HashMap<&'c str, VecDeque<usize>>,
}

impl<'c> OpenCalls<'c> {
    fn push(&mut self, id: &'c str, at: SegmentRef) {
        self.by_id
            .entry(id)
            .or_default()
            .push_back(self.calls.len());
        self.calls.push(Some((id, at)));
    }

    /// Marks the earliest waiting call with `id` answered; `false` when none waits.
    fn answer(&mut self, id: &str) -> bool {
        let Some(waiting) = self.by_id.get_mut(id) else {
            return false;
        };
        let Some(position) = waiting.pop_front() else {
            return false;
        };
        if waiting.is_empty() {
            self.by_id.remove(id);
        }
        if let Some(slot) = self.calls.get_mut(position) {
            *slot = None;
        }
        true
    }

    /// The calls still waiting, in call order; none waits afterwards.
    fn drain(&mut self) -> impl Iterator<Item = (&'c str, SegmentRef)> + '_ {
        self.by_id.clear();
        self.calls.drain(..).flatten()
    }
}

/// Whether the turn gives an OpenAI message of its own (not only tool messages).
fn has_own_message(turn: &Turn<'_>) -> bool {
    match turn.role {
        Role::User => !turn.parts.is_empty(),
        Role::Assistant => !(turn.parts.is_empty() && turn.tool_uses.is_empty()),
        Role::System | Role::Tool => false,
    }
}

/// Anthropic Messages (DECISIONS §5): after merging consecutive turns of one role, the first
/// must be a user turn, and a final assistant turn must not end in whitespace (looking at its
/// last block when that is text). The export invents and trims nothing; it warns.
pub fn anthropic_turns(conversation: &Conversation<'_>) -> Vec<Issue> {
    let mut issues = Vec::new();
    // (assistant, the turn's first block), for the first non-empty turn.
    let mut first: Option<(bool, SegmentRef)> = None;
    // The final merged turn: assistant or not, and its last block and text.
    let mut last: Option<(bool, SegmentRef, Option<&str>)> = None;
    for turn in &conversation.turns {
        let assistant = turn.role == Role::Assistant;
        let own_first = turn.parts.first().map(|p| p.at);
        let own_first = own_first.or_else(|| turn.tool_uses.first().map(|c| c.at));
        if let Some(path) = own_first {
            first.get_or_insert((assistant, path));
            let last_block = match turn.tool_uses.last() {
                Some(call) => (call.at, None),
                None => match turn.parts.last() {
                    Some(part) => (part.at, text_of(&part.content)),
                    None => (path, None),
                },
            };
            last = Some((assistant, last_block.0, last_block.1));
        }
        if let Some(result) = turn.results.last() {
            if let Some(first_result) = turn.results.first() {
                first.get_or_insert((false, first_result.at));
            }
            last = Some((false, result.at, None));
        }
    }
    match first {
        None => issues.push(Issue::new(
            "messages",
            Problem::Anthropic(AnthropicProblem::FirstTurnNotUser),
        )),
        Some((true, at)) => issues.push(Issue::in_segment(
            at,
            "",
            Problem::Anthropic(AnthropicProblem::FirstTurnNotUser),
        )),
        Some((false, _)) => {}
    }
    if let Some((true, at, Some(text))) = last
        && text.chars().next_back().is_some_and(char::is_whitespace)
    {
        issues.push(Issue::in_segment(
            at,
            "",
            Problem::Anthropic(AnthropicProblem::TrailingWhitespace),
        ));
    }
    issues
}

/// The text a part sends as a text block (an image sends none).
fn text_of<'a>(content: &'a PartContent<'_>) -> Option<&'a str> {
    match content {
        PartContent::Image { .. } => None,
        other => Some(other.as_text()),
    }
}
