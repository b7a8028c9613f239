//! The document does not follow the protocol (DECISIONS §1): the problems, their severity and their English text, side by side.

use std::fmt;

use super::{JsonType, Severity};

/// The document does not follow the protocol (DECISIONS §1): every one is an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StructureProblem {
    /// The text is not JSON at all.
    InvalidJson {
        /// 1-based line of the first offending character.
        line: usize,
        /// 1-based column of the first offending character.
        column: usize,
        /// What the JSON parser expected, without its own position suffix.
        reason: String,
    },
    /// A value has the wrong JSON type.
    WrongType {
        /// The JSON type the protocol requires.
        expected: JsonType,
        /// The JSON type that was found.
        found: JsonType,
    },
    /// A field the spec marks as required is absent.
    MissingField {
        /// The camelCase field name.
        field: &'static str,
    },
    /// `collapsed` is absent on a kind whose folding state the spec requires.
    MissingCollapsed {
        /// The segment kind.
        kind: &'static str,
    },
    /// `version` is not the string `"1.0"`.
    WrongVersion {
        /// The value as written in the input.
        found: String,
    },
    /// An array that must have members is empty.
    EmptyArray {
        /// What the array holds.
        what: ArrayOf,
    },
    /// `role` is not one of the four roles.
    UnknownRole {
        /// The role as written.
        found: String,
    },
    /// `kind` is not one of the eleven segment kinds.
    UnknownKind {
        /// The kind as written.
        found: String,
    },
    /// A message `id` already used by an earlier message.
    DuplicateId {
        /// The repeated id.
        id: String,
        /// Path of the first message with this id.
        first: String,
    },
    /// A count or size below zero.
    Negative {
        /// The number as written.
        found: String,
    },
    /// A number that must be an integer is written with a fraction or an exponent.
    NotInteger {
        /// The number as written.
        found: String,
    },
    /// An integer too large for the field.
    OutOfRange {
        /// The number as written.
        found: String,
    },
    /// `mediaType` is not image, audio or video.
    UnknownMediaType {
        /// The media type as written.
        found: String,
    },
}

impl StructureProblem {
    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        Severity::Error
    }
}

impl fmt::Display for StructureProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidJson {
                line,
                column,
                reason,
            } => write!(f, "invalid JSON at line {line}, column {column}: {reason}"),
            Self::WrongType { expected, found } => write!(f, "must be {expected}, found {found}"),
            Self::MissingField { field } => write!(f, "missing required field `{field}`"),
            Self::MissingCollapsed { kind } => write!(
                f,
                "missing required field `collapsed` (spec §3 requires it for {kind})"
            ),
            Self::WrongVersion { found } => {
                write!(f, "`version` must be the string \"1.0\", found {found}")
            }
            Self::EmptyArray { what } => write!(f, "must contain at least one {what}"),
            Self::UnknownRole { found } => write!(
                f,
                "unknown role \"{found}\" (expected system, user, assistant or tool)"
            ),
            Self::UnknownKind { found } => write!(
                f,
                "unknown segment kind \"{found}\" (expected text, static_var, system_prompt, memory, \
         skills, tool_overview, tool_call_request, tool_call_result, document, long_text or media)"
            ),
            Self::DuplicateId { id, first } => {
                write!(f, "duplicate message id \"{id}\" (first used at {first})")
            }
            Self::Negative { found } => write!(f, "must not be negative, found {found}"),
            Self::NotInteger { found } => write!(f, "must be an integer, found {found}"),
            Self::OutOfRange { found } => write!(f, "is out of range, found {found}"),
            Self::UnknownMediaType { found } => write!(
                f,
                "unknown media type \"{found}\" (expected image, audio or video)"
            ),
        }
    }
}

/// What an array that must have members holds ([`StructureProblem::EmptyArray`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrayOf {
    /// `messages`.
    Messages,
    /// A message's `segments`.
    Segments,
    /// A segment's `items`.
    Items,
}

impl fmt::Display for ArrayOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ArrayOf::Messages => "message",
            ArrayOf::Segments => "segment",
            ArrayOf::Items => "item",
        })
    }
}
