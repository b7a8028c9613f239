//! How serious each [`Problem`] is (DECISIONS §1), and which ones are request checks.

use super::{Problem, Severity};

impl Problem {
    /// Whether this problem makes the envelope invalid or only deserves attention.
    pub fn severity(&self) -> Severity {
        match self {
            problems_structure!() | problems_import_errors!() => Severity::Error,
            problems_envelope!()
            | problems_export!()
            | problems_checks!()
            | problems_anthropic!()
            | problems_mcp!()
            | problems_import_warnings!() => Severity::Warning,
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
