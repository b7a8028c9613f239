//! The problems by area, as patterns: `match problem { problems_structure!() => …, … }`.
//!
//! Every function that says something per problem (the English text here, the severity, the
//! viewer's Chinese text) is split by area, each area matching its own problems and naming the
//! other areas with these patterns. A new problem therefore compiles only once it is in an
//! area and every such function has an arm for it, while no function has to list all of them.

/// The document does not follow the protocol (DECISIONS §1): errors.
#[macro_export]
macro_rules! problems_structure {
    () => {
        $crate::Problem::InvalidJson { .. }
            | $crate::Problem::WrongType { .. }
            | $crate::Problem::MissingField { .. }
            | $crate::Problem::MissingCollapsed { .. }
            | $crate::Problem::WrongVersion { .. }
            | $crate::Problem::EmptyArray { .. }
            | $crate::Problem::UnknownRole { .. }
            | $crate::Problem::UnknownKind { .. }
            | $crate::Problem::DuplicateId { .. }
            | $crate::Problem::Negative { .. }
            | $crate::Problem::NotInteger { .. }
            | $crate::Problem::OutOfRange { .. }
            | $crate::Problem::UnknownMediaType { .. }
    };
}

/// Warnings about the envelope itself (DECISIONS §1, §2), and the viewer's repairs.
#[macro_export]
macro_rules! problems_envelope {
    () => {
        $crate::Problem::UnknownField { .. }
            | $crate::Problem::DuplicateKey { .. }
            | $crate::Problem::NotListed { .. }
            | $crate::Problem::CharCountMismatch { .. }
            | $crate::Problem::UnknownPlaceholder { .. }
            | $crate::Problem::UnusedVariable { .. }
            | $crate::Problem::DuplicateVariable { .. }
            | $crate::Problem::UnmatchedResult { .. }
            | $crate::Problem::DuplicateCallId { .. }
            | $crate::Problem::ExportIdCollision { .. }
            | $crate::Problem::UnansweredRequest { .. }
            | $crate::Problem::TimestampBackwards { .. }
            | $crate::Problem::BlockedUrl { .. }
            | $crate::Problem::SkillBodyIgnored
            | $crate::Problem::EmptyModel
            | $crate::Problem::CollapsedRepaired { .. }
            | $crate::Problem::CharCountRepaired { .. }
    };
}

/// What the exports leave out or change (DECISIONS §2, §3).
#[macro_export]
macro_rules! problems_export {
    () => {
        $crate::Problem::ModelMissing
            | $crate::Problem::EmptyVariableValue { .. }
            | $crate::Problem::HeadTooLarge { .. }
            | $crate::Problem::RequestOutsideAssistant { .. }
            | $crate::Problem::ResultOutsideTool { .. }
            | $crate::Problem::TextBeforeResult
            | $crate::Problem::TextAfterDroppedResult
            | $crate::Problem::DuplicateTool { .. }
            | $crate::Problem::LeftOutInvalid
            | $crate::Problem::EmptyInput
    };
}

/// Request checks: the tools' schemas and OpenAI's order of tool messages.
#[macro_export]
macro_rules! problems_checks {
    () => {
        $crate::Problem::ArgumentsMismatch { .. }
            | $crate::Problem::UndeclaredTool { .. }
            | $crate::Problem::SchemaNotChecked { .. }
            | $crate::Problem::ToolMessageOutOfPlace { .. }
            | $crate::Problem::CallNotAnsweredNext { .. }
    };
}

/// The Anthropic export's warnings (DECISIONS §5).
#[macro_export]
macro_rules! problems_anthropic {
    () => {
        $crate::Problem::FirstTurnNotUser
            | $crate::Problem::TrailingWhitespace
            | $crate::Problem::ResultsMovedFirst
            | $crate::Problem::ImageUrlNotHttp
    };
}

/// The MCP export's warnings (DECISIONS §6).
#[macro_export]
macro_rules! problems_mcp {
    () => {
        $crate::Problem::HeadAsUserMessage
            | $crate::Problem::ToolCallsAsText
            | $crate::Problem::ToolsNotInPrompt { .. }
            | $crate::Problem::RelativeImageAsText
    };
}

/// Inputs that cannot be imported (DECISIONS §7).
#[macro_export]
macro_rules! problems_import_errors {
    () => {
        $crate::Problem::ImportUnrecognized
            | $crate::Problem::ImportUnknownRole { .. }
            | $crate::Problem::ArgumentsNotObject { .. }
            | $crate::Problem::ArgumentsNotJson { .. }
            | $crate::Problem::ImportNothing
            | $crate::Problem::ImportEmbeddings
            | $crate::Problem::LogNoConversation
            | $crate::Problem::ManyRequests { .. }
            | $crate::Problem::TraceNoGenAi
            | $crate::Problem::NoRequestImported
    };
}

/// What an import leaves out or changes (DECISIONS §7).
#[macro_export]
macro_rules! problems_import_warnings {
    () => {
        $crate::Problem::ImportLeftOut { .. }
            | $crate::Problem::ImportMaxTokens { .. }
            | $crate::Problem::ImportDeveloper
            | $crate::Problem::ImportBytesNotKept
            | $crate::Problem::ImportSnippetOnly { .. }
            | $crate::Problem::ImportUnknownCall { .. }
            | $crate::Problem::ImportServerState { .. }
            | $crate::Problem::ImportLookAlike { .. }
            | $crate::Problem::Log(_)
            | $crate::Problem::RequestLineSkipped { .. }
    };
}
