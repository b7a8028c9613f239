//! Warnings about the envelope itself, and the viewer's repairs, in Chinese: one arm per [`EnvelopeProblem`], matched exhaustively.

use pep_core::{EnvelopeProblem, Repeated};

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &EnvelopeProblem) -> String {
    match problem {
        EnvelopeProblem::UnknownField { field } => {
            format!("未知字段 `{field}`（已保留，但不属于协议）")
        }
        EnvelopeProblem::DuplicateKey { key } => {
            format!("同一对象中键 `{key}` 出现多次，只使用最后一个值")
        }
        EnvelopeProblem::NotListed { what, count } => {
            let what = match what {
                Repeated::Key => "重复的键",
                Repeated::UnknownField => "未知字段",
                Repeated::UnknownPlaceholder => "未知占位符",
                Repeated::EmptyValue => "static_var 空值",
                Repeated::SchemaMismatch => "参数与 Schema 不符",
            };
            format!("另有 {count} 条同类警告（{what}）未逐一列出")
        }
        EnvelopeProblem::CharCountMismatch { declared, actual } => {
            format!("charCount 为 {declared}，但内容实际有 {actual} 个字符")
        }
        EnvelopeProblem::UnknownPlaceholder { placeholder, name } => {
            format!("占位符 {placeholder} 没有名为 \"{name}\" 的 static_var，将原样保留")
        }
        EnvelopeProblem::UnusedVariable { name } => {
            format!("static_var \"{name}\" 未被任何 system_prompt 占位符使用")
        }
        EnvelopeProblem::DuplicateVariable { name, first } => {
            format!("static_var \"{name}\" 已在 {first} 定义，以第一次定义为准")
        }
        EnvelopeProblem::UnmatchedResult { tool } => {
            format!("\"{tool}\" 的 tool_call_result 之前没有尚未应答的 tool_call_request")
        }
        EnvelopeProblem::DuplicateCallId { call_id, first, id } => {
            format!("callId \"{call_id}\" 已被 {first} 处的请求使用；此请求以 {id} 导出")
        }
        EnvelopeProblem::ExportIdCollision { id, first } => {
            format!("此工具调用导出为 {id}，与 {first} 处的调用同 id；API 会拒绝重复的 id")
        }
        EnvelopeProblem::UnansweredRequest { tool } => {
            format!("\"{tool}\" 的 tool_call_request 没有得到任何 tool_call_result 应答")
        }
        EnvelopeProblem::TimestampBackwards { previous, current } => {
            format!("时间戳 {current} 早于上一条消息的 {previous}")
        }
        EnvelopeProblem::BlockedUrl { url } => {
            format!(
                "URL 协议不被允许（仅限 http、https、相对路径和 data:image/audio/video）：{url}"
            )
        }
        EnvelopeProblem::SkillBodyIgnored => {
            "skill 的 `body` 不属于协议（规范 §4.3），已忽略".to_owned()
        }
        EnvelopeProblem::EmptyModel => "model 为空".to_owned(),
        EnvelopeProblem::CollapsedRepaired { default } => {
            format!("缺少 `collapsed`，已按默认值（{default}）修复")
        }
        EnvelopeProblem::CharCountRepaired { computed } => {
            format!("缺少 `charCount`，已按计算值 {computed} 修复")
        }
    }
}
