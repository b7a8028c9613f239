//! Checks that need more than one node at a time (DECISIONS §1): duplicate ids, timestamps
//! going backwards, charCount, URLs, variables and tool-call pairing. Structural problems are
//! found while decoding ([`crate::decode`]).

use std::collections::{HashMap, HashSet};

use crate::issue::{Issue, Problem};
use crate::lower::{Analysis, duplicate_call_id, id_collisions};
use crate::model::{Entry, Envelope, Message, Segment};
use crate::path::{message_path, segment_path};
use crate::template::{Token, token_iter, unknown_placeholder, unknown_placeholders};

/// Every cross-node problem of `envelope`, in document order where there is one.
pub fn check(envelope: &Envelope) -> Vec<Issue> {
    check_with(envelope, &Analysis::of(envelope))
}

/// [`check`] with the variables and pairing already computed, so that validation and every
/// export share one [`Analysis`].
pub fn check_with(envelope: &Envelope, analysis: &Analysis<'_>) -> Vec<Issue> {
    let mut issues = Vec::new();
    let variables = &analysis.variables;
    let calls = &analysis.calls;
    let mut used_variables = HashSet::new();
    let mut first_ids: HashMap<&str, usize> = HashMap::new();
    let mut previous_timestamp = None;
    let mut answers = calls.answers.iter();
    let mut unknown = unknown_placeholders();

    for (m, entry) in envelope.messages.iter().enumerate() {
        // An invalid message still takes part with whatever id and timestamp it has, so its
        // neighbours' duplicates and time order are reported too.
        let (id, timestamp) = header(entry);
        if let Some(id) = id {
            if let Some(&first) = first_ids.get(id) {
                issues.push(Issue::new(
                    format!("{}.id", message_path(m)),
                    Problem::DuplicateId {
                        id: id.to_owned(),
                        first: message_path(first),
                    },
                ));
            } else {
                first_ids.insert(id, m);
            }
        }
        if let Some(current) = timestamp {
            if let Some(previous) = previous_timestamp
                && current < previous
            {
                issues.push(Issue::new(
                    format!("{}.timestamp", message_path(m)),
                    Problem::TimestampBackwards { previous, current },
                ));
            }
            previous_timestamp = Some(current);
        }
        let Entry::Valid(message) = entry else {
            continue;
        };

        for (s, segment) in message.segments.iter().enumerate() {
            let Entry::Valid(segment) = segment else {
                continue;
            };
            let path = segment_path(m, s);
            match segment {
                Segment::SystemPrompt(prompt) => {
                    for token in token_iter(&prompt.content) {
                        let Token::Placeholder { raw, name } = token else {
                            continue;
                        };
                        if variables.get(name).is_some() {
                            used_variables.insert(name);
                        } else if unknown.admit() {
                            issues.push(unknown_placeholder(&format!("{path}.content"), raw, name));
                        }
                    }
                }
                Segment::ToolCallResult(result) => {
                    let answer = answers.next();
                    if answer.is_some_and(|answer| answer.request.is_none()) {
                        issues.push(Issue::new(
                            path,
                            Problem::UnmatchedResult {
                                tool: result.tool_name.clone(),
                            },
                        ));
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

    issues.extend(unknown.summary("messages"));

    for request in calls.requests.iter() {
        let Some(Segment::ToolCallRequest(segment)) =
            envelope.segment_at(request.message, request.segment)
        else {
            continue;
        };
        let path = segment_path(request.message, request.segment);
        if !request.exported {
            // Same warning as the export's: it will be left out, so it is never answered.
            let role = request.role.as_str();
            issues.push(Issue::new(path, Problem::RequestOutsideAssistant { role }));
        } else if !request.answered {
            issues.push(Issue::new(
                path,
                Problem::UnansweredRequest {
                    tool: segment.tool_name.clone(),
                },
            ));
        }
    }
    issues.extend(id_collisions(calls));
    for duplicate in &calls.duplicates {
        if let (Some(request), Some(first)) = (
            calls.requests.get(duplicate.request),
            calls.requests.get(duplicate.first),
        ) {
            issues.push(duplicate_call_id(request, first, &duplicate.call_id));
        }
    }
    issues.extend(variables.duplicates().iter().cloned());
    for (name, definition) in variables.iter() {
        if !used_variables.contains(name) {
            issues.push(Issue::new(
                format!("{}.name", definition.path),
                Problem::UnusedVariable {
                    name: name.to_owned(),
                },
            ));
        }
    }
    issues
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
