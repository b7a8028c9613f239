//! Pairing tool_call_results with tool_call_requests (spec §5.2, DECISIONS §3, §7): a result
//! answers the earlier unanswered request with its `callId`, else the earliest earlier
//! unanswered request of the same `toolName` (FIFO per name).
//! Validation and export share this one pass so their warnings can never disagree.

use std::collections::{HashMap, VecDeque};

use crate::model::{Entry, Envelope, Role, Segment, ToolCallResultSegment};

/// One tool_call_request, in envelope order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Index of the message holding it.
    pub message: usize,
    /// Index of the segment in that message.
    pub segment: usize,
    /// The id exports give it: its `callId`, else `call_N`, counting every request of the
    /// envelope in order (DECISIONS §7).
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
    /// Requests whose `callId` an earlier request already holds, in envelope order.
    pub duplicates: Vec<DuplicateCallId>,
    /// Requests whose export id an earlier request's export id already is (a `callId` that
    /// reads `call_N` next to the N-th request), as (request, first) indexes: the API would
    /// reject the repeated id.
    pub collisions: Vec<(usize, usize)>,
}

/// A request's `callId` met again on a later request: a warning, and the later one gets its
/// `call_N` (DECISIONS §7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateCallId {
    /// Index into [`ToolCalls::requests`] of the later request.
    pub request: usize,
    /// Index of the first request holding the same `callId`.
    pub first: usize,
    /// The `callId`.
    pub call_id: String,
}

impl ToolCalls {
    /// Pairs the valid requests and results of `envelope`: a result with a `callId` answers the
    /// earlier unanswered request holding that `callId`, else (and without one) the earliest
    /// earlier unanswered request of its `toolName` (DECISIONS §3, §7). Linear: requests
    /// answered through their `callId` stay in their name's queue and are skipped when met.
    pub fn pair(envelope: &Envelope) -> Self {
        let mut calls = ToolCalls::default();
        let mut by_name: HashMap<&str, VecDeque<usize>> = HashMap::new();
        let mut by_call_id: HashMap<&str, usize> = HashMap::new();
        for (m, message) in envelope.messages.iter().enumerate() {
            let Entry::Valid(message) = message else {
                continue;
            };
            for (s, segment) in message.segments.iter().enumerate() {
                match segment {
                    Entry::Valid(Segment::ToolCallRequest(request)) => {
                        let index = calls.requests.len();
                        let exported = message.role == Role::Assistant;
                        let mut call_id = None;
                        if let Some(id) = request.call_id.as_deref() {
                            match by_call_id.get(id) {
                                Some(&first) => calls.duplicates.push(DuplicateCallId {
                                    request: index,
                                    first,
                                    call_id: id.to_owned(),
                                }),
                                None => {
                                    by_call_id.insert(id, index);
                                    call_id = Some(id.to_owned());
                                }
                            }
                        }
                        if exported {
                            by_name
                                .entry(request.tool_name.as_str())
                                .or_default()
                                .push_back(index);
                        }
                        calls.requests.push(Request {
                            message: m,
                            segment: s,
                            call_id: call_id.unwrap_or_else(|| format!("call_{}", index + 1)),
                            role: message.role,
                            exported,
                            answered: false,
                        });
                    }
                    Entry::Valid(Segment::ToolCallResult(result)) => {
                        let request = calls.answer(result, &mut by_call_id, &mut by_name);
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
        calls.collisions = collisions(&calls.requests);
        calls
    }

    /// The request `result` answers, now marked answered.
    fn answer(
        &mut self,
        result: &ToolCallResultSegment,
        by_call_id: &mut HashMap<&str, usize>,
        by_name: &mut HashMap<&str, VecDeque<usize>>,
    ) -> Option<usize> {
        let requests = &mut self.requests;
        let by_id = result
            .call_id
            .as_deref()
            .and_then(|id| by_call_id.get(id).copied())
            .filter(|&index| {
                requests
                    .get(index)
                    .is_some_and(|r| r.exported && !r.answered)
            });
        let index = by_id.or_else(|| {
            let queue = by_name.get_mut(result.tool_name.as_str())?;
            while let Some(index) = queue.pop_front() {
                if requests.get(index).is_some_and(|r| !r.answered) {
                    return Some(index);
                }
            }
            None
        })?;
        let request = requests.get_mut(index)?;
        request.answered = true;
        Some(index)
    }
}

/// Exported requests whose export id an earlier exported request already has.
fn collisions(requests: &[Request]) -> Vec<(usize, usize)> {
    let mut first: HashMap<&str, usize> = HashMap::new();
    let mut found = Vec::new();
    for (index, request) in requests.iter().enumerate().filter(|(_, r)| r.exported) {
        match first.get(request.call_id.as_str()) {
            Some(&earlier) => found.push((index, earlier)),
            None => {
                first.insert(&request.call_id, index);
            }
        }
    }
    found
}
