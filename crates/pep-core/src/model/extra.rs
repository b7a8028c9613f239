//! Fields the protocol does not define, kept so that nothing a user wrote is lost.

use serde_json::{Map, Value};

/// Unknown fields of one JSON object, plus the object's key order when it matters.
///
/// Decoding records `key_order` only when the object's keys were not in the spec's order or
/// unknown fields were present: the common case costs nothing, and writing the object back
/// reproduces exactly the keys and order of the input.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Extra {
    /// Unknown fields, in input order, values untouched.
    pub fields: Map<String, Value>,
    /// Every key of the input object in input order, when it differs from the spec's order.
    pub key_order: Option<Vec<String>>,
}

impl Extra {
    /// Whether there are no unknown fields.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }
}
