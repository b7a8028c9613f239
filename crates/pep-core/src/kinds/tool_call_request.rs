//! `tool_call_request`: a tool call made by the model (spec §3.7, DECISIONS §7).

use serde_json::{Map, Value};

use crate::model::Extra;

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
