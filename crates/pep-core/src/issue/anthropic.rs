//! The Anthropic export's warnings (DECISIONS §5).: the problems, their severity and their English text, side by side.

use std::fmt;

use super::Severity;

/// The Anthropic export's warnings (DECISIONS §5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnthropicProblem {
    /// The first turn is an assistant turn; the API wants a user turn first.
    FirstTurnNotUser,
    /// The final assistant turn ends with whitespace, which the API rejects.
    TrailingWhitespace,
    /// A user turn's tool_result blocks were moved before its other blocks.
    ResultsMovedFirst,
    /// An image sent as a url source that is not an absolute http(s) URL.
    ImageUrlNotHttp,
}

impl AnthropicProblem {
    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        Severity::Warning
    }
}

impl fmt::Display for AnthropicProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::FirstTurnNotUser => write!(
                f,
                "the first turn is an assistant turn; the Anthropic API wants a user turn first"
            ),
            Self::TrailingWhitespace => write!(
                f,
                "the final assistant turn ends with whitespace, which the Anthropic API rejects"
            ),
            Self::ResultsMovedFirst => write!(
                f,
                "tool_result blocks are moved before the other blocks of this user turn"
            ),
            Self::ImageUrlNotHttp => write!(
                f,
                "the image is sent as a url source, but it is not an absolute http(s) URL"
            ),
        }
    }
}
