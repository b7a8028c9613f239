//! A session log's own problems, in Chinese: one arm per [`LogProblem`], matched
//! exhaustively.

use pep_core::LogProblem;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &LogProblem) -> String {
    match problem {
        LogProblem::NoConversation => {
            "没有可导入的内容：日志中没有 user 或 assistant 行".to_owned()
        }
        LogProblem::LineSkipped { .. } => "不是 JSON 对象，该行已跳过".to_owned(),
        LogProblem::NodeSkipped { problem } => {
            format!("未导入：{}", super::chinese(problem))
        }
        LogProblem::ItemsLeftOut { kind, count } => {
            format!("{count} 个类型为 `{kind}` 的项未导入")
        }
        LogProblem::LinesLeftOut { kind, count } => {
            format!("{count} 行类型为 `{kind}` 的记录未导入")
        }
        LogProblem::OffChain { count } => {
            format!("{count} 行不在对话链上（子代理、回退的分支），未导入")
        }
        LogProblem::Compacted { count } => {
            format!("最后一次压缩之前的 {count} 行未导入：最后一次请求中没有它们")
        }
        LogProblem::Thinking { count } => {
            format!("{count} 个思考（thinking / reasoning）块未导入")
        }
        LogProblem::RawArguments => {
            "日志中的参数不是 JSON 对象（日志可能被删改或截断），保留为 {\"raw\": 原文}".to_owned()
        }
        LogProblem::Rewound { count } => {
            format!(
                "{count} 条记录被回退或检查点（$rewindTo、$set.messages）移除：会话在没有它们的情况下继续"
            )
        }
        LogProblem::NotARecord => {
            "未导入：既不是记录（没有 `id` 或 `type`），也不是检查点、回退到某个 id 或文件头"
                .to_owned()
        }
        LogProblem::NoticesLeftOut { kind, count } => {
            format!("{count} 条 `{kind}` 记录未导入：不属于发送给模型的对话")
        }
        LogProblem::HoldsNo { system: true } => {
            "这份日志不含系统提示词和工具声明：模型实际还收到了这些内容".to_owned()
        }
        LogProblem::HoldsNo { system: false } => {
            "这份日志不含工具声明：模型实际还收到了这些内容".to_owned()
        }
    }
}
