//! `static_var`: a session-scoped template variable (spec §3.2).

use crate::decode::Input;
use crate::model::Extra;

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
