//! The ≈ tokens of one item of an exported request, by the rules of the request budget
//! ([`crate::budget::RequestBudget`]): every string value counts, measured on its own; a tool
//! schema, an Anthropic `tool_use` input and Gemini's `args` and `response` count as their
//! compact JSON; image blocks and Gemini's inline and file data, the model, numbers, booleans
//! and keys count nothing. Over all items this is exactly the
//! request's size the viewer shows (a test checks it).

use serde_json::Value;

use super::CacheFormat;
use crate::budget::{Estimate, TokenCounter};

/// The ≈ tokens of `value`, the item of member `member` (`model`, `system`, an element of
/// `tools` or `messages`) of a `format` request.
pub(crate) fn item_tokens(format: CacheFormat, member: &str, value: &Value) -> usize {
    if member == "model" {
        return 0;
    }
    let rules = match (format, member) {
        (CacheFormat::OpenAi, "tools") => Rules::typed(&["parameters"], "image_url"),
        (CacheFormat::Responses, _) => Rules::typed(&["parameters"], "input_image"),
        (CacheFormat::Anthropic, "tools") => Rules::typed(&["input_schema"], "image"),
        (CacheFormat::OpenAi, _) => Rules::typed(&[], "image_url"),
        (CacheFormat::Anthropic, _) => Rules::typed(&["input"], "image"),
        (CacheFormat::Gemini, _) => Rules {
            compact: &["args", "response", "parametersJsonSchema"],
            media: "",
            media_keys: &["inlineData", "fileData"],
        },
    };
    rules.tokens(value)
}

/// What counts differently in one member's items.
struct Rules {
    /// The keys whose object values count as their compact JSON.
    compact: &'static [&'static str],
    /// The `type` of a block that is billed as media and counts nothing ("" for none).
    media: &'static str,
    /// The keys whose values are media and count nothing (Gemini's parts have no `type`).
    media_keys: &'static [&'static str],
}

impl Rules {
    /// The rules of a format whose blocks say their `type`.
    fn typed(compact: &'static [&'static str], media: &'static str) -> Rules {
        Rules {
            compact,
            media,
            media_keys: &[],
        }
    }

    fn tokens(&self, value: &Value) -> usize {
        match value {
            Value::String(text) => Estimate.count(text),
            Value::Array(items) => items.iter().map(|item| self.tokens(item)).sum(),
            Value::Object(map) => {
                if !self.media.is_empty()
                    && map.get("type").and_then(Value::as_str) == Some(self.media)
                {
                    return 0;
                }
                map.iter()
                    .map(|(key, value)| match value {
                        _ if self.media_keys.contains(&key.as_str()) => 0,
                        Value::Object(object) if self.compact.contains(&key.as_str()) => {
                            Estimate.count(&crate::export::compact(object))
                        }
                        other => self.tokens(other),
                    })
                    .sum()
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => 0,
        }
    }
}
