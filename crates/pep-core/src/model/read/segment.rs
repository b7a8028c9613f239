//! Decoding one segment: a dispatch on `kind` of our own, so that every error keeps its exact
//! path (serde's internally tagged enums buffer the value and lose it). This file reads the
//! `kind`; each kind's fields are read by its own file under `kinds/`, through [`Input`].
//! `repair` is [`crate::Mode::Repair`]: the viewer's repairs (DECISIONS §1).

use serde_json::{Map, Value};

use super::fields::{Fields, Payload};
use crate::cap::Cap;
use crate::issue::{Issue, JsonType, Problem, StructureProblem};
use crate::model::{Segment, SegmentKind};
use crate::path::JsonPath;

/// Decodes `value` as a segment, reporting every problem into `issues`.
/// Returns `None` when the segment has errors.
pub(crate) fn decode_segment(
    value: &Value,
    path: &JsonPath<'_>,
    repair: bool,
    payload: Payload,
    issues: &mut Vec<Issue>,
    unknown: &mut Cap,
) -> Option<Segment> {
    let Value::Object(object) = value else {
        issues.push(Issue::at_path(
            path,
            Problem::Structure(StructureProblem::WrongType {
                expected: JsonType::Object,
                found: JsonType::of(value),
            }),
        ));
        return None;
    };
    let kind = read_kind(object, path, issues)?;
    let input = Input {
        object,
        path,
        issues,
        unknown,
        payload,
        repair,
    };
    Segment::decode(kind, input)
}

/// The segment's `kind`, or `None` with the problem reported.
fn read_kind(
    object: &Map<String, Value>,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
) -> Option<SegmentKind> {
    let problem = match object.get("kind") {
        None => Problem::Structure(StructureProblem::MissingField { field: "kind" }),
        Some(Value::String(name)) => match SegmentKind::from_name(name) {
            Some(kind) => return Some(kind),
            None => Problem::Structure(StructureProblem::UnknownKind {
                found: name.clone(),
            }),
        },
        Some(other) => Problem::Structure(StructureProblem::WrongType {
            expected: JsonType::String,
            found: JsonType::of(other),
        }),
    };
    issues.push(Issue::at_path(&path.key("kind"), problem));
    None
}

/// One segment object whose `kind` is known: what that kind's `decode` reads.
pub(crate) struct Input<'v, 'p, 'i> {
    object: &'v Map<String, Value>,
    path: &'p JsonPath<'p>,
    issues: &'i mut Vec<Issue>,
    unknown: &'i mut Cap,
    payload: Payload,
    repair: bool,
}

impl<'v, 'p, 'i> Input<'v, 'p, 'i> {
    /// Whether to repair what the viewer repairs (DECISIONS §1, [`crate::Mode::Repair`]).
    pub(crate) fn repair(&self) -> bool {
        self.repair
    }

    /// Sorts the object's members into `names` (the kind's fields in spec order, `kind`
    /// first) and unknown fields. The [`Nested`] reads the objects of its arrays.
    pub(crate) fn read(self, names: &'static [&'static str]) -> (Fields<'v, 'p, 'i>, Nested<'i>) {
        let fields = Fields::read(
            self.object,
            names,
            self.path,
            self.issues,
            self.payload,
            self.unknown,
        );
        let nested = Nested {
            unknown: self.unknown,
            payload: self.payload,
        };
        (fields, nested)
    }
}

/// What reading the objects in a segment's arrays needs besides their path: the envelope's
/// cap on unknown-field warnings and the payload rule.
pub(crate) struct Nested<'i> {
    unknown: &'i mut Cap,
    payload: Payload,
}

impl Nested<'_> {
    /// Reads an array element that must be an object, with the given field names; `None`
    /// with the error reported when it is not an object.
    pub(crate) fn fields<'v, 'p, 'j>(
        &mut self,
        value: &'v Value,
        names: &'static [&'static str],
        path: &'p JsonPath<'p>,
        issues: &'j mut Vec<Issue>,
    ) -> Option<Fields<'v, 'p, 'j>> {
        match value {
            Value::Object(object) => Some(Fields::read(
                object,
                names,
                path,
                issues,
                self.payload,
                self.unknown,
            )),
            other => {
                issues.push(Issue::at_path(
                    path,
                    Problem::Structure(StructureProblem::WrongType {
                        expected: JsonType::Object,
                        found: JsonType::of(other),
                    }),
                ));
                None
            }
        }
    }
}
