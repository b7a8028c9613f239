//! The plain English message of each [`Problem`]: what the CLI prints after the path. The
//! viewer's other languages are written in the viewer. One function per area (`areas.rs`).

use std::fmt;

use super::Problem;
use super::text_import::{import_errors, import_warnings};

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            problems_structure!() => structure(self, f),
            problems_envelope!() => envelope(self, f),
            problems_export!() => export(self, f),
            problems_checks!() => checks(self, f),
            problems_anthropic!() => anthropic(self, f),
            problems_mcp!() => mcp(self, f),
            problems_import_errors!() => import_errors(self, f),
            problems_import_warnings!() => import_warnings(self, f),
        }
    }
}

fn structure(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::InvalidJson {
            line,
            column,
            reason,
        } => write!(f, "invalid JSON at line {line}, column {column}: {reason}"),
        Problem::WrongType { expected, found } => write!(f, "must be {expected}, found {found}"),
        Problem::MissingField { field } => write!(f, "missing required field `{field}`"),
        Problem::MissingCollapsed { kind } => write!(
            f,
            "missing required field `collapsed` (spec §3 requires it for {kind})"
        ),
        Problem::WrongVersion { found } => {
            write!(f, "`version` must be the string \"1.0\", found {found}")
        }
        Problem::EmptyArray { what } => write!(f, "must contain at least one {what}"),
        Problem::UnknownRole { found } => write!(
            f,
            "unknown role \"{found}\" (expected system, user, assistant or tool)"
        ),
        Problem::UnknownKind { found } => write!(
            f,
            "unknown segment kind \"{found}\" (expected text, static_var, system_prompt, memory, \
         skills, tool_overview, tool_call_request, tool_call_result, document, long_text or media)"
        ),
        Problem::DuplicateId { id, first } => {
            write!(f, "duplicate message id \"{id}\" (first used at {first})")
        }
        Problem::Negative { found } => write!(f, "must not be negative, found {found}"),
        Problem::NotInteger { found } => write!(f, "must be an integer, found {found}"),
        Problem::OutOfRange { found } => write!(f, "is out of range, found {found}"),
        Problem::UnknownMediaType { found } => write!(
            f,
            "unknown media type \"{found}\" (expected image, audio or video)"
        ),
        // The other areas have their own functions.
        problems_envelope!()
        | problems_export!()
        | problems_checks!()
        | problems_anthropic!()
        | problems_mcp!()
        | problems_import_errors!()
        | problems_import_warnings!() => Ok(()),
    }
}

fn envelope(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::UnknownField { field } => write!(
            f,
            "unknown field `{field}` (kept, but not part of the protocol)"
        ),
        Problem::DuplicateKey { key } => write!(
            f,
            "key `{key}` appears more than once in this object; only the last value is used"
        ),
        Problem::NotListed { what, count } => {
            write!(f, "{count} more warnings like this are not listed ({what})")
        }
        Problem::CharCountMismatch { declared, actual } => write!(
            f,
            "charCount is {declared} but the content has {actual} characters"
        ),
        Problem::UnknownPlaceholder { placeholder, name } => write!(
            f,
            "placeholder {placeholder} has no static_var named \"{name}\"; it stays as written"
        ),
        Problem::UnusedVariable { name } => write!(
            f,
            "static_var \"{name}\" is not used by any system_prompt placeholder"
        ),
        Problem::DuplicateVariable { name, first } => write!(
            f,
            "static_var \"{name}\" is already defined at {first}; the first definition wins"
        ),
        Problem::UnmatchedResult { tool } => write!(
            f,
            "tool_call_result for \"{tool}\" has no earlier unanswered tool_call_request"
        ),
        Problem::DuplicateCallId { call_id, first, id } => write!(
            f,
            "callId \"{call_id}\" is already used by the request at {first}; this one is exported as {id}"
        ),
        Problem::ExportIdCollision { id, first } => write!(
            f,
            "this tool call is exported as {id}, the id of the call at {first} too; the API rejects repeated ids"
        ),
        Problem::UnansweredRequest { tool } => write!(
            f,
            "tool_call_request for \"{tool}\" is never answered by a tool_call_result"
        ),
        Problem::TimestampBackwards { previous, current } => write!(
            f,
            "timestamp {current} is earlier than the previous message's {previous}"
        ),
        Problem::BlockedUrl { url } => write!(
            f,
            "url scheme is not allowed (only http, https, relative paths and data:image/audio/video): \
         {url}"
        ),
        Problem::SkillBodyIgnored => write!(
            f,
            "a skill `body` is not part of the protocol (spec §4.3) and is ignored"
        ),
        Problem::EmptyModel => write!(f, "model is empty"),
        Problem::CollapsedRepaired { default } => write!(
            f,
            "missing `collapsed` repaired with the default ({default})"
        ),
        Problem::CharCountRepaired { computed } => write!(
            f,
            "missing `charCount` repaired with the computed value {computed}"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_export!()
        | problems_checks!()
        | problems_anthropic!()
        | problems_mcp!()
        | problems_import_errors!()
        | problems_import_warnings!() => Ok(()),
    }
}

fn export(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::ModelMissing => write!(f, "no model given; the request has no \"model\" key"),
        Problem::EmptyVariableValue { name } => write!(
            f,
            "static_var \"{name}\" has an empty value; {{{{{name}}}}} expands to \"\""
        ),
        Problem::HeadTooLarge {
            limit_mib,
            placeholder,
        } => write!(
            f,
            "the system message would exceed {limit_mib} MiB; {placeholder} and every later \
         placeholder stay unexpanded"
        ),
        Problem::RequestOutsideAssistant { role } => write!(
            f,
            "tool_call_request in a message with role \"{role}\" is left out (only assistant messages \
         call tools)"
        ),
        Problem::ResultOutsideTool { role } => write!(
            f,
            "tool_call_result in a message with role \"{role}\" is exported as a tool message anyway"
        ),
        Problem::TextBeforeResult => write!(
            f,
            "text before the first tool_call_result of a tool message is left out"
        ),
        Problem::TextAfterDroppedResult => write!(
            f,
            "text after a tool_call_result that was left out is left out too"
        ),
        Problem::DuplicateTool { name, first } => write!(
            f,
            "tool \"{name}\" is already declared at {first}; the first declaration is exported"
        ),
        Problem::LeftOutInvalid => write!(f, "left out of the export because it is invalid"),
        Problem::EmptyInput => write!(
            f,
            "the request has no input item; the Responses API rejects an empty `input`"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_envelope!()
        | problems_checks!()
        | problems_anthropic!()
        | problems_mcp!()
        | problems_import_errors!()
        | problems_import_warnings!() => Ok(()),
    }
}

fn checks(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::ArgumentsMismatch { tool, detail } => write!(
            f,
            "arguments of \"{tool}\" do not match its schema: {detail}"
        ),
        Problem::UndeclaredTool { tool } => {
            write!(f, "\"{tool}\" is called but no tool_overview declares it")
        }
        Problem::SchemaNotChecked { tool, keywords } => {
            write!(f, "not checked in the schema of \"{tool}\": {keywords}")
        }
        Problem::ToolMessageOutOfPlace { id } => write!(
            f,
            "the OpenAI API rejects this tool message: it does not follow the assistant message \
         that calls {id}"
        ),
        Problem::CallNotAnsweredNext { id } => write!(
            f,
            "the OpenAI API wants the tool message for {id} right after this assistant message; \
         another message comes first"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_envelope!()
        | problems_export!()
        | problems_anthropic!()
        | problems_mcp!()
        | problems_import_errors!()
        | problems_import_warnings!() => Ok(()),
    }
}

fn anthropic(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::FirstTurnNotUser => write!(
            f,
            "the first turn is an assistant turn; the Anthropic API wants a user turn first"
        ),
        Problem::TrailingWhitespace => write!(
            f,
            "the final assistant turn ends with whitespace, which the Anthropic API rejects"
        ),
        Problem::ResultsMovedFirst => write!(
            f,
            "tool_result blocks are moved before the other blocks of this user turn"
        ),
        Problem::ImageUrlNotHttp => write!(
            f,
            "the image is sent as a url source, but it is not an absolute http(s) URL"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_envelope!()
        | problems_export!()
        | problems_checks!()
        | problems_mcp!()
        | problems_import_errors!()
        | problems_import_warnings!() => Ok(()),
    }
}

fn mcp(problem: &Problem, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match problem {
        Problem::HeadAsUserMessage => write!(
            f,
            "MCP prompts have no system role: the system text is the first user message"
        ),
        Problem::ToolCallsAsText => write!(
            f,
            "MCP prompts carry no tool calls: tool calls and results are written as text"
        ),
        Problem::ToolsNotInPrompt { count } => write!(
            f,
            "MCP prompts declare no tools: {count} tool declaration(s) are left out"
        ),
        Problem::RelativeImageAsText => write!(
            f,
            "MCP has no relative image: it is written as its [Image: …] text"
        ),
        // The other areas have their own functions.
        problems_structure!()
        | problems_envelope!()
        | problems_export!()
        | problems_checks!()
        | problems_anthropic!()
        | problems_import_errors!()
        | problems_import_warnings!() => Ok(()),
    }
}
