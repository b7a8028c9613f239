//! Problems found in an envelope, as values: a severity, a JSON path and a plain message.
//!
//! Every problem is a variant of [`Problem`] so that callers (the CLI, the viewer, tests) can
//! match on what went wrong instead of parsing strings, and so the viewer can translate them.

#[macro_use]
mod areas;
mod left_out;
mod problem;
mod problem_log;
mod severity;
mod text;
mod text_import;

use std::fmt;

pub use left_out::LeftOut;
pub use problem::Problem;
pub use problem_log::LogProblem;

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
