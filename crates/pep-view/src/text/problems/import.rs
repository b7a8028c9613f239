//! What cannot be imported, and what an import left out or changed, in Chinese: one arm per
//! [`ImportProblem`], matched exhaustively.

use pep_core::ImportProblem;
use pep_core::import::LeftOut;

use super::{json_type, one_of};

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &ImportProblem) -> String {
    match problem {
        ImportProblem::Unrecognized => "不是信封，也不是可导入的请求：应为带 `version` 的对象\
             （信封），或带 `messages` 的对象（OpenAI Chat Completions 或 Anthropic Messages \
             请求，或 MCP prompts/get 结果，也可在 JSON-RPC 响应中），或带 `input` 的对象\
             （OpenAI Responses 请求），或带 `contents` 的对象（Google Gemini generateContent \
             请求体，也可在 `request` 中），OpenTelemetry GenAI 属性（`gen_ai.input.messages` 等）、\
             带 `parts` 的消息数组或 OTLP/JSON 追踪；或 Claude Code、Codex、Gemini CLI 会话日志的 JSON Lines"
            .to_owned(),
        ImportProblem::UnknownRole { found, expected } => {
            format!("未知角色 \"{found}\"（应为 {}）", one_of(expected))
        }
        ImportProblem::ArgumentsNotObject { found } => {
            format!("不是 JSON 对象，实际为{}", json_type(found))
        }
        ImportProblem::ArgumentsNotJson {
            line,
            column,
            reason,
        } => format!("不是 JSON 对象：第 {line} 行第 {column} 列 JSON 格式错误：{reason}"),
        ImportProblem::Nothing => "没有可导入的内容：没有任何消息含有信封能容纳的内容".to_owned(),
        ImportProblem::ManyRequests { count, spans } => format!(
            "这个文件{}，共 {count} 个：用 `pep import --index K`（1 到 {count}）选一个，或用 `--all` 全部导入",
            if *spans {
                "的追踪中每个 GenAI span 是一个请求"
            } else {
                "每行一个请求"
            }
        ),
        ImportProblem::TraceNoGenAi => {
            "没有可导入的内容：追踪中没有任何 span 带有 `gen_ai.input.messages` 属性".to_owned()
        }
        ImportProblem::NoRequestImported => "文件中没有任何请求可以导入".to_owned(),
        ImportProblem::Embeddings => {
            "这是一个 embeddings 请求：它包含要嵌入的文本，而不是对话，没有可导入的内容".to_owned()
        }
        ImportProblem::LeftOut { what } => format!("未导入信封：{}", left_out(what)),
        ImportProblem::MaxTokens { value } => {
            format!("max_tokens {value} 未导入信封；导出到 Anthropic 时它是一个选项（默认 4096）")
        }
        ImportProblem::Developer => "developer 消息作为 system 消息导入".to_owned(),
        ImportProblem::BytesNotKept => {
            "文件内容未保留：document 只保留文件名、类型和大小，摘要为空".to_owned()
        }
        ImportProblem::SnippetOnly { chars } => {
            format!("文档正文共 {chars} 个字符；摘要只保留前 200 个，导出时只发送摘要")
        }
        ImportProblem::UnknownCall { id } => {
            format!("之前没有 id 为 \"{id}\" 的工具调用；该结果以 toolName \"unknown\" 导入")
        }
        ImportProblem::RequestLineSkipped { reason } => format!("该请求已跳过：{reason}"),
        ImportProblem::LookAlike { found, meant } => {
            format!("未导入信封：字段 `{found}`，它看起来像 `{meant}`，但不是该属性")
        }
        ImportProblem::ServerState { key } => {
            format!("未导入信封：字段 `{key}`；该请求依赖服务端保存的先前轮次，文件中没有这些内容")
        }
    }
}

/// The Chinese words for what an import left out ([`ImportProblem::LeftOut`]).
fn left_out(what: &LeftOut) -> String {
    match what {
        LeftOut::Key(key) => format!("字段 `{key}`"),
        LeftOut::Block(kind) => format!("类型为 `{kind}` 的内容块"),
        LeftOut::Item(kind) => format!("类型为 `{kind}` 的 input 项"),
        LeftOut::Part(kind) => format!("类型为 `{kind}` 的 part"),
        LeftOut::Modality(modality) => format!("模态为 `{modality}` 的 part"),
        LeftOut::BlobWithoutMime => "没有 mime_type 的 blob part".to_owned(),
        LeftOut::EmptyText => "空文本".to_owned(),
        LeftOut::EmptyMessage => "没有信封能容纳的内容的消息".to_owned(),
        LeftOut::ServerTool(name) => format!("服务端工具 `{name}`（没有 input_schema）"),
        LeftOut::NotFunction(kind) => format!("类型为 `{kind}` 的工具（只导入 function 工具）"),
        LeftOut::Source(kind) => {
            format!("类型为 `{kind}` 的来源（只导入 base64、url、text 和 content 来源）")
        }
    }
}
