//! The warnings about tool calls that validation and every export share: ids that two exported
//! calls would have, repeated `callId`s, requests never answered.

use crate::issue::{EnvelopeProblem, Issue, Problem};
use crate::model::{Envelope, Segment};
use crate::pairing::{Request, ToolCalls};
use crate::path::SegmentRef;

/// The address of a request's segment.
fn at(request: &Request) -> SegmentRef {
    SegmentRef::new(request.message, request.segment)
}

/// The warnings for exported requests that would share an id, then those for requests whose
/// `callId` an earlier one holds, in that order (shared with validation).
pub(crate) fn call_id_warnings(calls: &ToolCalls) -> Vec<Issue> {
    let mut warnings = id_collisions(calls);
    for duplicate in &calls.duplicates {
        let (Some(request), Some(first)) = (
            calls.requests.get(duplicate.request),
            calls.requests.get(duplicate.first),
        ) else {
            continue;
        };
        warnings.push(duplicate_call_id(request, first, &duplicate.call_id));
    }
    warnings
}

/// The warnings for exported requests that would share an id (shared with validation).
pub(crate) fn id_collisions(calls: &ToolCalls) -> Vec<Issue> {
    calls
        .collisions
        .iter()
        .filter_map(|&(index, earlier)| {
            let (request, first) = (calls.requests.get(index)?, calls.requests.get(earlier)?);
            Some(Issue::in_segment(
                at(request),
                "",
                Problem::Envelope(EnvelopeProblem::ExportIdCollision {
                    id: request.call_id.clone(),
                    first: at(first).path(),
                }),
            ))
        })
        .collect()
}

/// The warning for a request whose `callId` an earlier one holds (shared with validation).
pub(crate) fn duplicate_call_id(request: &Request, first: &Request, call_id: &str) -> Issue {
    Issue::in_segment(
        at(request),
        ".callId",
        Problem::Envelope(EnvelopeProblem::DuplicateCallId {
            call_id: call_id.to_owned(),
            first: at(first).path(),
            id: request.call_id.clone(),
        }),
    )
}

/// A warning for each exported request that no result answers, in envelope order.
pub(crate) fn unanswered(envelope: &Envelope, calls: &ToolCalls) -> Vec<Issue> {
    calls
        .requests
        .iter()
        .filter(|r| r.exported && !r.answered)
        .filter_map(|request| {
            let Some(Segment::ToolCallRequest(segment)) =
                envelope.segment_at(request.message, request.segment)
            else {
                return None;
            };
            Some(Issue::in_segment(
                at(request),
                "",
                Problem::Envelope(EnvelopeProblem::UnansweredRequest {
                    tool: segment.tool_name.clone(),
                }),
            ))
        })
        .collect()
}
