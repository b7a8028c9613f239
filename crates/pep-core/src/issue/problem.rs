//! Every kind of problem, as an enum of areas: callers match on what went wrong instead of
//! parsing strings, and the viewer translates each area in its own file. Each area's problems,
//! severity and English text live side by side in the area's file.

use std::fmt;

use super::{
    AnthropicProblem, CheckProblem, EnvelopeProblem, ExportProblem, GeminiProblem, ImportProblem,
    LogProblem, McpProblem, Repeated, Severity, StructureProblem,
};

/// What is wrong at a place in an envelope, by area. The `Display` text is the plain message
/// users see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The document does not follow the protocol (errors, DECISIONS §1).
    Structure(StructureProblem),
    /// Warnings about the envelope itself and the viewer's repairs (DECISIONS §1, §2).
    Envelope(EnvelopeProblem),
    /// What the exports leave out or change (DECISIONS §2, §3).
    Export(ExportProblem),
    /// Request checks: the tools' schemas, OpenAI's order of tool messages.
    Check(CheckProblem),
    /// The Anthropic export's warnings (DECISIONS §5).
    Anthropic(AnthropicProblem),
    /// The MCP export's warnings (DECISIONS §6).
    Mcp(McpProblem),
    /// Google Gemini's export and import warnings (DECISIONS §14).
    Gemini(GeminiProblem),
    /// What cannot be imported, and what an import left out or changed (DECISIONS §7).
    Import(ImportProblem),
    /// A session log's own problems (DECISIONS §11).
    Log(LogProblem),
}

impl Problem {
    /// Whether this problem makes the envelope invalid or only deserves attention.
    pub fn severity(&self) -> Severity {
        match self {
            Problem::Structure(problem) => problem.severity(),
            Problem::Envelope(problem) => problem.severity(),
            Problem::Export(problem) => problem.severity(),
            Problem::Check(problem) => problem.severity(),
            Problem::Anthropic(problem) => problem.severity(),
            Problem::Mcp(problem) => problem.severity(),
            Problem::Gemini(problem) => problem.severity(),
            Problem::Import(problem) => problem.severity(),
            Problem::Log(problem) => problem.severity(),
        }
    }

    /// Whether this is a request check: about the request the envelope makes, not about the
    /// envelope (DECISIONS §1).
    pub fn is_request_check(&self) -> bool {
        matches!(
            self,
            Problem::Check(_)
                | Problem::Anthropic(
                    AnthropicProblem::FirstTurnNotUser | AnthropicProblem::TrailingWhitespace
                )
                | Problem::Envelope(EnvelopeProblem::NotListed {
                    what: Repeated::SchemaMismatch,
                    ..
                })
        )
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Structure(problem) => problem.fmt(f),
            Problem::Envelope(problem) => problem.fmt(f),
            Problem::Export(problem) => problem.fmt(f),
            Problem::Check(problem) => problem.fmt(f),
            Problem::Anthropic(problem) => problem.fmt(f),
            Problem::Mcp(problem) => problem.fmt(f),
            Problem::Gemini(problem) => problem.fmt(f),
            Problem::Import(problem) => problem.fmt(f),
            Problem::Log(problem) => problem.fmt(f),
        }
    }
}

/// `impl From<Area> for Problem`, so an area's problem is a [`Problem`] wherever one is taken.
macro_rules! from_area {
    ($($area:ident => $variant:ident),* $(,)?) => {
        $(impl From<$area> for Problem {
            fn from(problem: $area) -> Problem {
                Problem::$variant(problem)
            }
        })*
    };
}

from_area! {
    StructureProblem => Structure,
    EnvelopeProblem => Envelope,
    ExportProblem => Export,
    CheckProblem => Check,
    AnthropicProblem => Anthropic,
    McpProblem => Mcp,
    GeminiProblem => Gemini,
    ImportProblem => Import,
    LogProblem => Log,
}
