//! `memory`: long-term memory about the user (spec §3.4).

use crate::model::Extra;

/// Long-term memory about the user (spec §3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct MemorySegment {
    /// What the memory is for.
    pub description: Option<String>,
    /// Memory entries; at least one.
    pub items: Vec<MemoryItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One memory entry (spec §3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryItem {
    /// Short title, e.g. "用户背景".
    pub title: String,
    /// The remembered fact.
    pub content: String,
    /// Unknown fields.
    pub extra: Extra,
}
