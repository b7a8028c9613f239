//! The ≈ tokens of one item of an exported request, by the rules of the request budget
//! ([`crate::budget::RequestBudget`]): every string value counts, measured on its own; a tool
//! schema and an Anthropic `tool_use` input count as their compact JSON; image blocks, the
//! model, numbers, booleans and keys count nothing. Over all items this is exactly the
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
        (CacheFormat::OpenAi, "tools") => Rules {
            compact: "parameters",
            media: "image_url",
        },
        (CacheFormat::Responses, _) => Rules {
            compact: "parameters",
            media: "input_image",
        },
        (CacheFormat::Anthropic, "tools") => Rules {
            compact: "input_schema",
            media: "image",
        },
        (CacheFormat::OpenAi, _) => Rules {
            compact: "",
            media: "image_url",
        },
        (CacheFormat::Anthropic, _) => Rules {
            compact: "input",
            media: "image",
        },
    };
    rules.tokens(value)
}

/// What counts differently in one member's items.
struct Rules {
    /// The key whose object value counts as its compact JSON ("" for none).
    compact: &'static str,
    /// The `type` of a block that is billed as media and counts nothing.
    media: &'static str,
}

impl Rules {
    fn tokens(&self, value: &Value) -> usize {
        match value {
            Value::String(text) => Estimate.count(text),
            Value::Array(items) => items.iter().map(|item| self.tokens(item)).sum(),
            Value::Object(map) => {
                if map.get("type").and_then(Value::as_str) == Some(self.media) {
                    return 0;
                }
                map.iter()
                    .map(|(key, value)| match value {
                        Value::Object(object) if key == self.compact => {
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
