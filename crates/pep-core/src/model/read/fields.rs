//! Reading one JSON object's fields with precise paths and no lost data.

use serde_json::{Map, Number, Value};

use super::numbers::{parse_count, parse_integer};
use crate::cap::Cap;
use crate::issue::{ArrayOf, EnvelopeProblem, Issue, JsonType, Problem, StructureProblem};
use crate::model::Extra;
use crate::path::JsonPath;

/// What to do with the big verbatim parts of a node (tool arguments, schemas, the raw JSON of
/// invalid nodes): copy them out of the tree, or leave an empty value for a caller that owns the
/// tree and moves them in afterwards (the streaming decoder), so they never exist twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Payload {
    Copy,
    Defer,
}

impl Payload {
    fn copy(self, map: &Map<String, Value>) -> Map<String, Value> {
        match self {
            Payload::Copy => map.clone(),
            Payload::Defer => Map::new(),
        }
    }

    /// A node's raw JSON for an invalid entry.
    pub(crate) fn raw(self, value: &Value) -> Value {
        match self {
            Payload::Copy => value.clone(),
            Payload::Defer => Value::Null,
        }
    }
}

/// The most fields any protocol object has (a document segment: kind + 5).
const MAX_FIELDS: usize = 8;

/// The fields of one object: known ones by position in `names`, unknown ones in [`Extra`],
/// and every problem reported into `issues` under the object's path.
pub(crate) struct Fields<'v, 'p, 'i> {
    object: &'v Map<String, Value>,
    names: &'static [&'static str],
    values: [Option<&'v Value>; MAX_FIELDS],
    extra: Extra,
    path: &'p JsonPath<'p>,
    issues: &'i mut Vec<Issue>,
    errors: usize,
    payload: Payload,
}

impl<'v, 'p, 'i> Fields<'v, 'p, 'i> {
    /// Sorts `object`'s members into the known `names` (in spec order) and unknown fields,
    /// warning about each unknown one. `allowed_unknown` names fields that are not part of the
    /// struct but draw no warning. With [`Payload::Defer`] unknown fields get `null` values,
    /// for the caller to move the real ones in.
    pub(crate) fn read(
        object: &'v Map<String, Value>,
        names: &'static [&'static str],
        path: &'p JsonPath<'p>,
        issues: &'i mut Vec<Issue>,
        payload: Payload,
        unknown: &mut Cap,
    ) -> Self {
        debug_assert!(names.len() <= MAX_FIELDS);
        let mut values = [None; MAX_FIELDS];
        let mut extra = Extra::default();
        let mut in_spec_order = true;
        let mut last_known = 0;
        for (key, value) in object {
            match names.iter().position(|name| name == key) {
                Some(index) => {
                    in_spec_order &= index >= last_known;
                    last_known = index;
                    values[index] = Some(value);
                }
                None => {
                    if unknown.admit() {
                        issues.push(Issue::at_path(
                            &path.key(key),
                            Problem::Envelope(EnvelopeProblem::UnknownField { field: key.clone() }),
                        ));
                    }
                    let value = match payload {
                        Payload::Copy => value.clone(),
                        Payload::Defer => Value::Null,
                    };
                    extra.fields.insert(key.clone(), value);
                }
            }
        }
        if !in_spec_order || !extra.fields.is_empty() {
            extra.key_order = Some(object.keys().cloned().collect());
        }
        Fields {
            object,
            names,
            values,
            extra,
            path,
            issues,
            errors: 0,
            payload,
        }
    }

    /// The number of errors reported for this object so far.
    pub(crate) fn errors(&self) -> usize {
        self.errors
    }

    /// Where problems are collected, for nested readers.
    pub(crate) fn issues(&mut self) -> &mut Vec<Issue> {
        self.issues
    }

    /// Reports a problem at field `name`.
    pub(crate) fn report(&mut self, name: &str, problem: Problem) {
        if problem.severity() == crate::Severity::Error {
            self.errors += 1;
        }
        self.issues
            .push(Issue::at_path(&self.path.key(name), problem));
    }

    fn slot(&self, name: &'static str) -> usize {
        self.names
            .iter()
            .position(|known| *known == name)
            .unwrap_or_else(|| unreachable!("field `{name}` is not declared"))
    }

    /// The raw value of field `name`, if present.
    pub(crate) fn raw(&self, name: &'static str) -> Option<&'v Value> {
        self.values[self.slot(name)]
    }

    /// A field that must be present; reports it missing otherwise.
    pub(crate) fn required(&mut self, name: &'static str) -> Option<&'v Value> {
        let value = self.raw(name);
        if value.is_none() {
            self.report(
                name,
                Problem::Structure(StructureProblem::MissingField { field: name }),
            );
        }
        value
    }

    fn wrong_type(&mut self, name: &'static str, expected: JsonType, found: &Value) {
        self.report(
            name,
            Problem::Structure(StructureProblem::WrongType {
                expected,
                found: JsonType::of(found),
            }),
        );
    }

    /// A required string.
    pub(crate) fn string(&mut self, name: &'static str) -> Option<String> {
        match self.required(name)? {
            Value::String(text) => Some(text.clone()),
            other => {
                self.wrong_type(name, JsonType::String, other);
                None
            }
        }
    }

    /// An optional string; an empty one counts as absent (DECISIONS §3) for export but is kept
    /// as written here.
    pub(crate) fn optional_string(&mut self, name: &'static str) -> Option<String> {
        match self.raw(name)? {
            Value::String(text) => Some(text.clone()),
            other => {
                self.wrong_type(name, JsonType::String, other);
                None
            }
        }
    }

    /// A required boolean.
    pub(crate) fn boolean(&mut self, name: &'static str) -> Option<bool> {
        match self.required(name)? {
            Value::Bool(flag) => Some(*flag),
            other => {
                self.wrong_type(name, JsonType::Boolean, other);
                None
            }
        }
    }

    /// `collapsed`, required by spec §3 for `kind`; in repair mode a missing one takes
    /// `default` (spec §7.2) with a warning instead of an error.
    pub(crate) fn collapsed(&mut self, kind: &'static str, default: bool, repair: bool) -> bool {
        match self.raw("collapsed") {
            None if repair => {
                self.report(
                    "collapsed",
                    Problem::Envelope(EnvelopeProblem::CollapsedRepaired { default }),
                );
                default
            }
            None => {
                self.report(
                    "collapsed",
                    Problem::Structure(StructureProblem::MissingCollapsed { kind }),
                );
                default
            }
            Some(Value::Bool(flag)) => *flag,
            Some(other) => {
                self.wrong_type("collapsed", JsonType::Boolean, other);
                default
            }
        }
    }

    /// A required object, copied with its key order and numbers intact, or (see
    /// [`Payload::Defer`]) left empty for the caller.
    pub(crate) fn object_in(&mut self, name: &'static str) -> Option<Map<String, Value>> {
        match self.required(name)? {
            Value::Object(map) => Some(self.payload.copy(map)),
            other => {
                self.wrong_type(name, JsonType::Object, other);
                None
            }
        }
    }

    /// An optional object, copied or left empty for the caller.
    pub(crate) fn optional_object_in(&mut self, name: &'static str) -> Option<Map<String, Value>> {
        match self.raw(name)? {
            Value::Object(map) => Some(self.payload.copy(map)),
            other => {
                self.wrong_type(name, JsonType::Object, other);
                None
            }
        }
    }

    /// A required array with at least one element, whose elements are read by `read_item`.
    /// Items that fail are left out of the result; their errors are counted for this object.
    pub(crate) fn items<T>(
        &mut self,
        name: &'static str,
        what: ArrayOf,
        mut read_item: impl FnMut(&'v Value, &JsonPath<'_>, &mut Vec<Issue>) -> (Option<T>, usize),
    ) -> Option<Vec<T>> {
        let elements = match self.required(name)? {
            Value::Array(elements) => elements,
            other => {
                self.wrong_type(name, JsonType::Array, other);
                return None;
            }
        };
        if elements.is_empty() {
            self.report(
                name,
                Problem::Structure(StructureProblem::EmptyArray { what }),
            );
            return None;
        }
        let array_path = self.path.key(name);
        let mut items = Vec::with_capacity(elements.len());
        let mut failed = 0;
        for (index, element) in elements.iter().enumerate() {
            let element_path = array_path.index(index);
            let (item, errors) = read_item(element, &element_path, self.issues);
            failed += errors;
            items.extend(item);
        }
        self.errors += failed;
        (failed == 0).then_some(items)
    }

    /// A required non-negative integer (`sizeBytes`, `charCount`).
    pub(crate) fn count(&mut self, name: &'static str) -> Option<u64> {
        let value = self.required(name)?;
        let Value::Number(number) = value else {
            self.wrong_type(name, JsonType::NonNegativeInteger, value);
            return None;
        };
        match parse_count(number) {
            Ok(count) => {
                self.keep_spelling(name, number);
                Some(count)
            }
            Err(problem) => {
                self.report(name, problem);
                None
            }
        }
    }

    /// A required integer (`timestamp`).
    pub(crate) fn integer(&mut self, name: &'static str) -> Option<i64> {
        let value = self.required(name)?;
        let Value::Number(number) = value else {
            self.wrong_type(name, JsonType::Integer, value);
            return None;
        };
        match parse_integer(number) {
            Ok(integer) => {
                self.keep_spelling(name, number);
                Some(integer)
            }
            Err(problem) => {
                self.report(name, problem);
                None
            }
        }
    }

    /// `-0` is the one integer spelling a typed number cannot write back: keep it as written,
    /// alongside the typed value, so a round trip gives the same text (found by fuzzing).
    fn keep_spelling(&mut self, name: &'static str, number: &Number) {
        if number.as_str() == "-0" {
            self.extra
                .fields
                .insert(name.to_owned(), Value::Number(number.clone()));
            self.extra.key_order = Some(self.object.keys().cloned().collect());
        }
    }

    /// Moves a present known field into the unknown fields, so that a value the typed model
    /// cannot hold (a numeric `version`, say) is still written back.
    pub(crate) fn keep_raw(&mut self, name: &'static str) {
        if let Some(value) = self.raw(name) {
            self.extra.fields.insert(name.to_owned(), value.clone());
            self.values[self.slot(name)] = None;
            self.extra.key_order = Some(self.object.keys().cloned().collect());
        }
    }

    /// The unknown fields, with the object's key order when it must be kept.
    pub(crate) fn finish(self) -> Extra {
        self.extra
    }

    /// Builds the value from the fields read (`None` when one is missing) and the unknown
    /// ones, but only when the object had no errors, so a partly read object never passes
    /// for a valid one.
    pub(crate) fn build<T>(self, build: impl FnOnce(Extra) -> Option<T>) -> Option<T> {
        let errors = self.errors;
        let extra = self.finish();
        if errors > 0 { None } else { build(extra) }
    }
}
