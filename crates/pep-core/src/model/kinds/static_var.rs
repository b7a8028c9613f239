//! `static_var`: a session-scoped template variable (spec §3.2).

use serde_json::Value;

use crate::model::read::{Input, fill_extra};
use crate::model::write::{kind, object, optional, text};
use crate::model::{Extra, SegmentKind};

/// A session-scoped template variable (spec §3.2).
#[derive(Debug, Clone, PartialEq)]
pub struct StaticVarSegment {
    /// The name used in `{{name}}` placeholders.
    pub name: String,
    /// The value substituted at export.
    pub value: String,
    /// What the variable is for.
    pub description: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `static_var` segment (spec §3.2: `name` and `value` required, `description`
/// optional).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<StaticVarSegment> {
    let (mut f, _) = input.read(&["kind", "name", "value", "description"]);
    let (name, value) = (f.string("name"), f.string("value"));
    let description = f.optional_string("description");
    f.build(|extra| {
        Some(StaticVarSegment {
            name: name?,
            value: value?,
            description,
            extra,
        })
    })
}

/// Writes a `static_var` segment back, keys in spec §3.2 order unless the input had another.
pub(crate) fn encode(segment: &StaticVarSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::StaticVar),
            ("name", text(&segment.name)),
            ("value", text(&segment.value)),
            ("description", optional(&segment.description)),
        ],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut StaticVarSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
