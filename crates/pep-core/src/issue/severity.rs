//! How serious each [`Problem`] is (DECISIONS §1), and which ones are request checks.

use super::{Problem, Severity};

impl Problem {
    /// Whether this problem makes the envelope invalid or only deserves attention.
    pub fn severity(&self) -> Severity {
        match self {
            Problem::InvalidJson { .. }
            | Problem::WrongType { .. }
            | Problem::MissingField { .. }
            | Problem::MissingCollapsed { .. }
            | Problem::WrongVersion { .. }
            | Problem::EmptyArray { .. }
            | Problem::UnknownRole { .. }
            | Problem::UnknownKind { .. }
            | Problem::DuplicateId { .. }
            | Problem::Negative { .. }
            | Problem::NotInteger { .. }
            | Problem::OutOfRange { .. }
            | Problem::UnknownMediaType { .. }
            | Problem::ImportUnrecognized
            | Problem::ImportUnknownRole { .. }
            | Problem::ArgumentsNotObject { .. }
            | Problem::ArgumentsNotJson { .. }
            | Problem::ImportNothing => Severity::Error,
            Problem::UnknownField { .. }
            | Problem::DuplicateKey { .. }
            | Problem::NotListed { .. }
            | Problem::CharCountMismatch { .. }
            | Problem::UnknownPlaceholder { .. }
            | Problem::UnusedVariable { .. }
            | Problem::DuplicateVariable { .. }
            | Problem::UnmatchedResult { .. }
            | Problem::UnansweredRequest { .. }
            | Problem::DuplicateCallId { .. }
            | Problem::ExportIdCollision { .. }
            | Problem::TimestampBackwards { .. }
            | Problem::BlockedUrl { .. }
            | Problem::SkillBodyIgnored
            | Problem::EmptyModel
            | Problem::CollapsedRepaired { .. }
            | Problem::CharCountRepaired { .. }
            | Problem::ModelMissing
            | Problem::EmptyVariableValue { .. }
            | Problem::HeadTooLarge { .. }
            | Problem::RequestOutsideAssistant { .. }
            | Problem::ResultOutsideTool { .. }
            | Problem::TextBeforeResult
            | Problem::TextAfterDroppedResult
            | Problem::DuplicateTool { .. }
            | Problem::LeftOutInvalid
            | Problem::ArgumentsMismatch { .. }
            | Problem::UndeclaredTool { .. }
            | Problem::SchemaNotChecked { .. }
            | Problem::ToolMessageOutOfPlace { .. }
            | Problem::CallNotAnsweredNext { .. }
            | Problem::FirstTurnNotUser
            | Problem::TrailingWhitespace
            | Problem::ResultsMovedFirst
            | Problem::ImageUrlNotHttp
            | Problem::HeadAsUserMessage
            | Problem::ToolCallsAsText
            | Problem::ToolsNotInPrompt { .. }
            | Problem::RelativeImageAsText
            | Problem::ImportLeftOut { .. }
            | Problem::ImportMaxTokens { .. }
            | Problem::ImportDeveloper
            | Problem::ImportBytesNotKept
            | Problem::ImportSnippetOnly { .. }
            | Problem::ImportUnknownCall { .. } => Severity::Warning,
        }
    }
}

impl Problem {
    /// Whether this is a request check ([`crate::checks`]): about the request the envelope
    /// makes, not about the envelope (DECISIONS §1).
    pub fn is_request_check(&self) -> bool {
        matches!(
            self,
            Problem::ArgumentsMismatch { .. }
                | Problem::UndeclaredTool { .. }
                | Problem::SchemaNotChecked { .. }
                | Problem::ToolMessageOutOfPlace { .. }
                | Problem::CallNotAnsweredNext { .. }
                | Problem::FirstTurnNotUser
                | Problem::TrailingWhitespace
                | Problem::NotListed {
                    what: "schema mismatch",
                    ..
                }
        )
    }
}
