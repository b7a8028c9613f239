//! `static_var`: a session-scoped template variable (spec §3.2).

use crate::model::Extra;

/// A session-scoped template variable (spec §3.2).
#[derive(Debug, Clone, PartialEq)]
pub struct StaticVarSegment {
    /// The name used in `{{name}}` placeholders.
    pub name: String,
    /// The value substituted at export.
    pub value: String,
    /// What the variable is for.
    pub description: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}
