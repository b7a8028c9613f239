//! Request checks: what a provider's API would reject, or what does not match the tools the
//! envelope declares. They are warnings: the envelope is valid, the request may not be.
//! `pep validate` and the viewer's issue list report all of them; each export tab (and
//! `pep export`) reports those that concern its format.
//!
//! - tool-call arguments against the declared tool's JSON Schema ([`crate::schema_check`]),
//!   and calls to tools outside the declared ones (here: every provider's);
//! - OpenAI: a tool message that does not answer the calls of the assistant message right
//!   before it (`provider/openai_chat/checks.rs`);
//! - Anthropic (DECISIONS §5): the first turn must be a user turn, a final assistant turn may
//!   not end in whitespace (`provider/anthropic/checks.rs`).
//!
//! A provider's own rules live in its folder, above this layer: `crate::export::lower` lowers
//! and then runs them, once per lowering.

mod arguments;

use crate::issue::Issue;

pub(crate) use arguments::arguments;

/// Every request check of one conversation, made once per lowering
/// ([`crate::export::lower`]) and shared by `pep validate`, every export and the viewer's
/// tabs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Checks {
    /// Tool-call arguments against the declared schemas, and undeclared tools.
    pub arguments: Vec<Issue>,
    /// OpenAI's order of tool messages.
    pub openai: Vec<Issue>,
    /// Anthropic's first and final turns (also among that export's own warnings).
    pub anthropic: Vec<Issue>,
}

impl Checks {
    /// All of them, in this order: arguments, OpenAI, Anthropic.
    pub fn all(&self) -> impl Iterator<Item = &Issue> {
        self.arguments
            .iter()
            .chain(&self.openai)
            .chain(&self.anthropic)
    }
}

/// A family of request checks: the table of providers names which concern each format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckSet {
    /// Tool-call arguments against the declared schemas, and undeclared tools.
    Arguments,
    /// OpenAI Chat Completions' order of tool messages.
    OpenAiOrder,
    /// Anthropic's first and final turns: named by no row, since the Anthropic export reports
    /// them among its own warnings; `pep validate` and the issue list report them
    /// ([`Checks::all`]).
    AnthropicTurns,
}

impl Checks {
    /// The checks of one family.
    pub fn of_set(&self, set: CheckSet) -> &[Issue] {
        match set {
            CheckSet::Arguments => &self.arguments,
            CheckSet::OpenAiOrder => &self.openai,
            CheckSet::AnthropicTurns => &self.anthropic,
        }
    }
}
