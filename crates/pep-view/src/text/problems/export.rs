//! What the exports leave out or change, in Chinese: one arm per [`ExportProblem`], matched exhaustively.

use pep_core::ExportProblem;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &ExportProblem) -> String {
    match problem {
        ExportProblem::ModelMissing => "未提供 model，请求中不含 \"model\" 字段".to_owned(),
        ExportProblem::EmptyVariableValue { name } => {
            format!("static_var \"{name}\" 的值为空，{{{{{name}}}}} 展开为 \"\"")
        }
        ExportProblem::HeadTooLarge {
            limit_mib,
            placeholder,
        } => format!("system 消息将超过 {limit_mib} MiB；{placeholder} 及其后的占位符均不展开"),
        ExportProblem::RequestOutsideAssistant { role } => format!(
            "role 为 \"{role}\" 的消息中的 tool_call_request 已省略（只有 assistant 消息能调用工具）"
        ),
        ExportProblem::ResultOutsideTool { role } => {
            format!("role 为 \"{role}\" 的消息中的 tool_call_result 仍按 tool 消息导出")
        }
        ExportProblem::TextBeforeResult => {
            "tool 消息中第一个 tool_call_result 之前的文本已省略".to_owned()
        }
        ExportProblem::TextAfterDroppedResult => {
            "被省略的 tool_call_result 之后的文本也已省略".to_owned()
        }
        ExportProblem::DuplicateTool { name, first } => {
            format!("工具 \"{name}\" 已在 {first} 声明，导出第一次的声明")
        }
        ExportProblem::LeftOutInvalid => "无效，已从导出中省略".to_owned(),
        ExportProblem::EmptyInput => {
            "请求没有任何 input 项；Responses API 不接受空的 `input`".to_owned()
        }
    }
}
