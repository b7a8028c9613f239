//! `tool_call_request`: a tool call made by the model (spec §3.7, DECISIONS §7).

use serde_json::{Map, Value};

use crate::model::read::{Input, fill_extra};
use crate::model::write::{flag, kind, object, optional, text};
use crate::model::{Extra, SegmentKind};

/// A tool call made by the model (spec §3.7).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallRequestSegment {
    /// The called tool.
    pub tool_name: String,
    /// Arguments, keys and numbers exactly as written.
    pub arguments: Map<String, Value>,
    /// `callId`, the provider's call id (DECISIONS §7 extension); `None` when absent or empty.
    pub call_id: Option<String>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `tool_call_request` segment (spec §3.7: `toolName`, `arguments` and `collapsed`
/// required, `callId` optional; spec §7.2 leaves it open by default).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<ToolCallRequestSegment> {
    let repair = input.repair();
    let names = &["kind", "toolName", "arguments", "collapsed", "callId"];
    let (mut f, _) = input.read(names);
    let tool_name = f.string("toolName");
    let arguments = f.object_in("arguments");
    let call_id = f.optional_string("callId");
    let collapsed = f.collapsed(SegmentKind::ToolCallRequest.as_str(), false, repair);
    f.build(|extra| {
        Some(ToolCallRequestSegment {
            tool_name: tool_name?,
            arguments: arguments?,
            call_id: call_id.filter(|id| !id.is_empty()),
            collapsed,
            extra,
        })
    })
}

/// Writes a `tool_call_request` segment back, keys in spec §3.7 order unless the input had
/// another.
pub(crate) fn encode(segment: &ToolCallRequestSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::ToolCallRequest),
            ("toolName", text(&segment.tool_name)),
            ("arguments", Some(Value::Object(segment.arguments.clone()))),
            ("collapsed", flag(segment.collapsed)),
            ("callId", optional(&segment.call_id)),
        ],
        &segment.extra,
    )
}

/// Moves in what the streaming decoder deferred: the arguments and the unknown fields'
/// values.
pub(crate) fn move_payloads(segment: &mut ToolCallRequestSegment, raw: &mut Value) {
    if let Some(Value::Object(arguments)) = raw.get_mut("arguments") {
        segment.arguments = std::mem::take(arguments);
    }
    fill_extra(&mut segment.extra, raw);
}
