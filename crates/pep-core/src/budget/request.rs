//! The model-visible text of an exported request body (what [`super::RequestBudget`] says).

use serde_json::{Map, Value};

use super::{Size, TokenCounter};
use crate::export::Format;

/// Keys whose object value is measured as its compact JSON rather than walked: tool schemas
/// and Anthropic tool inputs. (OpenAI's `arguments` is a string already.)
fn compact_key(format: Format, key: &str) -> bool {
    match format {
        Format::OpenAi => key == "parameters",
        Format::Anthropic => key == "input_schema" || key == "input",
        Format::Mcp => false,
    }
}

/// Block types that carry media, not text: they count nothing.
fn media_block(format: Format, object: &Map<String, Value>) -> bool {
    let Some(kind) = object.get("type").and_then(Value::as_str) else {
        return false;
    };
    match format {
        Format::OpenAi => kind == "image_url",
        Format::Anthropic => kind == "image",
        Format::Mcp => matches!(kind, "image" | "audio" | "resource_link"),
    }
}

/// The size of `body`'s model-visible text, in `format`: the sum of its leaves' sizes, so the
/// order of the walk does not matter. Iterative, so no body is too deep for the stack; every
/// node is visited once.
pub(super) fn size(format: Format, body: &Value, counter: &dyn TokenCounter) -> Size {
    let mut size = Size::default();
    let mut stack: Vec<&Value> = Vec::new();
    match body {
        Value::Object(top) => stack.extend(
            top.iter()
                .filter(|(key, _)| key.as_str() != "model")
                .map(|(_, value)| value),
        ),
        other => stack.push(other),
    }
    while let Some(value) = stack.pop() {
        match value {
            Value::String(text) => size += Size::of(text, counter),
            Value::Array(items) => stack.extend(items),
            Value::Object(object) => {
                if media_block(format, object) {
                    continue;
                }
                for (key, value) in object {
                    if value.is_object() && compact_key(format, key) {
                        let text = serde_json::to_string(value).unwrap_or_default();
                        size += Size::of(&text, counter);
                    } else {
                        stack.push(value);
                    }
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }
    size
}
