//! Issue messages in the UI language. English is the core's own wording; Chinese is written
//! here, one file per area of [`Problem`], each matching only its own enum exhaustively, so a new
//! problem does not compile until both languages say it.

mod anthropic;
mod checks;
mod envelope;
mod export;
mod gemini;
mod import;
mod log;
mod mcp;
mod structure;

use pep_core::{JsonType, Problem};

use super::Lang;

/// The message for `problem` in `lang`.
pub fn problem_text(lang: Lang, problem: &Problem) -> String {
    match lang {
        Lang::En => problem.to_string(),
        Lang::Zh => chinese(problem),
    }
}

/// The Chinese message for `problem`: its area's file says it.
pub(super) fn chinese(problem: &Problem) -> String {
    match problem {
        Problem::Structure(problem) => structure::chinese(problem),
        Problem::Envelope(problem) => envelope::chinese(problem),
        Problem::Export(problem) => export::chinese(problem),
        Problem::Check(problem) => checks::chinese(problem),
        Problem::Anthropic(problem) => anthropic::chinese(problem),
        Problem::Mcp(problem) => mcp::chinese(problem),
        Problem::Gemini(problem) => gemini::chinese(problem),
        Problem::Import(problem) => import::chinese(problem),
        Problem::Log(problem) => log::chinese(problem),
    }
}

/// The Chinese name of a JSON type ([`pep_core::StructureProblem::WrongType`]).
fn json_type(json_type: &JsonType) -> &'static str {
    match json_type {
        JsonType::Null => "null",
        JsonType::Boolean => "布尔值",
        JsonType::Number => "数字",
        JsonType::String => "字符串",
        JsonType::Array => "数组",
        JsonType::Object => "对象",
        JsonType::Integer => "整数",
        JsonType::NonNegativeInteger => "非负整数",
        JsonType::StringOrArray => "字符串或数组",
        JsonType::ObjectOrArray => "对象或数组",
        JsonType::StringOrObject => "字符串或对象",
        JsonType::ArrayOrArrayString => "数组（或其 JSON 字符串）",
    }
}

/// `a, b 或 c`: a list of words, as the English `a, b or c`.
fn one_of(words: &[&str]) -> String {
    let mut out = String::new();
    for (k, word) in words.iter().enumerate() {
        if k > 0 {
            out.push_str(if k + 1 == words.len() { " 或 " } else { ", " });
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use pep_core::{ArrayOf, ExportProblem, StructureProblem};

    use super::*;

    #[test]
    fn english_is_the_core_wording_and_chinese_is_translated() {
        let problem = Problem::Structure(StructureProblem::WrongType {
            expected: JsonType::String,
            found: JsonType::Number,
        });
        assert_eq!(
            problem_text(Lang::En, &problem),
            "must be a string, found a number"
        );
        assert_eq!(
            problem_text(Lang::Zh, &problem),
            "类型应为字符串，实际为数字"
        );
        let empty = Problem::Export(ExportProblem::EmptyVariableValue { name: "x".into() });
        assert_eq!(
            problem_text(Lang::Zh, &empty),
            "static_var \"x\" 的值为空，{{x}} 展开为 \"\""
        );
        let no_message = Problem::Structure(StructureProblem::EmptyArray {
            what: ArrayOf::Messages,
        });
        assert_eq!(problem_text(Lang::Zh, &no_message), "至少需要一个消息");
    }
}
