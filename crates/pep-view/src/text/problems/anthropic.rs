//! The Anthropic export's warnings, in Chinese: one arm per [`AnthropicProblem`], matched exhaustively.

use pep_core::AnthropicProblem;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &AnthropicProblem) -> String {
    match problem {
        AnthropicProblem::FirstTurnNotUser => {
            "第一轮是 assistant；Anthropic API 要求第一轮为 user".to_owned()
        }
        AnthropicProblem::TrailingWhitespace => {
            "最后一轮 assistant 以空白结尾，Anthropic API 会拒绝".to_owned()
        }
        AnthropicProblem::ResultsMovedFirst => {
            "此 user 轮中的 tool_result 块已移到其他块之前".to_owned()
        }
        AnthropicProblem::ImageUrlNotHttp => {
            "图片以 url 来源发送，但它不是绝对的 http(s) URL".to_owned()
        }
    }
}
