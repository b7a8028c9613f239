//! `skills`: the skills available to the model, L1 only (spec §3.5, §4.3).

use crate::model::Extra;

/// Skills available to the model, L1 only (spec §3.5, §4.3).
#[derive(Debug, Clone, PartialEq)]
pub struct SkillsSegment {
    /// What skills are.
    pub description: Option<String>,
    /// Skills; at least one.
    pub items: Vec<SkillItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One skill's L1 data (spec §3.5).
#[derive(Debug, Clone, PartialEq)]
pub struct SkillItem {
    /// Skill name, the registry key.
    pub name: String,
    /// One-line description.
    pub description: String,
    /// An L2 body written into the protocol anyway. Kept for round trips, never used: the
    /// registry supplies bodies (spec §4.3), and validation warns about it.
    pub body: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}
