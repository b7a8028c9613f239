//! `tool_call_result`: what a tool returned (spec §3.8, DECISIONS §7).

use serde_json::Value;

use crate::model::read::{Input, fill_extra};
use crate::model::write::{flag, kind, object, optional, text};
use crate::model::{Extra, SegmentKind};

/// What a tool returned (spec §3.8).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallResultSegment {
    /// The tool that ran.
    pub tool_name: String,
    /// Result text.
    pub result: String,
    /// Whether the call succeeded.
    pub success: bool,
    /// `callId` of the request it answers (DECISIONS §7 extension); `None` when absent or
    /// empty.
    pub call_id: Option<String>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `tool_call_result` segment (spec §3.8: `toolName`, `result`, `success` and
/// `collapsed` required, `callId` optional).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<ToolCallResultSegment> {
    let repair = input.repair();
    let names = &[
        "kind",
        "toolName",
        "result",
        "success",
        "collapsed",
        "callId",
    ];
    let (mut f, _) = input.read(names);
    let tool_name = f.string("toolName");
    let call_id = f.optional_string("callId");
    let result = f.string("result");
    let success = f.boolean("success");
    // Spec §7.2: a success folds away, a failure stays open.
    let default = success.unwrap_or(true);
    let collapsed = f.collapsed(SegmentKind::ToolCallResult.as_str(), default, repair);
    f.build(|extra| {
        Some(ToolCallResultSegment {
            tool_name: tool_name?,
            result: result?,
            success: success?,
            call_id: call_id.filter(|id| !id.is_empty()),
            collapsed,
            extra,
        })
    })
}

/// Writes a `tool_call_result` segment back, keys in spec §3.8 order unless the input had
/// another.
pub(crate) fn encode(segment: &ToolCallResultSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::ToolCallResult),
            ("toolName", text(&segment.tool_name)),
            ("result", text(&segment.result)),
            ("success", flag(segment.success)),
            ("collapsed", flag(segment.collapsed)),
            ("callId", optional(&segment.call_id)),
        ],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut ToolCallResultSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
