//! Request checks, in Chinese: one arm per [`CheckProblem`], matched exhaustively.

use pep_core::CheckProblem;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &CheckProblem) -> String {
    match problem {
        CheckProblem::ArgumentsMismatch { tool, detail } => {
            format!("\"{tool}\" 的参数与其 Schema 不符：{detail}")
        }
        CheckProblem::UndeclaredTool { tool } => {
            format!("调用了 \"{tool}\"，但没有 tool_overview 声明它")
        }
        CheckProblem::SchemaNotChecked { tool, keywords } => {
            format!("\"{tool}\" 的 Schema 中未检查：{keywords}")
        }
        CheckProblem::ToolMessageOutOfPlace { id } => {
            format!("OpenAI API 会拒绝此 tool 消息：它没有紧跟调用 {id} 的 assistant 消息")
        }
        CheckProblem::CallNotAnsweredNext { id } => {
            format!("OpenAI API 要求 {id} 的 tool 消息紧跟此 assistant 消息，但中间有其他消息")
        }
    }
}
