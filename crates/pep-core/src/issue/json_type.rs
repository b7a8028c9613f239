//! The JSON types a problem names (`must be a string, found a number`), typed, so that every
//! language says them from one match instead of mapping English phrases back.

use std::fmt;

use serde_json::Value;

/// A JSON type, or the shape a field wants, as a problem names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonType {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// Any number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
    /// A number without fraction or exponent.
    Integer,
    /// An integer of at least zero.
    NonNegativeInteger,
    /// A string or an array (of content parts, of input items).
    StringOrArray,
    /// An object or an array (an OpenTelemetry input's root).
    ObjectOrArray,
    /// An array, or a string holding the JSON of one (an OpenTelemetry attribute).
    ArrayOrArrayString,
    /// A string or an object (Gemini's `systemInstruction`: a text, a Part or a Content).
    StringOrObject,
}

impl JsonType {
    /// The type of `value`.
    pub fn of(value: &Value) -> JsonType {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(_) => JsonType::Number,
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JsonType::Null => "null",
            JsonType::Boolean => "a boolean",
            JsonType::Number => "a number",
            JsonType::String => "a string",
            JsonType::Array => "an array",
            JsonType::Object => "an object",
            JsonType::Integer => "an integer",
            JsonType::NonNegativeInteger => "a non-negative integer",
            JsonType::StringOrArray => "a string or an array",
            JsonType::ObjectOrArray => "an object or an array",
            JsonType::ArrayOrArrayString => "an array (or a JSON string of one)",
            JsonType::StringOrObject => "a string or an object",
        })
    }
}
