//! OpenAI Chat Completions' rule on the order of tool messages, checked on the lowered
//! conversation (`provider::checks` runs it once per lowering) so that `pep validate`, the
//! viewer and the exports say the same.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::issue::{CheckProblem, Issue, Problem};
use crate::lower::{Conversation, Turn};
use crate::model::Role;
use crate::path::SegmentRef;

/// OpenAI Chat Completions: every tool message must answer a call of the assistant message
/// just before it (other tool messages between them allowed), and an assistant message's
/// calls must all be answered before the next other message. A call never answered at all is
/// already a validation warning, so it is not reported twice. Linear in calls and results
/// whatever their order: the open calls are indexed by id.
pub(crate) fn sequence(conversation: &Conversation<'_>) -> Vec<Issue> {
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
