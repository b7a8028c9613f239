//! Checks that need more than one node at a time (DECISIONS §1): duplicate ids, timestamps
//! going backwards, charCount, URLs, variables and tool-call pairing. Structural problems are
//! found while decoding ([`crate::decode`]).

use std::collections::{HashMap, HashSet};

use crate::cap::Cap;
use crate::issue::{EnvelopeProblem, ExportProblem, Issue, Problem, StructureProblem};
use crate::lower::{Analysis, call_id_warnings};
use crate::model::{Entry, Envelope, Message, Segment};
use crate::pairing::ToolCalls;
use crate::path::{SegmentRef, message_path};
use crate::template::{Token, Variables, token_iter, unknown_placeholder, unknown_placeholders};

/// Every cross-node problem of `envelope`, in document order where there is one.
pub fn check(envelope: &Envelope) -> Vec<Issue> {
    check_with(envelope, &Analysis::of(envelope))
}

/// [`check`] with the variables and pairing already computed, so that validation and every
/// export share one [`Analysis`].
pub fn check_with(envelope: &Envelope, analysis: &Analysis<'_>) -> Vec<Issue> {
    let mut walk = Walk {
        variables: &analysis.variables,
        issues: Vec::new(),
        used_variables: HashSet::new(),
        first_ids: HashMap::new(),
        previous_timestamp: None,
        next_answer: 0,
        unknown: unknown_placeholders(),
    };
    for (m, entry) in envelope.messages.iter().enumerate() {
        walk.header(m, entry);
        if let Entry::Valid(message) = entry {
            walk.segments(m, message, &analysis.calls);
        }
    }
    let Walk {
        mut issues,
        used_variables,
        unknown,
        ..
    } = walk;
    issues.extend(unknown.summary("messages"));
    issues.extend(request_warnings(envelope, &analysis.calls));
    issues.extend(call_id_warnings(&analysis.calls));
    issues.extend(analysis.variables.duplicates().iter().cloned());
    issues.extend(unused_variables(&analysis.variables, &used_variables));
    issues
}

/// The state of validation's one walk over the messages.
struct Walk<'e, 'a> {
    variables: &'a Variables<'e>,
    issues: Vec<Issue>,
    used_variables: HashSet<&'e str>,
    first_ids: HashMap<&'e str, usize>,
    previous_timestamp: Option<i64>,
    /// Index of the next result in the pairing, which lists them in order.
    next_answer: usize,
    unknown: Cap,
}

impl<'e> Walk<'e, '_> {
    /// Duplicate ids and time order. An invalid message still takes part with whatever id
    /// and timestamp it has, so its neighbours' duplicates and time order are reported too.
    fn header(&mut self, m: usize, entry: &'e Entry<Message>) {
        let (id, timestamp) = header(entry);
        if let Some(id) = id {
            if let Some(&first) = self.first_ids.get(id) {
                self.issues.push(Issue::in_message(
                    m,
                    ".id",
                    Problem::Structure(StructureProblem::DuplicateId {
                        id: id.to_owned(),
                        first: message_path(first),
                    }),
                ));
            } else {
                self.first_ids.insert(id, m);
            }
        }
        if let Some(current) = timestamp {
            if let Some(previous) = self.previous_timestamp
                && current < previous
            {
                self.issues.push(Issue::in_message(
                    m,
                    ".timestamp",
                    Problem::Envelope(EnvelopeProblem::TimestampBackwards { previous, current }),
                ));
            }
            self.previous_timestamp = Some(current);
        }
    }

    /// Placeholders of system prompts, and results that answer nothing.
    fn segments(&mut self, m: usize, message: &'e Message, calls: &ToolCalls) {
        for (s, segment) in message.segments.iter().enumerate() {
            let Entry::Valid(segment) = segment else {
                continue;
            };
            let at = SegmentRef::new(m, s);
            match segment {
                Segment::SystemPrompt(prompt) => self.placeholders(at, &prompt.content),
                Segment::ToolCallResult(result) => {
                    let answer = calls.answers.get(self.next_answer);
                    self.next_answer += 1;
                    if answer.is_some_and(|answer| answer.request.is_none()) {
                        let tool = result.tool_name.clone();
                        let problem = Problem::Envelope(EnvelopeProblem::UnmatchedResult { tool });
                        self.issues.push(Issue::in_segment(at, "", problem));
                    }
                }
                Segment::Text(_)
                | Segment::StaticVar(_)
                | Segment::Memory(_)
                | Segment::Skills(_)
                | Segment::ToolOverview(_)
                | Segment::ToolCallRequest(_)
                | Segment::LongText(_)
                | Segment::Media(_)
                | Segment::Document(_) => {}
            }
        }
    }

    fn placeholders(&mut self, at: SegmentRef, content: &'e str) {
        for token in token_iter(content) {
            let Token::Placeholder { raw, name } = token else {
                continue;
            };
            if self.variables.get(name).is_some() {
                self.used_variables.insert(name);
            } else if self.unknown.admit() {
                self.issues.push(unknown_placeholder(at, raw, name));
            }
        }
    }
}

/// Requests outside an assistant message (left out by the export, so never answered) and
/// requests never answered.
fn request_warnings(envelope: &Envelope, calls: &ToolCalls) -> Vec<Issue> {
    let mut issues = Vec::new();
    for request in &calls.requests {
        let Some(Segment::ToolCallRequest(segment)) =
            envelope.segment_at(request.message, request.segment)
        else {
            continue;
        };
        let at = SegmentRef::new(request.message, request.segment);
        if !request.exported {
            // Same warning as the export's: it will be left out, so it is never answered.
            let role = request.role.as_str();
            let problem = Problem::Export(ExportProblem::RequestOutsideAssistant { role });
            issues.push(Issue::in_segment(at, "", problem));
        } else if !request.answered {
            let tool = segment.tool_name.clone();
            let problem = Problem::Envelope(EnvelopeProblem::UnansweredRequest { tool });
            issues.push(Issue::in_segment(at, "", problem));
        }
    }
    issues
}

/// A warning for each variable no placeholder uses, in order of definition.
fn unused_variables(variables: &Variables<'_>, used: &HashSet<&str>) -> Vec<Issue> {
    variables
        .iter()
        .filter(|(name, _)| !used.contains(name))
        .map(|(name, definition)| {
            let name = name.to_owned();
            Issue::in_segment(
                definition.at,
                ".name",
                Problem::Envelope(EnvelopeProblem::UnusedVariable { name }),
            )
        })
        .collect()
}

/// A message's id and timestamp, read from the raw JSON when the message is invalid.
fn header(entry: &Entry<Message>) -> (Option<&str>, Option<i64>) {
    match entry {
        Entry::Valid(message) => (Some(&message.id), Some(message.timestamp)),
        Entry::Invalid(invalid) => {
            let id = invalid.raw.get("id").and_then(|id| id.as_str());
            let timestamp = invalid
                .raw
                .get("timestamp")
                .and_then(|t| t.as_number())
                .map(|t| t.to_string())
                .filter(|t| {
                    t.bytes()
                        .enumerate()
                        .all(|(i, b)| b.is_ascii_digit() || (i == 0 && b == b'-'))
                })
                .and_then(|t| t.parse().ok());
            (id, timestamp)
        }
    }
}
