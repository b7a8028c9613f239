//! Issue messages in the UI language. English is the core's own wording; Chinese is written
//! here. The match is exhaustive, so a new kind of problem does not compile until both
//! languages say it.

use pep_core::Problem;

use super::Lang;
use super::problems_import::{import_errors, import_warnings};

/// The message for `problem` in `lang`.
pub fn problem_text(lang: Lang, problem: &Problem) -> String {
    match lang {
        Lang::En => problem.to_string(),
        Lang::Zh => chinese(problem),
    }
}

/// The Chinese name of a JSON type phrase used by [`Problem::WrongType`].
pub(super) fn json_type(phrase: &str) -> &str {
    match phrase {
        "a string" => "字符串",
        "a number" => "数字",
        "a boolean" => "布尔值",
        "an object" => "对象",
        "an array" => "数组",
        "an integer" => "整数",
        "a non-negative integer" => "非负整数",
        other => other,
    }
}

/// The Chinese message for `problem`: one function per area of problems (as in the core's
/// English texts), each naming the other areas, so every problem must have its text here.
pub(super) fn chinese(problem: &Problem) -> String {
    match problem {
        pep_core::problems_structure!() => structure(problem),
        pep_core::problems_envelope!() => envelope(problem),
        pep_core::problems_export!() => export(problem),
        pep_core::problems_checks!() => checks(problem),
        pep_core::problems_anthropic!() => anthropic(problem),
        pep_core::problems_mcp!() => mcp(problem),
        pep_core::problems_import_errors!() => import_errors(problem),
        pep_core::problems_import_warnings!() => import_warnings(problem),
    }
}

fn structure(problem: &Problem) -> String {
    match problem {
        Problem::InvalidJson {
            line,
            column,
            reason,
        } => {
            format!("JSON 格式错误（第 {line} 行第 {column} 列）：{reason}")
        }
        Problem::WrongType { expected, found } => {
            format!(
                "类型应为{}，实际为{}",
                json_type(expected),
                json_type(found)
            )
        }
        Problem::MissingField { field } => format!("缺少必填字段 `{field}`"),
        Problem::MissingCollapsed { kind } => {
            format!("缺少必填字段 `collapsed`（规范 §3 要求 {kind} 提供）")
        }
        Problem::WrongVersion { found } => {
            format!("`version` 必须是字符串 \"1.0\"，实际为 {found}")
        }
        Problem::EmptyArray { what } => {
            let what = match *what {
                "message" => "消息",
                "segment" => "Segment",
                _ => "条目",
            };
            format!("至少需要一个{what}")
        }
        Problem::UnknownRole { found } => {
            format!("未知角色 \"{found}\"（应为 system、user、assistant 或 tool）")
        }
        Problem::UnknownKind { found } => format!("未知的 Segment 类型 \"{found}\""),
        Problem::DuplicateId { id, first } => {
            format!("消息 id \"{id}\" 重复（首次出现在 {first}）")
        }
        Problem::Negative { found } => format!("不能为负数，实际为 {found}"),
        Problem::NotInteger { found } => format!("必须是整数，实际为 {found}"),
        Problem::OutOfRange { found } => format!("数值超出范围：{found}"),
        Problem::UnknownMediaType { found } => {
            format!("未知媒体类型 \"{found}\"（应为 image、audio 或 video）")
        }
        // The other areas have their own functions.
        pep_core::problems_envelope!()
        | pep_core::problems_export!()
        | pep_core::problems_checks!()
        | pep_core::problems_anthropic!()
        | pep_core::problems_mcp!()
        | pep_core::problems_import_errors!()
        | pep_core::problems_import_warnings!() => problem.to_string(),
    }
}

fn envelope(problem: &Problem) -> String {
    match problem {
        Problem::UnknownField { field } => format!("未知字段 `{field}`（已保留，但不属于协议）"),
        Problem::DuplicateKey { key } => {
            format!("同一对象中键 `{key}` 出现多次，只使用最后一个值")
        }
        Problem::NotListed { what, count } => {
            let what = match *what {
                "repeated key" => "重复的键",
                "unknown field" => "未知字段",
                "unknown placeholder" => "未知占位符",
                "empty static_var value" => "static_var 空值",
                "schema mismatch" => "参数与 Schema 不符",
                other => other,
            };
            format!("另有 {count} 条同类警告（{what}）未逐一列出")
        }
        Problem::CharCountMismatch { declared, actual } => {
            format!("charCount 为 {declared}，但内容实际有 {actual} 个字符")
        }
        Problem::UnknownPlaceholder { placeholder, name } => {
            format!("占位符 {placeholder} 没有名为 \"{name}\" 的 static_var，将原样保留")
        }
        Problem::UnusedVariable { name } => {
            format!("static_var \"{name}\" 未被任何 system_prompt 占位符使用")
        }
        Problem::DuplicateVariable { name, first } => {
            format!("static_var \"{name}\" 已在 {first} 定义，以第一次定义为准")
        }
        Problem::UnmatchedResult { tool } => {
            format!("\"{tool}\" 的 tool_call_result 之前没有尚未应答的 tool_call_request")
        }
        Problem::DuplicateCallId { call_id, first, id } => {
            format!("callId \"{call_id}\" 已被 {first} 处的请求使用；此请求以 {id} 导出")
        }
        Problem::ExportIdCollision { id, first } => {
            format!("此工具调用导出为 {id}，与 {first} 处的调用同 id；API 会拒绝重复的 id")
        }
        Problem::UnansweredRequest { tool } => {
            format!("\"{tool}\" 的 tool_call_request 没有得到任何 tool_call_result 应答")
        }
        Problem::TimestampBackwards { previous, current } => {
            format!("时间戳 {current} 早于上一条消息的 {previous}")
        }
        Problem::BlockedUrl { url } => {
            format!(
                "URL 协议不被允许（仅限 http、https、相对路径和 data:image/audio/video）：{url}"
            )
        }
        Problem::SkillBodyIgnored => "skill 的 `body` 不属于协议（规范 §4.3），已忽略".to_owned(),
        Problem::EmptyModel => "model 为空".to_owned(),
        Problem::CollapsedRepaired { default } => {
            format!("缺少 `collapsed`，已按默认值（{default}）修复")
        }
        Problem::CharCountRepaired { computed } => {
            format!("缺少 `charCount`，已按计算值 {computed} 修复")
        }
        // The other areas have their own functions.
        pep_core::problems_structure!()
        | pep_core::problems_export!()
        | pep_core::problems_checks!()
        | pep_core::problems_anthropic!()
        | pep_core::problems_mcp!()
        | pep_core::problems_import_errors!()
        | pep_core::problems_import_warnings!() => problem.to_string(),
    }
}

fn export(problem: &Problem) -> String {
    match problem {
        Problem::ModelMissing => "未提供 model，请求中不含 \"model\" 字段".to_owned(),
        Problem::EmptyVariableValue { name } => {
            format!("static_var \"{name}\" 的值为空，{{{{{name}}}}} 展开为 \"\"")
        }
        Problem::HeadTooLarge {
            limit_mib,
            placeholder,
        } => format!("system 消息将超过 {limit_mib} MiB；{placeholder} 及其后的占位符均不展开"),
        Problem::RequestOutsideAssistant { role } => format!(
            "role 为 \"{role}\" 的消息中的 tool_call_request 已省略（只有 assistant 消息能调用工具）"
        ),
        Problem::ResultOutsideTool { role } => {
            format!("role 为 \"{role}\" 的消息中的 tool_call_result 仍按 tool 消息导出")
        }
        Problem::TextBeforeResult => {
            "tool 消息中第一个 tool_call_result 之前的文本已省略".to_owned()
        }
        Problem::TextAfterDroppedResult => {
            "被省略的 tool_call_result 之后的文本也已省略".to_owned()
        }
        Problem::DuplicateTool { name, first } => {
            format!("工具 \"{name}\" 已在 {first} 声明，导出第一次的声明")
        }
        Problem::LeftOutInvalid => "无效，已从导出中省略".to_owned(),
        Problem::EmptyInput => "请求没有任何 input 项；Responses API 不接受空的 `input`".to_owned(),
        // The other areas have their own functions.
        pep_core::problems_structure!()
        | pep_core::problems_envelope!()
        | pep_core::problems_checks!()
        | pep_core::problems_anthropic!()
        | pep_core::problems_mcp!()
        | pep_core::problems_import_errors!()
        | pep_core::problems_import_warnings!() => problem.to_string(),
    }
}

fn checks(problem: &Problem) -> String {
    match problem {
        Problem::ArgumentsMismatch { tool, detail } => {
            format!("\"{tool}\" 的参数与其 Schema 不符：{detail}")
        }
        Problem::UndeclaredTool { tool } => {
            format!("调用了 \"{tool}\"，但没有 tool_overview 声明它")
        }
        Problem::SchemaNotChecked { tool, keywords } => {
            format!("\"{tool}\" 的 Schema 中未检查：{keywords}")
        }
        Problem::ToolMessageOutOfPlace { id } => {
            format!("OpenAI API 会拒绝此 tool 消息：它没有紧跟调用 {id} 的 assistant 消息")
        }
        Problem::CallNotAnsweredNext { id } => {
            format!("OpenAI API 要求 {id} 的 tool 消息紧跟此 assistant 消息，但中间有其他消息")
        }
        // The other areas have their own functions.
        pep_core::problems_structure!()
        | pep_core::problems_envelope!()
        | pep_core::problems_export!()
        | pep_core::problems_anthropic!()
        | pep_core::problems_mcp!()
        | pep_core::problems_import_errors!()
        | pep_core::problems_import_warnings!() => problem.to_string(),
    }
}

fn anthropic(problem: &Problem) -> String {
    match problem {
        Problem::FirstTurnNotUser => {
            "第一轮是 assistant；Anthropic API 要求第一轮为 user".to_owned()
        }
        Problem::TrailingWhitespace => {
            "最后一轮 assistant 以空白结尾，Anthropic API 会拒绝".to_owned()
        }
        Problem::ResultsMovedFirst => "此 user 轮中的 tool_result 块已移到其他块之前".to_owned(),
        Problem::ImageUrlNotHttp => "图片以 url 来源发送，但它不是绝对的 http(s) URL".to_owned(),
        // The other areas have their own functions.
        pep_core::problems_structure!()
        | pep_core::problems_envelope!()
        | pep_core::problems_export!()
        | pep_core::problems_checks!()
        | pep_core::problems_mcp!()
        | pep_core::problems_import_errors!()
        | pep_core::problems_import_warnings!() => problem.to_string(),
    }
}

fn mcp(problem: &Problem) -> String {
    match problem {
        Problem::HeadAsUserMessage => {
            "MCP 提示没有 system 角色：系统文本作为第一条 user 消息".to_owned()
        }
        Problem::ToolCallsAsText => "MCP 提示不含工具调用：工具调用和结果以文本写出".to_owned(),
        Problem::ToolsNotInPrompt { count } => {
            format!("MCP 提示不声明工具：{count} 个工具声明已省略")
        }
        Problem::RelativeImageAsText => "MCP 没有相对路径图片：以 [Image: …] 文本写出".to_owned(),
        // The other areas have their own functions.
        pep_core::problems_structure!()
        | pep_core::problems_envelope!()
        | pep_core::problems_export!()
        | pep_core::problems_checks!()
        | pep_core::problems_anthropic!()
        | pep_core::problems_import_errors!()
        | pep_core::problems_import_warnings!() => problem.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_the_core_wording_and_chinese_is_translated() {
        let problem = Problem::WrongType {
            expected: "a string",
            found: "a number",
        };
        assert_eq!(
            problem_text(Lang::En, &problem),
            "must be a string, found a number"
        );
        assert_eq!(
            problem_text(Lang::Zh, &problem),
            "类型应为字符串，实际为数字"
        );
        let empty = Problem::EmptyVariableValue { name: "x".into() };
        assert_eq!(
            problem_text(Lang::Zh, &empty),
            "static_var \"x\" 的值为空，{{x}} 展开为 \"\""
        );
        assert_eq!(
            problem_text(Lang::Zh, &Problem::EmptyArray { what: "message" }),
            "至少需要一个消息"
        );
    }
}
