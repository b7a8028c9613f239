//! An object of a Gemini body read in either spelling (DECISIONS §14): every key in camelCase
//! or snake_case (`system_instruction`, `inline_data`, `mime_type`, …), camelCase winning when
//! one object has both (G-9), paths naming each key as written.

use std::borrow::Cow;

use serde_json::Value;

use crate::issue::{GeminiProblem, ImportProblem, JsonType, LeftOut, Problem, StructureProblem};
use crate::provider::read::{Report, as_bool, as_str, index_path, key_path, shown};

/// An object of the input with its known keys found, by their camelCase names.
pub(super) struct Node<'v> {
    /// Its path (`""` for the root).
    pub path: String,
    /// Each known key present: its camelCase name, the key as written, its value.
    keys: Vec<(&'static str, &'v str, &'v Value)>,
}

/// `key` in camelCase: each `_` followed by a lower-case letter becomes that letter upper-cased
/// (`function_declarations` → `functionDeclarations`); a camelCase key is itself.
pub(super) fn camel(key: &str) -> Cow<'_, str> {
    if !key.contains('_') {
        return Cow::Borrowed(key);
    }
    let mut out = String::with_capacity(key.len());
    let mut chars = key.chars().peekable();
    while let Some(c) = chars.next() {
        match chars.peek() {
            Some(next) if c == '_' && next.is_ascii_lowercase() => {
                out.push(next.to_ascii_uppercase());
                chars.next();
            }
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

impl<'v> Node<'v> {
    /// `value` at `path` as an object whose keys in `known` (camelCase) are read; every other key
    /// is warned about at its path as left out, unless `special` (called with the camelCase
    /// name and the key as written) says otherwise. An error when `value` is not an object.
    pub fn new(
        value: &'v Value,
        path: String,
        known: &[&'static str],
        report: &mut Report,
        special: impl Fn(&str, &str) -> Special,
    ) -> Option<Node<'v>> {
        let Value::Object(map) = value else {
            report.wrong_type(shown(&path), JsonType::Object, value);
            return None;
        };
        let mut keys = Vec::new();
        for (written, value) in map {
            let name = camel(written);
            let at = key_path(&path, written);
            match known.iter().find(|k| **k == name) {
                // The other spelling of a key also written in camelCase (G-9).
                Some(k) if *k != written && map.contains_key(*k) => {
                    report.warn(
                        at,
                        Problem::Gemini(GeminiProblem::OtherSpelling { read: k }),
                    );
                }
                Some(k) => keys.push((*k, written.as_str(), value)),
                None => match special(&name, written) {
                    Special::LeftOut => report.warn(
                        at,
                        Problem::Import(ImportProblem::LeftOut {
                            what: LeftOut::Key(written.clone()),
                        }),
                    ),
                    Special::Warn(problem) => report.warn(at, problem),
                    Special::Dropped => {}
                },
            }
        }
        Some(Node { path, keys })
    }

    /// [`Self::new`] with every unknown key warned as left out.
    pub fn plain(
        value: &'v Value,
        path: String,
        known: &[&'static str],
        report: &mut Report,
    ) -> Option<Node<'v>> {
        Node::new(value, path, known, report, |_, _| Special::LeftOut)
    }

    /// The path of the known key `key`, as written (camelCase when it is absent).
    pub fn at(&self, key: &str) -> String {
        let written = self.find(key).map_or(key, |(written, _)| written);
        key_path(&self.path, written)
    }

    /// The known key `key` as written, when present.
    pub fn written(&self, key: &str) -> Option<&'v str> {
        self.find(key).map(|(written, _)| written)
    }

    fn find(&self, key: &str) -> Option<(&'v str, &'v Value)> {
        self.keys
            .iter()
            .find(|(name, _, _)| *name == key)
            .map(|(_, written, value)| (*written, *value))
    }

    /// The known key `key` when present and not `null`.
    pub fn get(&self, key: &str) -> Option<&'v Value> {
        self.find(key)
            .map(|(_, value)| value)
            .filter(|v| !v.is_null())
    }

    /// An optional string member; another type is an error.
    pub fn str(&self, key: &str, report: &mut Report) -> Option<&'v str> {
        as_str(self.get(key)?, || self.at(key), report)
    }

    /// A required string member.
    pub fn required_str(&self, key: &'static str, report: &mut Report) -> Option<&'v str> {
        if self.get(key).is_none() {
            self.missing(key, report);
            return None;
        }
        self.str(key, report)
    }

    /// An optional boolean member; another type is an error.
    pub fn bool(&self, key: &str, report: &mut Report) -> Option<bool> {
        as_bool(self.get(key)?, || self.at(key), report)
    }

    /// A list member with each element's path; a single object stands for a list of one (the
    /// API takes both for `contents`, `parts`, `tools`). Another type is an error.
    pub fn list(&self, key: &str, report: &mut Report) -> Vec<(String, &'v Value)> {
        let at = self.at(key);
        match self.get(key) {
            None => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(k, item)| (index_path(&at, k), item))
                .collect(),
            Some(one @ Value::Object(_)) => vec![(at, one)],
            Some(other) => {
                report.wrong_type(at, JsonType::ObjectOrArray, other);
                Vec::new()
            }
        }
    }

    /// The error that `key` is missing.
    pub fn missing(&self, key: &'static str, report: &mut Report) {
        report.error(
            shown(&self.path),
            Problem::Structure(StructureProblem::MissingField { field: key }),
        );
    }
}

/// What becomes of a key a [`Node`] does not read.
pub(super) enum Special {
    /// Warned as left out (the usual case).
    LeftOut,
    /// Its own warning.
    Warn(Problem),
    /// Dropped with no warning (bookkeeping such as the Code Assist wrapper's `project`).
    Dropped,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_keys_read_as_camel_case() {
        assert_eq!(camel("system_instruction"), "systemInstruction");
        assert_eq!(camel("parameters_json_schema"), "parametersJsonSchema");
        assert_eq!(camel("mimeType"), "mimeType");
        // Only `_` before a lower-case letter joins: these stay as written.
        assert_eq!(camel("a__b"), "a_B");
        assert_eq!(camel("a_1"), "a_1");
        assert_eq!(camel("tail_"), "tail_");
    }
}
