//! The envelope and its messages (spec §2.1, §2.2).

use serde_json::Value;

use super::{Extra, Segment};
use crate::Issue;

/// The top-level envelope (spec §2.1).
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope {
    /// `$schema`, which spec §6.4 allows for editor support.
    pub schema: Option<String>,
    /// `version`; the protocol defines only `"1.0"`. `None` when absent or not a string.
    pub version: Option<String>,
    /// `model`, e.g. `gpt-4-turbo`.
    pub model: Option<String>,
    /// `messages`, each one decoded or kept raw when invalid.
    pub messages: Vec<Entry<Message>>,
    /// Unknown top-level fields (and any known field whose value had the wrong type).
    pub extra: Extra,
}

impl Envelope {
    /// The valid segment at a position, if any.
    pub fn segment_at(&self, message: usize, segment: usize) -> Option<&Segment> {
        self.messages
            .get(message)?
            .valid()?
            .segments
            .get(segment)?
            .valid()
    }
}

/// One message (spec §2.2).
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// `id`, unique within the envelope.
    pub id: String,
    /// `role`.
    pub role: Role,
    /// `segments`, each one decoded or kept raw when invalid.
    pub segments: Vec<Entry<Segment>>,
    /// `timestamp`, Unix epoch milliseconds.
    pub timestamp: i64,
    /// Unknown fields.
    pub extra: Extra,
}

/// The author of a message (spec §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// `system`
    System,
    /// `user`
    User,
    /// `assistant`
    Assistant,
    /// `tool`
    Tool,
}

impl Role {
    /// All roles, in spec order.
    pub const ALL: [Role; 4] = [Role::System, Role::User, Role::Assistant, Role::Tool];

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::System => "system",
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
        }
    }

    /// The role with this wire name.
    pub fn from_name(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.as_str() == name)
    }
}

/// A message or segment that decoded cleanly, or the raw JSON of one that did not.
///
/// The viewer renders an invalid entry as a fallback card and everything else normally
/// (DECISIONS §1, following the validator → fallback pipeline of seed 004).
#[derive(Debug, Clone, PartialEq)]
pub enum Entry<T> {
    /// Decoded.
    Valid(T),
    /// Could not be decoded; kept as written.
    Invalid(Invalid),
}

impl<T> Entry<T> {
    /// The decoded value, if valid.
    pub fn valid(&self) -> Option<&T> {
        match self {
            Entry::Valid(value) => Some(value),
            Entry::Invalid(_) => None,
        }
    }
}

/// A node that failed validation: where it is, why, and what it said.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    /// The JSON path of the node.
    pub path: String,
    /// The errors found inside the node (its warnings are reported too, but not kept here).
    pub errors: Vec<Issue>,
    /// The node exactly as written.
    pub raw: Value,
}
