//! A Gemini `Content` as messages (DECISIONS §14): `user` (or no role) and `function` turns
//! give their functionResponses as one tool message, then a user message of the other parts;
//! `model` turns give assistant messages, split where a text follows a call and where a
//! functionResponse stands.

use serde_json::Value;

use super::node::Node;
use super::parts::{Piece, Thinking, part};
use crate::issue::{GeminiProblem, ImportProblem, LeftOut, Problem};
use crate::model::Role;
use crate::provider::read::Report;
use crate::provider::read::draft::Draft;
use crate::provider::read::shown;

/// The roles a content may have, compared without case (Google's own Vertex samples write
/// `USER`).
const ROLES: &[&str] = &["user", "model", "function"];

/// Reads the content `value` at `path` into `draft`.
pub(super) fn content(
    value: &Value,
    path: String,
    draft: &mut Draft,
    thinking: &mut Thinking,
    report: &mut Report,
) {
    let Some(content) = Node::plain(value, path, &["role", "parts"], report) else {
        return;
    };
    let model = match content.str("role", report) {
        // An empty role is an unset one (proto3), which the API reads as `user`.
        None | Some("") => false,
        Some(role) if role.eq_ignore_ascii_case("model") => true,
        Some(role) if ROLES.iter().any(|r| role.eq_ignore_ascii_case(r)) => false,
        Some(other) => {
            let problem = ImportProblem::UnknownRole {
                found: other.to_owned(),
                expected: ROLES,
            };
            report.error(content.at("role"), Problem::Import(problem));
            return;
        }
    };
    if content.get("parts").is_none() {
        content.missing("parts", report);
        return;
    }
    let mut pieces = Vec::new();
    for (at, value) in content.list("parts", report) {
        let read = part(value, at.clone(), model, thinking, report);
        pieces.extend(read.into_iter().map(|piece| (at.clone(), piece)));
    }
    let kept = if model {
        model_turn(pieces, draft)
    } else {
        user_turn(pieces, draft, report)
    };
    if !kept {
        report.left_out(shown(&content.path), LeftOut::EmptyMessage);
    }
}

/// A user turn: its functionResponses as one tool message (a warning when one stood after
/// another part), then the other parts as a user message. Whether anything was kept.
pub(crate) fn user_turn(
    pieces: Vec<(String, Piece)>,
    draft: &mut Draft,
    report: &mut Report,
) -> bool {
    let mut results = Vec::new();
    let mut others = Vec::new();
    let mut moved = false;
    for (path, piece) in pieces {
        match piece {
            Piece::Response(result) => {
                if !others.is_empty() && !moved {
                    moved = true;
                    let problem = GeminiProblem::ResponsesMovedFirst;
                    report.warn(path, Problem::Gemini(problem));
                }
                results.push(result);
            }
            // Left out (and warned) by the part reader in a user turn: never met here.
            Piece::Call(_) => {}
            Piece::Segment(segment) => others.push(segment),
        }
    }
    let kept = !(results.is_empty() && others.is_empty());
    draft.end_run();
    for result in results {
        draft.push_result(result);
    }
    draft.push(Role::User, others);
    kept
}

/// A model turn: texts, media and calls in order, a new assistant message wherever a text
/// follows a call (the export writes texts first, then calls); a functionResponse splits the
/// turn there (the parts before, a tool message, the rest). Whether anything was kept.
pub(crate) fn model_turn(pieces: Vec<(String, Piece)>, draft: &mut Draft) -> bool {
    let kept = !pieces.is_empty();
    let mut segments = Vec::new();
    let mut after_call = false;
    draft.end_run();
    for (_, piece) in pieces {
        match piece {
            Piece::Segment(segment) => {
                if after_call {
                    draft.push(Role::Assistant, std::mem::take(&mut segments));
                    after_call = false;
                }
                segments.push(segment);
            }
            Piece::Call(request) => {
                segments.push(request);
                after_call = true;
            }
            Piece::Response(result) => {
                if !segments.is_empty() {
                    draft.push(Role::Assistant, std::mem::take(&mut segments));
                }
                after_call = false;
                draft.push_result(result);
            }
        }
    }
    draft.push(Role::Assistant, segments);
    kept
}
