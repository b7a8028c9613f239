//! Request checks: the problems, their severity and their English text, side by side.

use std::fmt;

use super::Severity;

/// Request checks: the tools' schemas and OpenAI's order of tool messages (warnings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckProblem {
    /// A tool call's arguments do not match the declared tool's schema.
    ArgumentsMismatch {
        /// The called tool.
        tool: String,
        /// What is wrong, in plain words.
        detail: String,
    },
    /// A call of a tool that no tool_overview declares.
    UndeclaredTool {
        /// The called tool.
        tool: String,
    },
    /// Parts of a called tool's schema that the checker does not check.
    SchemaNotChecked {
        /// The tool.
        tool: String,
        /// The keywords not checked, comma-separated.
        keywords: String,
    },
    /// OpenAI: a tool message that does not directly follow the call it answers.
    ToolMessageOutOfPlace {
        /// The call id it answers.
        id: String,
    },
    /// OpenAI: a call answered, but not before the next message.
    CallNotAnsweredNext {
        /// The call id.
        id: String,
    },
}

impl CheckProblem {
    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        Severity::Warning
    }
}

impl fmt::Display for CheckProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ArgumentsMismatch { tool, detail } => write!(
                f,
                "arguments of \"{tool}\" do not match its schema: {detail}"
            ),
            Self::UndeclaredTool { tool } => {
                write!(f, "\"{tool}\" is called but no tool_overview declares it")
            }
            Self::SchemaNotChecked { tool, keywords } => {
                write!(f, "not checked in the schema of \"{tool}\": {keywords}")
            }
            Self::ToolMessageOutOfPlace { id } => write!(
                f,
                "the OpenAI API rejects this tool message: it does not follow the assistant message \
         that calls {id}"
            ),
            Self::CallNotAnsweredNext { id } => write!(
                f,
                "the OpenAI API wants the tool message for {id} right after this assistant message; \
         another message comes first"
            ),
        }
    }
}
