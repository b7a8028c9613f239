//! `tool_overview`: the tools the model may call (spec §3.6).

use serde_json::{Map, Value};

use crate::model::Extra;

/// Tool declarations (spec §3.6).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOverviewSegment {
    /// Tools; at least one.
    pub items: Vec<ToolItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One declared tool (spec §3.6).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolItem {
    /// Tool name.
    pub name: String,
    /// What the tool does.
    pub description: String,
    /// Human-readable parameter summary, e.g. `query: string, limit?: number`.
    pub parameters: String,
    /// JSON Schema of the arguments, exactly as written.
    pub schema: Option<Map<String, Value>>,
    /// Unknown fields.
    pub extra: Extra,
}
