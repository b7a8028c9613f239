//! Small builders for the order-preserving JSON the printers write.

use serde_json::{Map, Value};

/// An object with `fields` in this order.
pub(super) fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect(),
    )
}

/// `{"type": kind, key: value}`, the shape of most content blocks.
pub(super) fn typed(kind: &str, key: &str, value: Value) -> Value {
    object([("type", Value::from(kind)), (key, value)])
}

/// A declared tool's schema exactly as given, or `{"type":"object","properties":{}}`.
pub(super) fn schema_or_empty(schema: Option<&Map<String, Value>>) -> Value {
    match schema {
        Some(schema) => Value::Object(schema.clone()),
        None => object([
            ("type", Value::from("object")),
            ("properties", Value::Object(Map::new())),
        ]),
    }
}

/// Compact JSON of a tool call's arguments: keys in input order, numbers as written,
/// non-ASCII raw (DECISIONS §3). Serialised straight from the map: a copy of it would double
/// the memory of a large one.
pub(super) fn compact(arguments: &Map<String, Value>) -> String {
    serde_json::to_string(arguments).unwrap_or_default()
}
