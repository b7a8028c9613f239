//! `tool_call_result`: what a tool returned (spec §3.8, DECISIONS §7).

use crate::model::Extra;

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
