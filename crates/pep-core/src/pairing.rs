//! Pairing tool_call_results with tool_call_requests (spec §5.2, DECISIONS §3): each result
//! answers the earliest earlier unanswered request of the same `toolName` (FIFO per name).
//! Validation and export share this one pass so their warnings can never disagree.

use std::collections::{HashMap, VecDeque};

use crate::model::{Entry, Envelope, Role, Segment};

/// One tool_call_request, in envelope order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Index of the message holding it.
    pub message: usize,
    /// Index of the segment in that message.
    pub segment: usize,
    /// `call_N`, counting every request of the envelope in order.
    pub call_id: String,
    /// The role of the message holding it.
    pub role: Role,
    /// Whether it stands in an assistant message; only those are exported and answerable.
    pub exported: bool,
    /// Whether a later result answers it.
    pub answered: bool,
}

/// One tool_call_result, in envelope order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Index of the message holding it.
    pub message: usize,
    /// Index of the segment in that message.
    pub segment: usize,
    /// Index into [`ToolCalls::requests`] of the request it answers, if any.
    pub request: Option<usize>,
}

/// The tool calls of an envelope and how they pair up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolCalls {
    /// Every valid request, in envelope order.
    pub requests: Vec<Request>,
    /// Every valid result, in envelope order.
    pub answers: Vec<Answer>,
}

impl ToolCalls {
    /// Pairs the valid requests and results of `envelope`.
    pub fn pair(envelope: &Envelope) -> Self {
        let mut calls = ToolCalls::default();
        let mut waiting: HashMap<&str, VecDeque<usize>> = HashMap::new();
        for (m, message) in envelope.messages.iter().enumerate() {
            let Entry::Valid(message) = message else {
                continue;
            };
            for (s, segment) in message.segments.iter().enumerate() {
                match segment {
                    Entry::Valid(Segment::ToolCallRequest(request)) => {
                        let index = calls.requests.len();
                        let exported = message.role == Role::Assistant;
                        if exported {
                            waiting
                                .entry(request.tool_name.as_str())
                                .or_default()
                                .push_back(index);
                        }
                        calls.requests.push(Request {
                            message: m,
                            segment: s,
                            call_id: format!("call_{}", index + 1),
                            role: message.role,
                            exported,
                            answered: false,
                        });
                    }
                    Entry::Valid(Segment::ToolCallResult(result)) => {
                        let request = waiting
                            .get_mut(result.tool_name.as_str())
                            .and_then(VecDeque::pop_front);
                        if let Some(index) = request {
                            calls.requests[index].answered = true;
                        }
                        calls.answers.push(Answer {
                            message: m,
                            segment: s,
                            request,
                        });
                    }
                    _ => {}
                }
            }
        }
        calls
    }
}
