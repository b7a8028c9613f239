//! Reading a request: objects whose known keys are read and whose other keys are warned about
//! (DECISIONS §7: "every other key at any depth is left out with a warning naming its path"),
//! each node with its path in the input.

use serde_json::{Map, Value};

use crate::issue::{ImportProblem, Issue, JsonType, LeftOut, Problem, StructureProblem};
use crate::path::{push_index, push_key};

/// Where an import's problems go: errors stop the import, warnings come with the envelope.
#[derive(Debug, Default)]
pub(crate) struct Report {
    /// Problems that make the input impossible to import.
    pub errors: Vec<Issue>,
    /// What the import changed or left out.
    pub warnings: Vec<Issue>,
}

impl Report {
    /// An error at `path`.
    pub fn error(&mut self, path: impl Into<String>, problem: Problem) {
        self.errors.push(Issue::new(path, problem));
    }

    /// A warning at `path`.
    pub fn warn(&mut self, path: impl Into<String>, problem: Problem) {
        self.warnings.push(Issue::new(path, problem));
    }

    /// The warning that `what`, at `path`, is left out.
    pub fn left_out(&mut self, path: impl Into<String>, what: LeftOut) {
        self.warn(path, Problem::Import(ImportProblem::LeftOut { what }));
    }

    /// The error for `value` at `path` not being `expected` ("an object").
    pub fn wrong_type(&mut self, path: impl Into<String>, expected: JsonType, value: &Value) {
        let found = JsonType::of(value);
        self.error(
            path,
            Problem::Structure(StructureProblem::WrongType { expected, found }),
        );
    }
}

/// The path of member `key` of the node at `base` (`""` is the root).
pub(crate) fn key_path(base: &str, key: &str) -> String {
    let mut path = String::with_capacity(base.len() + key.len() + 1);
    path.push_str(base);
    push_key(&mut path, key);
    path
}

/// The path of element `index` of the node at `base`.
pub(crate) fn index_path(base: &str, index: usize) -> String {
    let mut path = String::with_capacity(base.len() + 4);
    path.push_str(base);
    push_index(&mut path, index);
    path
}

/// A path as issues print it: `$` for the root.
pub(crate) fn shown(path: &str) -> String {
    if path.is_empty() {
        "$".to_owned()
    } else {
        path.to_owned()
    }
}

/// An object of the input, with its path.
pub(crate) struct Obj<'v> {
    /// Its members.
    pub map: &'v Map<String, Value>,
    /// Its path (`""` for the root).
    pub path: String,
}

impl<'v> Obj<'v> {
    /// `value` at `path` as an object, every key not in `known` warned about as left out; an
    /// error when it is not an object.
    pub fn new(
        value: &'v Value,
        path: String,
        known: &[&str],
        report: &mut Report,
    ) -> Option<Obj<'v>> {
        Obj::with_special(value, path, known, report, |_, _| None)
    }

    /// [`Self::new`], where `special` may give a key that is not in `known` its own warning
    /// instead of the left-out one. Warnings come in the input's key order.
    pub fn with_special(
        value: &'v Value,
        path: String,
        known: &[&str],
        report: &mut Report,
        special: impl Fn(&str, &Value) -> Option<Problem>,
    ) -> Option<Obj<'v>> {
        let Value::Object(map) = value else {
            report.wrong_type(shown(&path), JsonType::Object, value);
            return None;
        };
        let obj = Obj { map, path };
        for (key, value) in map {
            if !known.contains(&key.as_str()) {
                let problem = special(key, value).unwrap_or_else(|| {
                    Problem::Import(ImportProblem::LeftOut {
                        what: LeftOut::Key(key.clone()),
                    })
                });
                report.warn(obj.at(key), problem);
            }
        }
        Some(obj)
    }

    /// The path of member `key`.
    pub fn at(&self, key: &str) -> String {
        key_path(&self.path, key)
    }

    /// Member `key`, unless absent.
    pub fn get(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key)
    }

    /// Member `key` when it is present and not `null`.
    pub fn present(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key).filter(|value| !value.is_null())
    }

    /// An optional string member (`null` counts as absent); another type is an error.
    pub fn str(&self, key: &str, report: &mut Report) -> Option<&'v str> {
        as_str(self.present(key)?, || self.at(key), report)
    }

    /// A required string member.
    pub fn required_str(&self, key: &'static str, report: &mut Report) -> Option<&'v str> {
        if self.present(key).is_none() {
            report.error(
                shown(&self.path),
                Problem::Structure(StructureProblem::MissingField { field: key }),
            );
            return None;
        }
        self.str(key, report)
    }

    /// An optional array member (`null` counts as absent); another type is an error.
    pub fn array(&self, key: &str, report: &mut Report) -> Option<&'v [Value]> {
        match self.present(key)? {
            Value::Array(items) => Some(items),
            other => {
                report.wrong_type(self.at(key), JsonType::Array, other);
                None
            }
        }
    }

    /// A required array member.
    pub fn required_array(&self, key: &'static str, report: &mut Report) -> Option<&'v [Value]> {
        if self.present(key).is_none() {
            report.error(
                shown(&self.path),
                Problem::Structure(StructureProblem::MissingField { field: key }),
            );
            return None;
        }
        self.array(key, report)
    }

    /// An optional boolean member (`null` counts as absent); another type is an error.
    pub fn bool(&self, key: &str, report: &mut Report) -> Option<bool> {
        as_bool(self.present(key)?, || self.at(key), report)
    }
}

/// `value` as a string; another type is an error at the path `at` gives.
pub(crate) fn as_str<'v>(
    value: &'v Value,
    at: impl FnOnce() -> String,
    report: &mut Report,
) -> Option<&'v str> {
    match value {
        Value::String(text) => Some(text),
        other => {
            report.wrong_type(at(), JsonType::String, other);
            None
        }
    }
}

/// `value` as a boolean; another type is an error at the path `at` gives.
pub(crate) fn as_bool(
    value: &Value,
    at: impl FnOnce() -> String,
    report: &mut Report,
) -> Option<bool> {
    match value {
        Value::Bool(flag) => Some(*flag),
        other => {
            report.wrong_type(at(), JsonType::Boolean, other);
            None
        }
    }
}
