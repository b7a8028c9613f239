//! Problems found in an envelope, as values: a severity, a JSON path and a plain message.
//!
//! Every problem is a variant of [`Problem`] so that callers (the CLI, the viewer, tests) can
//! match on what went wrong instead of parsing strings, and so the viewer can translate them.

use std::fmt;

/// How serious an [`Issue`] is (DECISIONS §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The envelope does not follow the protocol; the CLI refuses to export it.
    Error,
    /// The envelope is usable, but something is probably not what its author meant.
    Warning,
}

impl Severity {
    /// The lower-case word the CLI prints: `error` or `warning`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is wrong at a place in an envelope. The `Display` text is the plain message users see.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    // ----- errors (DECISIONS §1) -----
    /// The text is not JSON at all.
    #[error("invalid JSON at line {line}, column {column}: {reason}")]
    InvalidJson {
        /// 1-based line of the first offending character.
        line: usize,
        /// 1-based column of the first offending character.
        column: usize,
        /// What the JSON parser expected, without its own position suffix.
        reason: String,
    },
    /// A value has the wrong JSON type.
    #[error("must be {expected}, found {found}")]
    WrongType {
        /// The JSON type the protocol requires, with an article ("a string").
        expected: &'static str,
        /// The JSON type that was found ("number").
        found: &'static str,
    },
    /// A field the spec marks as required is absent.
    #[error("missing required field `{field}`")]
    MissingField {
        /// The camelCase field name.
        field: &'static str,
    },
    /// `collapsed` is absent on a kind whose folding state the spec requires.
    #[error("missing required field `collapsed` (spec §3 requires it for {kind})")]
    MissingCollapsed {
        /// The segment kind.
        kind: &'static str,
    },
    /// `version` is not the string `"1.0"`.
    #[error("`version` must be the string \"1.0\", found {found}")]
    WrongVersion {
        /// The value as written in the input.
        found: String,
    },
    /// An array that must have members is empty.
    #[error("must contain at least one {what}")]
    EmptyArray {
        /// What the array holds ("message", "segment", "item").
        what: &'static str,
    },
    /// `role` is not one of the four roles.
    #[error("unknown role \"{found}\" (expected system, user, assistant or tool)")]
    UnknownRole {
        /// The role as written.
        found: String,
    },
    /// `kind` is not one of the eleven segment kinds.
    #[error(
        "unknown segment kind \"{found}\" (expected text, static_var, system_prompt, memory, \
         skills, tool_overview, tool_call_request, tool_call_result, document, long_text or media)"
    )]
    UnknownKind {
        /// The kind as written.
        found: String,
    },
    /// A message `id` already used by an earlier message.
    #[error("duplicate message id \"{id}\" (first used at {first})")]
    DuplicateId {
        /// The repeated id.
        id: String,
        /// Path of the first message with this id.
        first: String,
    },
    /// A count or size below zero.
    #[error("must not be negative, found {found}")]
    Negative {
        /// The number as written.
        found: String,
    },
    /// A number that must be an integer is written with a fraction or an exponent.
    #[error("must be an integer, found {found}")]
    NotInteger {
        /// The number as written.
        found: String,
    },
    /// An integer too large for the field.
    #[error("is out of range, found {found}")]
    OutOfRange {
        /// The number as written.
        found: String,
    },
    /// `mediaType` is not image, audio or video.
    #[error("unknown media type \"{found}\" (expected image, audio or video)")]
    UnknownMediaType {
        /// The media type as written.
        found: String,
    },

    // ----- warnings (DECISIONS §1) -----
    /// A field the protocol does not define; it is kept, but nothing uses it.
    #[error("unknown field `{field}` (kept, but not part of the protocol)")]
    UnknownField {
        /// The field name as written.
        field: String,
    },
    /// A key written twice in one object; JSON keeps only the last value.
    #[error("key `{key}` appears more than once in this object; only the last value is used")]
    DuplicateKey {
        /// The repeated key.
        key: String,
    },
    /// More warnings of one repetitive kind than are listed one by one (DECISIONS §9: the
    /// report of a small input cannot grow far beyond it).
    #[error("{count} more warnings like this are not listed ({what})")]
    NotListed {
        /// Which warnings: "repeated key", "unknown field", "unknown placeholder", "empty
        /// static_var value" or "schema mismatch".
        what: &'static str,
        /// How many were not listed.
        count: usize,
    },
    /// `charCount` disagrees with the content.
    #[error("charCount is {declared} but the content has {actual} characters")]
    CharCountMismatch {
        /// The number as written.
        declared: String,
        /// Unicode scalar values in `content`.
        actual: usize,
    },
    /// A `{{name}}` placeholder with no static_var of that name.
    #[error("placeholder {placeholder} has no static_var named \"{name}\"; it stays as written")]
    UnknownPlaceholder {
        /// The placeholder exactly as written, spaces included.
        placeholder: String,
        /// The variable name inside it.
        name: String,
    },
    /// A static_var that no system_prompt placeholder uses.
    #[error("static_var \"{name}\" is not used by any system_prompt placeholder")]
    UnusedVariable {
        /// The variable name.
        name: String,
    },
    /// A static_var name defined a second time.
    #[error("static_var \"{name}\" is already defined at {first}; the first definition wins")]
    DuplicateVariable {
        /// The variable name.
        name: String,
        /// Path of the winning definition.
        first: String,
    },
    /// A tool_call_result with no earlier unanswered request of the same tool.
    #[error("tool_call_result for \"{tool}\" has no earlier unanswered tool_call_request")]
    UnmatchedResult {
        /// The result's `toolName`.
        tool: String,
    },
    /// A `callId` that an earlier tool_call_request already holds (DECISIONS §7).
    #[error(
        "callId \"{call_id}\" is already used by the request at {first}; this one is exported as {id}"
    )]
    DuplicateCallId {
        /// The repeated `callId`.
        call_id: String,
        /// Path of the request holding it first.
        first: String,
        /// The id this request is exported with (`call_N`).
        id: String,
    },
    /// Two exported tool calls with one id: a `callId` that reads like the generated `call_N`
    /// of another request (DECISIONS §3, §7 leave it open; the API rejects the request).
    #[error(
        "this tool call is exported as {id}, the id of the call at {first} too; the API rejects repeated ids"
    )]
    ExportIdCollision {
        /// The repeated id.
        id: String,
        /// Path of the first request with it.
        first: String,
    },
    /// A tool_call_request that no later result answers.
    #[error("tool_call_request for \"{tool}\" is never answered by a tool_call_result")]
    UnansweredRequest {
        /// The request's `toolName`.
        tool: String,
    },
    /// A message timestamp earlier than the one before it.
    #[error("timestamp {current} is earlier than the previous message's {previous}")]
    TimestampBackwards {
        /// The previous message's timestamp.
        previous: i64,
        /// This message's timestamp.
        current: i64,
    },
    /// A media URL with a scheme the viewer will not load.
    #[error(
        "url scheme is not allowed (only http, https, relative paths and data:image/audio/video): \
         {url}"
    )]
    BlockedUrl {
        /// The URL as written.
        url: String,
    },
    /// A skill item that carries its L2 body inside the protocol.
    #[error("a skill `body` is not part of the protocol (spec §4.3) and is ignored")]
    SkillBodyIgnored,
    /// `model` is the empty string.
    #[error("model is empty")]
    EmptyModel,
    /// The viewer filled in a missing `collapsed` with the spec §7.2 default.
    #[error("missing `collapsed` repaired with the default ({default})")]
    CollapsedRepaired {
        /// The folding default used.
        default: bool,
    },
    /// The viewer computed a missing `charCount`.
    #[error("missing `charCount` repaired with the computed value {computed}")]
    CharCountRepaired {
        /// Unicode scalar values in `content`.
        computed: usize,
    },

    // ----- export warnings (DECISIONS §2, §3) -----
    /// No usable `model`: the request has no `model` key.
    #[error("no model given; the request has no \"model\" key")]
    ModelMissing,
    /// A variable whose value is empty was expanded.
    #[error("static_var \"{name}\" has an empty value; {{{{{name}}}}} expands to \"\"")]
    EmptyVariableValue {
        /// The variable name.
        name: String,
    },
    /// The expanded head reached its size limit (DECISIONS §9): this placeholder and all
    /// later ones stay as written.
    #[error(
        "the system message would exceed {limit_mib} MiB; {placeholder} and every later \
         placeholder stay unexpanded"
    )]
    HeadTooLarge {
        /// The limit in MiB.
        limit_mib: usize,
        /// The first placeholder left unexpanded, exactly as written.
        placeholder: String,
    },
    /// A tool_call_request outside an assistant message is left out.
    #[error(
        "tool_call_request in a message with role \"{role}\" is left out (only assistant messages \
         call tools)"
    )]
    RequestOutsideAssistant {
        /// The role of the message holding it.
        role: &'static str,
    },
    /// A tool_call_result outside a tool message is still exported.
    #[error(
        "tool_call_result in a message with role \"{role}\" is exported as a tool message anyway"
    )]
    ResultOutsideTool {
        /// The role of the message holding it.
        role: &'static str,
    },
    /// Text in a tool message before its first result has nowhere to go.
    #[error("text before the first tool_call_result of a tool message is left out")]
    TextBeforeResult,
    /// Text following a result that was itself left out.
    #[error("text after a tool_call_result that was left out is left out too")]
    TextAfterDroppedResult,
    /// A tool name declared twice in tool_overview.
    #[error("tool \"{name}\" is already declared at {first}; the first declaration is exported")]
    DuplicateTool {
        /// The tool name.
        name: String,
        /// Path of the exported declaration.
        first: String,
    },
    /// An invalid segment or message the viewer could not export.
    #[error("left out of the export because it is invalid")]
    LeftOutInvalid,

    // ----- request checks (tools, provider rules) -----
    /// A tool call's arguments do not match the declared tool's schema.
    #[error("arguments of \"{tool}\" do not match its schema: {detail}")]
    ArgumentsMismatch {
        /// The called tool.
        tool: String,
        /// What is wrong, in plain words.
        detail: String,
    },
    /// A call of a tool that no tool_overview declares.
    #[error("\"{tool}\" is called but no tool_overview declares it")]
    UndeclaredTool {
        /// The called tool.
        tool: String,
    },
    /// Parts of a called tool's schema that the checker does not check.
    #[error("not checked in the schema of \"{tool}\": {keywords}")]
    SchemaNotChecked {
        /// The tool.
        tool: String,
        /// The keywords not checked, comma-separated.
        keywords: String,
    },
    /// OpenAI: a tool message that does not directly follow the call it answers.
    #[error(
        "the OpenAI API rejects this tool message: it does not follow the assistant message \
         that calls {id}"
    )]
    ToolMessageOutOfPlace {
        /// The call id it answers.
        id: String,
    },
    /// OpenAI: a call answered, but not before the next message.
    #[error(
        "the OpenAI API wants the tool message for {id} right after this assistant message; \
         another message comes first"
    )]
    CallNotAnsweredNext {
        /// The call id.
        id: String,
    },

    // ----- Anthropic export warnings (DECISIONS §5) -----
    /// The first turn is an assistant turn; the API wants a user turn first.
    #[error("the first turn is an assistant turn; the Anthropic API wants a user turn first")]
    FirstTurnNotUser,
    /// The final assistant turn ends with whitespace, which the API rejects.
    #[error("the final assistant turn ends with whitespace, which the Anthropic API rejects")]
    TrailingWhitespace,
    /// A user turn's tool_result blocks were moved before its other blocks.
    #[error("tool_result blocks are moved before the other blocks of this user turn")]
    ResultsMovedFirst,
    /// An image sent as a url source that is not an absolute http(s) URL.
    #[error("the image is sent as a url source, but it is not an absolute http(s) URL")]
    ImageUrlNotHttp,

    // ----- MCP export warnings (DECISIONS §6) -----
    /// The head text became the first user message.
    #[error("MCP prompts have no system role: the system text is the first user message")]
    HeadAsUserMessage,
    /// Tool calls and results were written as text.
    #[error("MCP prompts carry no tool calls: tool calls and results are written as text")]
    ToolCallsAsText,
    /// Tool declarations have no place in a prompt.
    #[error("MCP prompts declare no tools: {count} tool declaration(s) are left out")]
    ToolsNotInPrompt {
        /// Every tool_overview item, duplicates included.
        count: usize,
    },
    /// A relative image URL written as text.
    #[error("MCP has no relative image: it is written as its [Image: …] text")]
    RelativeImageAsText,

    // ----- import errors (DECISIONS §7) -----
    /// The document is neither an envelope nor a request `pep import` reads.
    #[error(
        "not an envelope or an importable request: expected an object with `version` (an \
         envelope) or with `messages` (an OpenAI Chat Completions or Anthropic Messages request, \
         or an MCP prompts/get result, also inside a JSON-RPC response)"
    )]
    ImportUnrecognized,
    /// A message role the input format does not have.
    #[error("unknown role \"{found}\" (expected {expected})")]
    ImportUnknownRole {
        /// The role as written.
        found: String,
        /// The roles of the format, in words.
        expected: &'static str,
    },
    /// Tool-call arguments that are not a JSON object.
    #[error("not a JSON object, found {found}")]
    ArgumentsNotObject {
        /// The JSON type found ("a string").
        found: &'static str,
    },
    /// Tool-call arguments written as a string that is not JSON at all.
    #[error("not a JSON object: invalid JSON at line {line}, column {column}: {reason}")]
    ArgumentsNotJson {
        /// 1-based line inside the arguments string.
        line: usize,
        /// 1-based column inside the arguments string.
        column: usize,
        /// What the JSON parser expected.
        reason: String,
    },
    /// Nothing in the input gives an envelope message.
    #[error("nothing to import: no message has any content an envelope can hold")]
    ImportNothing,

    // ----- import warnings (DECISIONS §7) -----
    /// A key, block, part or message of the input that the envelope has no place for.
    #[error("left out of the envelope: {what}")]
    ImportLeftOut {
        /// What was left out.
        what: crate::import::LeftOut,
    },
    /// Anthropic's `max_tokens`, which the envelope does not carry.
    #[error(
        "max_tokens {value} is left out of the envelope; the Anthropic export takes it as an \
         option (4096 unless told otherwise)"
    )]
    ImportMaxTokens {
        /// The number as written.
        value: String,
    },
    /// An OpenAI `developer` message, imported as a system message.
    #[error("a developer message is imported as a system message")]
    ImportDeveloper,
    /// A file whose bytes the envelope does not keep.
    #[error(
        "the file's content is not kept: the document keeps its name, type and size, with an \
         empty snippet"
    )]
    ImportBytesNotKept,
    /// A document text longer than the snippet the exports send.
    #[error(
        "the document's text has {chars} characters; its snippet keeps the first 200, and \
         exports send only the snippet"
    )]
    ImportSnippetOnly {
        /// Unicode scalar values in the text.
        chars: usize,
    },
    /// A tool result whose call id no earlier tool call has.
    #[error(
        "no earlier tool call has the id \"{id}\"; the result is imported with toolName \"unknown\""
    )]
    ImportUnknownCall {
        /// The call id as written.
        id: String,
    },
}

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

/// One problem at one place: what the CLI prints as `error PATH: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// The JSON path of the offending node (`$` for the document itself).
    pub path: String,
    /// What is wrong there.
    pub problem: Problem,
}

impl Issue {
    /// An issue at `path`.
    pub fn new(path: impl Into<String>, problem: Problem) -> Self {
        Issue {
            path: path.into(),
            problem,
        }
    }

    /// The issue's severity, which follows from its problem.
    pub fn severity(&self) -> Severity {
        self.problem.severity()
    }

    /// Whether this issue is an error.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.severity(), self.path, self.problem)
    }
}

/// The name of a JSON value's type, as used in messages.
pub(crate) fn type_name(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_the_cli_line_format() {
        let issue = Issue::new(
            "messages[0].segments[0].content",
            Problem::MissingField { field: "content" },
        );
        assert_eq!(
            issue.to_string(),
            "error messages[0].segments[0].content: missing required field `content`"
        );
        let warning = Issue::new("model", Problem::EmptyModel);
        assert_eq!(warning.to_string(), "warning model: model is empty");
    }

    #[test]
    fn empty_value_message_shows_the_placeholder() {
        let problem = Problem::EmptyVariableValue { name: "x".into() };
        assert_eq!(
            problem.to_string(),
            "static_var \"x\" has an empty value; {{x}} expands to \"\""
        );
    }
}
