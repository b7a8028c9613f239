//! Anthropic Messages' rules on the first and final turns (DECISIONS §5), checked on the
//! lowered conversation (`provider::checks` runs it once per lowering) so that `pep validate`,
//! the viewer and the export's own warnings say the same.

use crate::issue::{AnthropicProblem, Issue, Problem};
use crate::lower::{Conversation, PartContent};
use crate::model::Role;
use crate::path::SegmentRef;

/// Anthropic Messages (DECISIONS §5): after merging consecutive turns of one role, the first
/// must be a user turn, and a final assistant turn must not end in whitespace (looking at its
/// last block when that is text). The export invents and trims nothing; it warns.
pub(crate) fn turns(conversation: &Conversation<'_>) -> Vec<Issue> {
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
