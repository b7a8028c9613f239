//! The providers' rules on the order of turns, checked on the lowered conversation so that
//! `pep validate`, the viewer and the exports say the same.

use std::collections::HashSet;

use crate::issue::{Issue, Problem};
use crate::lower::{Conversation, PartContent, Turn};
use crate::model::Role;

/// OpenAI Chat Completions: every tool message must answer a call of the assistant message
/// just before it (other tool messages between them allowed), and an assistant message's
/// calls must all be answered before the next other message. A call never answered at all is
/// already a validation warning, so it is not reported twice.
pub fn openai_sequence(conversation: &Conversation<'_>) -> Vec<Issue> {
    let answered: HashSet<&str> = conversation
        .turns
        .iter()
        .flat_map(|turn| &turn.results)
        .map(|result| result.id.as_str())
        .collect();
    let mut issues = Vec::new();
    // The calls of the last assistant message still waiting for their tool message.
    let mut open: Vec<(&str, &str)> = Vec::new();
    for turn in &conversation.turns {
        if has_own_message(turn) {
            for (id, path) in open.drain(..) {
                if answered.contains(id) {
                    issues.push(Issue::new(
                        path,
                        Problem::CallNotAnsweredNext { id: id.to_owned() },
                    ));
                }
            }
            open.extend(
                turn.tool_uses
                    .iter()
                    .map(|c| (c.id.as_str(), c.path.as_str())),
            );
        }
        for result in &turn.results {
            match open.iter().position(|(id, _)| *id == result.id) {
                Some(at) => {
                    open.remove(at);
                }
                None => issues.push(Issue::new(
                    result.path.clone(),
                    Problem::ToolMessageOutOfPlace {
                        id: result.id.clone(),
                    },
                )),
            }
        }
    }
    issues
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
    // (assistant, path of the turn's first block), for the first non-empty turn.
    let mut first: Option<(bool, &str)> = None;
    // The final merged turn: assistant or not, and its last block's path and text.
    let mut last: Option<(bool, &str, Option<&str>)> = None;
    for turn in &conversation.turns {
        let assistant = turn.role == Role::Assistant;
        let own_first = turn.parts.first().map(|p| p.path.as_str());
        let own_first = own_first.or_else(|| turn.tool_uses.first().map(|c| c.path.as_str()));
        if let Some(path) = own_first {
            first.get_or_insert((assistant, path));
            let last_block = match turn.tool_uses.last() {
                Some(call) => (call.path.as_str(), None),
                None => match turn.parts.last() {
                    Some(part) => (part.path.as_str(), text_of(&part.content)),
                    None => (path, None),
                },
            };
            last = Some((assistant, last_block.0, last_block.1));
        }
        if let Some(result) = turn.results.last() {
            if let Some(first_result) = turn.results.first() {
                first.get_or_insert((false, first_result.path.as_str()));
            }
            last = Some((false, result.path.as_str(), None));
        }
    }
    match first {
        None => issues.push(Issue::new("messages", Problem::FirstTurnNotUser)),
        Some((true, path)) => issues.push(Issue::new(path, Problem::FirstTurnNotUser)),
        Some((false, _)) => {}
    }
    if let Some((true, path, Some(text))) = last
        && text.chars().next_back().is_some_and(char::is_whitespace)
    {
        issues.push(Issue::new(path, Problem::TrailingWhitespace));
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
