//! What the exports leave out or change (DECISIONS §2, §3): the problems, their severity and their English text, side by side.

use std::fmt;

use super::Severity;

/// What the exports leave out or change (DECISIONS §2, §3): warnings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportProblem {
    /// No usable `model`: the request has no `model` key.
    ModelMissing,
    /// A variable whose value is empty was expanded.
    EmptyVariableValue {
        /// The variable name.
        name: String,
    },
    /// The expanded head reached its size limit (DECISIONS §9): this placeholder and all
    /// later ones stay as written.
    HeadTooLarge {
        /// The limit in MiB.
        limit_mib: usize,
        /// The first placeholder left unexpanded, exactly as written.
        placeholder: String,
    },
    /// A tool_call_request outside an assistant message is left out.
    RequestOutsideAssistant {
        /// The role of the message holding it.
        role: &'static str,
    },
    /// A tool_call_result outside a tool message is still exported.
    ResultOutsideTool {
        /// The role of the message holding it.
        role: &'static str,
    },
    /// Text in a tool message before its first result has nowhere to go.
    TextBeforeResult,
    /// Text following a result that was itself left out.
    TextAfterDroppedResult,
    /// A tool name declared twice in tool_overview.
    DuplicateTool {
        /// The tool name.
        name: String,
        /// Path of the exported declaration.
        first: String,
    },
    /// An invalid segment or message the viewer could not export.
    LeftOutInvalid,
    /// A Responses request with no input item, which the API rejects (DECISIONS §10).
    EmptyInput,
}

impl ExportProblem {
    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        Severity::Warning
    }
}

impl fmt::Display for ExportProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ModelMissing => write!(f, "no model given; the request has no \"model\" key"),
            Self::EmptyVariableValue { name } => write!(
                f,
                "static_var \"{name}\" has an empty value; {{{{{name}}}}} expands to \"\""
            ),
            Self::HeadTooLarge {
                limit_mib,
                placeholder,
            } => write!(
                f,
                "the system message would exceed {limit_mib} MiB; {placeholder} and every later \
         placeholder stay unexpanded"
            ),
            Self::RequestOutsideAssistant { role } => write!(
                f,
                "tool_call_request in a message with role \"{role}\" is left out (only assistant messages \
         call tools)"
            ),
            Self::ResultOutsideTool { role } => write!(
                f,
                "tool_call_result in a message with role \"{role}\" is exported as a tool message anyway"
            ),
            Self::TextBeforeResult => write!(
                f,
                "text before the first tool_call_result of a tool message is left out"
            ),
            Self::TextAfterDroppedResult => write!(
                f,
                "text after a tool_call_result that was left out is left out too"
            ),
            Self::DuplicateTool { name, first } => write!(
                f,
                "tool \"{name}\" is already declared at {first}; the first declaration is exported"
            ),
            Self::LeftOutInvalid => write!(f, "left out of the export because it is invalid"),
            Self::EmptyInput => write!(
                f,
                "the request has no input item; the Responses API rejects an empty `input`"
            ),
        }
    }
}
