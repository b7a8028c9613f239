//! The MCP export's warnings (DECISIONS §6).: the problems, their severity and their English text, side by side.

use std::fmt;

use super::Severity;

/// The MCP export's warnings (DECISIONS §6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum McpProblem {
    /// The head text became the first user message.
    HeadAsUserMessage,
    /// Tool calls and results were written as text.
    ToolCallsAsText,
    /// Tool declarations have no place in a prompt.
    ToolsNotInPrompt {
        /// Every tool_overview item, duplicates included.
        count: usize,
    },
    /// A relative image URL written as text.
    RelativeImageAsText,
}

impl McpProblem {
    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        Severity::Warning
    }
}

impl fmt::Display for McpProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::HeadAsUserMessage => write!(
                f,
                "MCP prompts have no system role: the system text is the first user message"
            ),
            Self::ToolCallsAsText => write!(
                f,
                "MCP prompts carry no tool calls: tool calls and results are written as text"
            ),
            Self::ToolsNotInPrompt { count } => write!(
                f,
                "MCP prompts declare no tools: {count} tool declaration(s) are left out"
            ),
            Self::RelativeImageAsText => write!(
                f,
                "MCP has no relative image: it is written as its [Image: …] text"
            ),
        }
    }
}
