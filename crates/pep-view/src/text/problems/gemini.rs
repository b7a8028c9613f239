//! Google Gemini's warnings, in Chinese: one arm per [`GeminiProblem`], matched exhaustively.

use pep_core::GeminiProblem;

/// The Chinese message for `problem`.
pub(super) fn chinese(problem: &GeminiProblem) -> String {
    match problem {
        GeminiProblem::ModelInUrl { model } => {
            format!("Gemini 在 URL 中而不是请求体中指定模型：POST models/{model}:generateContent")
        }
        GeminiProblem::MimeGuessed { mime } => format!(
            "URL 的扩展名不是 Gemini 认识的媒体类型；按 Segment 的 mediaType 猜测，以 {mime} 发送"
        ),
        GeminiProblem::MediaAsText => "Gemini 既不能内联也不能获取此 URL（只支持 base64 data:、http、https 和 gs URL）：以 [Image: …]、[Audio: …] 或 [Video: …] 文本写出".to_owned(),
        GeminiProblem::ResponsesMovedFirst => {
            "此 user 内容中的 functionResponse 部分已移到其他部分之前".to_owned()
        }
        GeminiProblem::OtherSpelling { read } => {
            format!("未导入：此对象也有这个键的 camelCase 写法 `{read}`，改读该键")
        }
        GeminiProblem::ThoughtSignatures { count } => {
            format!("{count} 个 thoughtSignature 未导入：思考模型需要在其轮次中收回它们")
        }
        GeminiProblem::ParametersConverted { tool } => format!(
            "工具 `{tool}` 的 parameters（Gemini 的 OpenAPI 子集）按 JSON Schema 保留，所有 `type` 改为小写、所有键改为 camelCase"
        ),
        GeminiProblem::MimeNotKept { mime, back } => {
            format!("mimeType `{mime}` 未保留：media Segment 只保存 URL，导出时写作 {back}")
        }
        GeminiProblem::BuiltInTool { kind } => {
            format!("未导入：Gemini 内置工具 `{kind}`（只导入 functionDeclarations）")
        }
    }
}
