//! Problems found in an envelope, as values: a severity, a JSON path and a plain message.
//!
//! Every problem is a [`Problem`] of one area (structure, envelope, export, checks, each
//! export's own, import, logs), so that callers (the CLI, the viewer, tests) match on what went
//! wrong instead of parsing strings, and the viewer translates one area at a time. Payloads are
//! typed ([`JsonType`], [`Repeated`], [`ArrayOf`]), never English phrases.

mod anthropic;
mod checks;
mod envelope;
mod export;
mod gemini;
mod import;
mod json_type;
mod left_out;
mod log;
mod mcp;
mod problem;
mod structure;

use std::fmt;

pub use anthropic::AnthropicProblem;
pub use checks::CheckProblem;
pub use envelope::{EnvelopeProblem, Repeated};
pub use export::ExportProblem;
pub use gemini::GeminiProblem;
pub use import::ImportProblem;
pub use json_type::JsonType;
pub use left_out::LeftOut;
pub use log::LogProblem;
pub use mcp::McpProblem;
pub use problem::Problem;
pub use structure::{ArrayOf, StructureProblem};

use crate::path::{JsonPath, Place, SegmentRef};

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

/// One problem at one place: what the CLI prints as `error PATH: message`.
#[derive(Debug, Clone)]
pub struct Issue {
    /// The JSON path of the offending node (`$` for the document itself).
    pub path: String,
    /// What is wrong there.
    pub problem: Problem,
    /// The message or segment of the envelope the path lies in, typed, when it lies in one
    /// (the path says the same; this is what the viewer jumps to). `None` for the document,
    /// its top-level keys, and paths into an imported request.
    pub place: Option<Place>,
}

/// Issues are equal when their paths and problems are: the place follows from the path.
impl PartialEq for Issue {
    fn eq(&self, other: &Issue) -> bool {
        self.path == other.path && self.problem == other.problem
    }
}

impl Eq for Issue {}

impl Issue {
    /// An issue at `path`, which lies in no message (or whose place nobody needs).
    pub fn new(path: impl Into<String>, problem: Problem) -> Self {
        Issue {
            path: path.into(),
            problem,
            place: None,
        }
    }

    /// An issue at the node `path` names, with its place read from the path's steps.
    pub fn at_path(path: &JsonPath<'_>, problem: Problem) -> Self {
        Issue {
            path: path.to_string(),
            place: path.place(),
            problem,
        }
    }

    /// An issue at segment `at`, or below it at `suffix` (`".content"`, `".items[2].name"`).
    pub fn in_segment(at: SegmentRef, suffix: &str, problem: Problem) -> Self {
        Issue {
            path: format!("{at}{suffix}"),
            problem,
            place: Some(Place::Segment(at)),
        }
    }

    /// An issue at message `message`, or below it at `suffix` (`".id"`).
    pub fn in_message(message: usize, suffix: &str, problem: Problem) -> Self {
        Issue {
            path: format!("{}{suffix}", crate::path::message_path(message)),
            problem,
            place: Some(Place::Message(message)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_the_cli_line_format() {
        let issue = Issue::new(
            "messages[0].segments[0].content",
            Problem::Structure(StructureProblem::MissingField { field: "content" }),
        );
        assert_eq!(
            issue.to_string(),
            "error messages[0].segments[0].content: missing required field `content`"
        );
        let warning = Issue::new("model", Problem::Envelope(EnvelopeProblem::EmptyModel));
        assert_eq!(warning.to_string(), "warning model: model is empty");
    }

    #[test]
    fn empty_value_message_shows_the_placeholder() {
        let problem = Problem::Export(ExportProblem::EmptyVariableValue { name: "x".into() });
        assert_eq!(
            problem.to_string(),
            "static_var \"x\" has an empty value; {{x}} expands to \"\""
        );
    }
}
