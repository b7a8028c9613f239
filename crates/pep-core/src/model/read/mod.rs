//! Reading the protocol's objects field by field, with each problem at its JSON path: what
//! each segment kind's `decode` (under `kinds/`) and the envelope's decoder ([`crate::decode`])
//! read through. Here, with the data, so that the data's layer needs nothing above it.

mod fields;
mod numbers;
mod segment;

use serde_json::Value;

use super::Extra;
pub(crate) use fields::{Fields, Payload};
pub(crate) use segment::{Input, Nested, decode_segment};

/// Moves the values of `extra`'s unknown fields out of `raw`, the object they were read from
/// (each segment kind does so for its objects, in its `move_payloads`).
pub(crate) fn fill_extra(extra: &mut Extra, raw: &mut Value) {
    if extra.fields.is_empty() {
        return;
    }
    let Value::Object(map) = raw else {
        return;
    };
    for (key, value) in extra.fields.iter_mut() {
        if let Some(raw_value) = map.get_mut(key) {
            *value = std::mem::take(raw_value);
        }
    }
}
