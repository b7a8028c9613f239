//! The document does not follow the protocol, in Chinese: one arm per [`StructureProblem`], matched exhaustively.

use pep_core::{ArrayOf, StructureProblem};

use super::json_type;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &StructureProblem) -> String {
    match problem {
        StructureProblem::InvalidJson {
            line,
            column,
            reason,
        } => {
            format!("JSON 格式错误（第 {line} 行第 {column} 列）：{reason}")
        }
        StructureProblem::WrongType { expected, found } => {
            format!(
                "类型应为{}，实际为{}",
                json_type(expected),
                json_type(found)
            )
        }
        StructureProblem::MissingField { field } => format!("缺少必填字段 `{field}`"),
        StructureProblem::MissingCollapsed { kind } => {
            format!("缺少必填字段 `collapsed`（规范 §3 要求 {kind} 提供）")
        }
        StructureProblem::WrongVersion { found } => {
            format!("`version` 必须是字符串 \"1.0\"，实际为 {found}")
        }
        StructureProblem::EmptyArray { what } => {
            let what = match what {
                ArrayOf::Messages => "消息",
                ArrayOf::Segments => "Segment",
                ArrayOf::Items => "条目",
            };
            format!("至少需要一个{what}")
        }
        StructureProblem::UnknownRole { found } => {
            format!("未知角色 \"{found}\"（应为 system、user、assistant 或 tool）")
        }
        StructureProblem::UnknownKind { found } => format!("未知的 Segment 类型 \"{found}\""),
        StructureProblem::DuplicateId { id, first } => {
            format!("消息 id \"{id}\" 重复（首次出现在 {first}）")
        }
        StructureProblem::Negative { found } => format!("不能为负数，实际为 {found}"),
        StructureProblem::NotInteger { found } => format!("必须是整数，实际为 {found}"),
        StructureProblem::OutOfRange { found } => format!("数值超出范围：{found}"),
        StructureProblem::UnknownMediaType { found } => {
            format!("未知媒体类型 \"{found}\"（应为 image、audio 或 video）")
        }
    }
}
