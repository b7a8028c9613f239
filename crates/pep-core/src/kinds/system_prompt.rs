//! `system_prompt`: the system instruction, possibly a template (spec §3.3).

use crate::model::Extra;

/// The system instruction, possibly a template (spec §3.3).
#[derive(Debug, Clone, PartialEq)]
pub struct SystemPromptSegment {
    /// Full text, may contain `{{var}}` placeholders.
    pub content: String,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}
