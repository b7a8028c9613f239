//! Warnings about the envelope itself (DECISIONS §1, §2), and the viewer's repairs.: the problems, their severity and their English text, side by side.

use std::fmt;

use super::Severity;

/// Warnings about the envelope itself (DECISIONS §1, §2), and the viewer's repairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvelopeProblem {
    /// A field the protocol does not define; it is kept, but nothing uses it.
    UnknownField {
        /// The field name as written.
        field: String,
    },
    /// A key written twice in one object; JSON keeps only the last value.
    DuplicateKey {
        /// The repeated key.
        key: String,
    },
    /// More warnings of one repetitive kind than are listed one by one (DECISIONS §9: the
    /// report of a small input cannot grow far beyond it).
    NotListed {
        /// Which warnings.
        what: Repeated,
        /// How many were not listed.
        count: usize,
    },
    /// `charCount` disagrees with the content.
    CharCountMismatch {
        /// The number as written.
        declared: String,
        /// Unicode scalar values in `content`.
        actual: usize,
    },
    /// A `{{name}}` placeholder with no static_var of that name.
    UnknownPlaceholder {
        /// The placeholder exactly as written, spaces included.
        placeholder: String,
        /// The variable name inside it.
        name: String,
    },
    /// A static_var that no system_prompt placeholder uses.
    UnusedVariable {
        /// The variable name.
        name: String,
    },
    /// A static_var name defined a second time.
    DuplicateVariable {
        /// The variable name.
        name: String,
        /// Path of the winning definition.
        first: String,
    },
    /// A tool_call_result with no earlier unanswered request of the same tool.
    UnmatchedResult {
        /// The result's `toolName`.
        tool: String,
    },
    /// A `callId` that an earlier tool_call_request already holds (DECISIONS §7).
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
    ExportIdCollision {
        /// The repeated id.
        id: String,
        /// Path of the first request with it.
        first: String,
    },
    /// A tool_call_request that no later result answers.
    UnansweredRequest {
        /// The request's `toolName`.
        tool: String,
    },
    /// A message timestamp earlier than the one before it.
    TimestampBackwards {
        /// The previous message's timestamp.
        previous: i64,
        /// This message's timestamp.
        current: i64,
    },
    /// A media URL with a scheme the viewer will not load.
    BlockedUrl {
        /// The URL as written.
        url: String,
    },
    /// A skill item that carries its L2 body inside the protocol.
    SkillBodyIgnored,
    /// `model` is the empty string.
    EmptyModel,
    /// The viewer filled in a missing `collapsed` with the spec §7.2 default.
    CollapsedRepaired {
        /// The folding default used.
        default: bool,
    },
    /// The viewer computed a missing `charCount`.
    CharCountRepaired {
        /// Unicode scalar values in `content`.
        computed: usize,
    },
}

impl EnvelopeProblem {
    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        Severity::Warning
    }
}

impl fmt::Display for EnvelopeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownField { field } => write!(
                f,
                "unknown field `{field}` (kept, but not part of the protocol)"
            ),
            Self::DuplicateKey { key } => write!(
                f,
                "key `{key}` appears more than once in this object; only the last value is used"
            ),
            Self::NotListed { what, count } => {
                write!(f, "{count} more warnings like this are not listed ({what})")
            }
            Self::CharCountMismatch { declared, actual } => write!(
                f,
                "charCount is {declared} but the content has {actual} characters"
            ),
            Self::UnknownPlaceholder { placeholder, name } => write!(
                f,
                "placeholder {placeholder} has no static_var named \"{name}\"; it stays as written"
            ),
            Self::UnusedVariable { name } => write!(
                f,
                "static_var \"{name}\" is not used by any system_prompt placeholder"
            ),
            Self::DuplicateVariable { name, first } => write!(
                f,
                "static_var \"{name}\" is already defined at {first}; the first definition wins"
            ),
            Self::UnmatchedResult { tool } => write!(
                f,
                "tool_call_result for \"{tool}\" has no earlier unanswered tool_call_request"
            ),
            Self::DuplicateCallId { call_id, first, id } => write!(
                f,
                "callId \"{call_id}\" is already used by the request at {first}; this one is exported as {id}"
            ),
            Self::ExportIdCollision { id, first } => write!(
                f,
                "this tool call is exported as {id}, the id of the call at {first} too; the API rejects repeated ids"
            ),
            Self::UnansweredRequest { tool } => write!(
                f,
                "tool_call_request for \"{tool}\" is never answered by a tool_call_result"
            ),
            Self::TimestampBackwards { previous, current } => write!(
                f,
                "timestamp {current} is earlier than the previous message's {previous}"
            ),
            Self::BlockedUrl { url } => write!(
                f,
                "url scheme is not allowed (only http, https, relative paths and data:image/audio/video): \
         {url}"
            ),
            Self::SkillBodyIgnored => write!(
                f,
                "a skill `body` is not part of the protocol (spec §4.3) and is ignored"
            ),
            Self::EmptyModel => write!(f, "model is empty"),
            Self::CollapsedRepaired { default } => write!(
                f,
                "missing `collapsed` repaired with the default ({default})"
            ),
            Self::CharCountRepaired { computed } => write!(
                f,
                "missing `charCount` repaired with the computed value {computed}"
            ),
        }
    }
}

/// A warning that can repeat without bound, summed up past a limit
/// ([`EnvelopeProblem::NotListed`], DECISIONS §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeated {
    /// A key written twice in one object.
    Key,
    /// A field the protocol does not define.
    UnknownField,
    /// A placeholder with no static_var.
    UnknownPlaceholder,
    /// A static_var whose value is empty.
    EmptyValue,
    /// Tool-call arguments that do not match the tool's schema (a request check).
    SchemaMismatch,
}

impl fmt::Display for Repeated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Repeated::Key => "repeated key",
            Repeated::UnknownField => "unknown field",
            Repeated::UnknownPlaceholder => "unknown placeholder",
            Repeated::EmptyValue => "empty static_var value",
            Repeated::SchemaMismatch => "schema mismatch",
        })
    }
}
