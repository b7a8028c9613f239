//! Checks that need more than one node at a time (DECISIONS §1): duplicate ids, timestamps
//! going backwards, charCount, URLs, variables and tool-call pairing. Structural problems are
//! found while decoding ([`crate::decode`]).

use std::collections::{HashMap, HashSet};

use crate::issue::{Issue, Problem};
use crate::model::{Entry, Envelope, Segment};
use crate::pairing::ToolCalls;
use crate::path::{message_path, segment_path};
use crate::template::{Token, Variables, tokens, unknown_placeholder};
use crate::url::is_allowed_media_url;

/// Every cross-node problem of `envelope`, in document order where there is one.
pub fn check(envelope: &Envelope) -> Vec<Issue> {
    let mut issues = Vec::new();
    let variables = Variables::collect(envelope);
    let calls = ToolCalls::pair(envelope);
    let mut used_variables = HashSet::new();
    let mut first_ids: HashMap<&str, usize> = HashMap::new();
    let mut previous_timestamp = None;
    let mut answers = calls.answers.iter();

    for (m, message) in envelope.messages.iter().enumerate() {
        let Entry::Valid(message) = message else {
            continue;
        };
        if let Some(&first) = first_ids.get(message.id.as_str()) {
            issues.push(Issue::new(
                format!("{}.id", message_path(m)),
                Problem::DuplicateId {
                    id: message.id.clone(),
                    first: message_path(first),
                },
            ));
        } else {
            first_ids.insert(&message.id, m);
        }
        if let Some(previous) = previous_timestamp
            && message.timestamp < previous
        {
            issues.push(Issue::new(
                format!("{}.timestamp", message_path(m)),
                Problem::TimestampBackwards {
                    previous,
                    current: message.timestamp,
                },
            ));
        }
        previous_timestamp = Some(message.timestamp);

        for (s, segment) in message.segments.iter().enumerate() {
            let Entry::Valid(segment) = segment else {
                continue;
            };
            let path = segment_path(m, s);
            match segment {
                Segment::SystemPrompt(prompt) => {
                    for token in tokens(&prompt.content) {
                        let Token::Placeholder { raw, name } = token else {
                            continue;
                        };
                        if variables.get(name).is_some() {
                            used_variables.insert(name);
                        } else {
                            issues.push(unknown_placeholder(&format!("{path}.content"), raw, name));
                        }
                    }
                }
                Segment::LongText(long) => {
                    let actual = long.content.chars().count();
                    if long.char_count != actual as u64 {
                        issues.push(Issue::new(
                            format!("{path}.charCount"),
                            Problem::CharCountMismatch {
                                declared: long.char_count.to_string(),
                                actual,
                            },
                        ));
                    }
                }
                Segment::Media(media) => {
                    if !is_allowed_media_url(&media.url) {
                        issues.push(Issue::new(
                            format!("{path}.url"),
                            Problem::BlockedUrl {
                                url: media.url.clone(),
                            },
                        ));
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
                | Segment::Document(_) => {}
            }
        }
    }

    for request in calls.requests.iter().filter(|r| r.exported && !r.answered) {
        if let Some(Segment::ToolCallRequest(segment)) =
            segment_at(envelope, request.message, request.segment)
        {
            issues.push(Issue::new(
                segment_path(request.message, request.segment),
                Problem::UnansweredRequest {
                    tool: segment.tool_name.clone(),
                },
            ));
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

/// The valid segment at a position, if any.
pub(crate) fn segment_at(envelope: &Envelope, message: usize, segment: usize) -> Option<&Segment> {
    envelope
        .messages
        .get(message)?
        .valid()?
        .segments
        .get(segment)?
        .valid()
}
