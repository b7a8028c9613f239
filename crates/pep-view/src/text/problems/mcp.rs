//! The MCP export's warnings, in Chinese: one arm per [`McpProblem`], matched exhaustively.

use pep_core::McpProblem;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &McpProblem) -> String {
    match problem {
        McpProblem::HeadAsUserMessage => {
            "MCP 提示没有 system 角色：系统文本作为第一条 user 消息".to_owned()
        }
        McpProblem::ToolCallsAsText => "MCP 提示不含工具调用：工具调用和结果以文本写出".to_owned(),
        McpProblem::ToolsNotInPrompt { count } => {
            format!("MCP 提示不声明工具：{count} 个工具声明已省略")
        }
        McpProblem::RelativeImageAsText => {
            "MCP 没有相对路径图片：以 [Image: …] 文本写出".to_owned()
        }
    }
}
