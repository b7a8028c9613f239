//! OpenTelemetry GenAI (DECISIONS §12): the span attributes the export writes, and the
//! import of attributes, messages with `parts` (`parts`) and OTLP/JSON traces (`otlp`).

pub(crate) mod export;
pub(crate) mod import;
pub(crate) mod otlp;
pub(crate) mod parts;

use crate::issue::JsonType;
use std::borrow::Cow;

use serde_json::Value;

use crate::model::Envelope;
use crate::provider::read::{Report, key_path};
use import::{Attribute, Reader, read_attributes};

/// Whether `value` is OpenTelemetry GenAI data: an OTLP trace, an object with a `gen_ai.`
/// key, or an array with a message that has `parts`.
pub(crate) fn is_otel(value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            map.contains_key("resourceSpans") || map.keys().any(|key| key.starts_with("gen_ai."))
        }
        Value::Array(items) => items.iter().any(|item| item.get("parts").is_some()),
        _ => false,
    }
}

/// Imports `root`: a trace of one GenAI span, an attribute object, or a bare message array.
pub(crate) fn import(root: &Value, report: &mut Report) -> Option<Envelope> {
    match root {
        Value::Array(messages) => {
            let mut reader = Reader::default();
            reader.messages(messages, "", false, report);
            reader.draft.finish(report, "$")
        }
        Value::Object(map) if map.contains_key("resourceSpans") => {
            otlp::import_single(root, report)
        }
        Value::Object(map) => {
            let attributes = map.iter().map(|(key, value)| Attribute {
                key,
                value: Cow::Borrowed(value),
                path: key_path("", key),
            });
            read_attributes(attributes, None, report)
        }
        other => {
            report.wrong_type("$", JsonType::ObjectOrArray, other);
            None
        }
    }
}
