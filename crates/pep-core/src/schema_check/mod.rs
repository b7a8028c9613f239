//! Checking a tool call's `arguments` against the JSON Schema its tool declares.
//!
//! A checker of our own rather than the `jsonschema` crate: that crate (with `regex`,
//! `fancy-regex` and `referencing`) would multiply the wasm build's size, while tool schemas
//! use a small, flat part of JSON Schema. That part is checked exactly (`type`, `required`,
//! `properties`, `additionalProperties`, `enum`, `const`, `items`, the numeric bounds, the
//! length and count limits, and `pattern` in the regex subset of `pattern.rs`). Everything
//! else the schema says (`$ref`, `anyOf`, `format`, unknown keywords, malformed keyword
//! values, …) is listed in [`Report::unchecked`] instead of being guessed at, so a caller can
//! say "not checked" rather than "valid".
//!
//! The work is linear: the schema is compiled once per call, and each argument value is
//! visited once per schema node that applies to it. Patterns run on a non-backtracking VM,
//! within a budget of matching steps per call.

mod apply;
mod compile;
mod number;
mod pattern;
#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

/// Mismatches kept in a report; further ones are only counted, so a report stays small
/// whatever the size of the arguments.
const MISMATCH_LIMIT: usize = 100;

/// Unchecked schema locations kept in a report.
const UNCHECKED_LIMIT: usize = 100;

/// The outcome of checking a tool call's arguments against its tool's schema.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Where the arguments break the schema, in the order found (at most 100).
    pub mismatches: Vec<Mismatch>,
    /// Mismatches beyond the first 100: counted, not kept.
    pub more: usize,
    /// What the schema says that the checker does not check (at most 100), in schema order.
    /// It depends on the schema alone, except for a `pattern` that had to be left unapplied
    /// to some strings because matching them all would cost too much (listed last).
    pub unchecked: Vec<Unchecked>,
}

/// One place where the arguments break the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The path of the offending value below the arguments object: `""` for the object
    /// itself, `.city`, `.items[2].name`, `["odd key"]`; so the caller can write
    /// `format!("{segment_path}.arguments{path}")`.
    pub path: String,
    /// What is wrong with it.
    pub problem: MismatchKind,
}

/// What is wrong with a value, compared with the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MismatchKind {
    /// `type`: the value has another JSON type.
    WrongType {
        /// The type(s) the schema names, `|`-separated: `"string"`, `"integer|null"`.
        expected: String,
        /// The value's type: `null`, `boolean`, `object`, `array`, `number` or `string`.
        found: &'static str,
    },
    /// `required`: an object lacks a property.
    MissingRequired {
        /// The missing property's name.
        name: String,
    },
    /// `additionalProperties: false`: an object has a property the schema does not list.
    NotAllowed {
        /// The property's name.
        name: String,
    },
    /// The schema here is `false`: no value is allowed.
    Forbidden,
    /// `enum`: the value is none of the listed ones.
    NotInEnum,
    /// `const`: the value is not the required one.
    NotConst,
    /// `minimum` (or `exclusiveMinimum`) is not met.
    BelowMinimum {
        /// The limit as the schema writes it.
        limit: String,
        /// Whether the limit itself is excluded (`exclusiveMinimum`).
        exclusive: bool,
    },
    /// `maximum` (or `exclusiveMaximum`) is not met.
    AboveMaximum {
        /// The limit as the schema writes it.
        limit: String,
        /// Whether the limit itself is excluded (`exclusiveMaximum`).
        exclusive: bool,
    },
    /// `minLength`: a string has fewer characters (Unicode scalar values).
    TooShort {
        /// The least length allowed.
        min: u64,
    },
    /// `maxLength`: a string has more characters (Unicode scalar values).
    TooLong {
        /// The greatest length allowed.
        max: u64,
    },
    /// `pattern`: a string does not match.
    PatternMismatch {
        /// The pattern as the schema writes it.
        pattern: String,
    },
    /// `minItems`: an array is shorter.
    TooFewItems {
        /// The least number of items allowed.
        min: u64,
    },
    /// `maxItems`: an array is longer.
    TooManyItems {
        /// The greatest number of items allowed.
        max: u64,
    },
    /// `minProperties`: an object has fewer properties.
    TooFewProperties {
        /// The least number of properties allowed.
        min: u64,
    },
    /// `maxProperties`: an object has more properties.
    TooManyProperties {
        /// The greatest number of properties allowed.
        max: u64,
    },
}

impl MismatchKind {
    /// A one-line English description, meant to follow the value's path:
    /// "is a number, the schema wants a string".
    pub fn message(&self) -> String {
        match self {
            MismatchKind::WrongType { expected, found } => {
                let mut wanted = String::new();
                for name in expected.split('|') {
                    if !wanted.is_empty() {
                        wanted.push_str(" or ");
                    }
                    wanted.push_str(&with_article(name));
                }
                format!("is {}, the schema wants {wanted}", with_article(found))
            }
            MismatchKind::MissingRequired { name } => {
                format!("the required property \"{name}\" is missing")
            }
            MismatchKind::NotAllowed { name } => {
                format!("the property \"{name}\" is not allowed by the schema")
            }
            MismatchKind::Forbidden => "is not allowed here (the schema is false)".to_owned(),
            MismatchKind::NotInEnum => "is not one of the values the schema allows".to_owned(),
            MismatchKind::NotConst => "is not the value the schema requires".to_owned(),
            MismatchKind::BelowMinimum { limit, exclusive } => match exclusive {
                false => format!("is less than the minimum {limit}"),
                true => format!("is not greater than {limit}"),
            },
            MismatchKind::AboveMaximum { limit, exclusive } => match exclusive {
                false => format!("is greater than the maximum {limit}"),
                true => format!("is not less than {limit}"),
            },
            MismatchKind::TooShort { min } => {
                format!("is shorter than {}", counted(*min, "character"))
            }
            MismatchKind::TooLong { max } => {
                format!("is longer than {}", counted(*max, "character"))
            }
            MismatchKind::PatternMismatch { pattern } => {
                format!("does not match the pattern \"{pattern}\"")
            }
            MismatchKind::TooFewItems { min } => {
                format!("has fewer than {}", counted(*min, "item"))
            }
            MismatchKind::TooManyItems { max } => {
                format!("has more than {}", counted(*max, "item"))
            }
            MismatchKind::TooFewProperties { min } => {
                format!("has fewer than {}", counted(*min, "property"))
            }
            MismatchKind::TooManyProperties { max } => {
                format!("has more than {}", counted(*max, "property"))
            }
        }
    }
}

/// A type name with its article: "a string", "an integer", "null".
fn with_article(name: &str) -> String {
    match name.chars().next() {
        _ if name == "null" => name.to_owned(),
        Some('a' | 'e' | 'i' | 'o' | 'u') => format!("an {name}"),
        _ => format!("a {name}"),
    }
}

/// "1 item", "3 items", "2 properties".
fn counted(count: u64, noun: &str) -> String {
    match (count, noun.strip_suffix('y')) {
        (1, _) => format!("1 {noun}"),
        (_, Some(stem)) => format!("{count} {stem}ies"),
        (_, None) => format!("{count} {noun}s"),
    }
}

/// Something the schema says that the checker does not check: a keyword outside the
/// supported set, a pattern outside the supported subset, or a malformed keyword value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unchecked {
    /// Where in the schema, in the same path syntax as [`Mismatch::path`], without the
    /// leading dot: `properties.when.format`, `items.$ref`, `properties["odd key"]`.
    pub schema_path: String,
    /// The keyword concerned: `format`, `$ref`, `pattern`, `type`, ….
    pub keyword: String,
}

/// Checks `arguments` against `schema` (the tool's JSON Schema for its arguments): one call;
/// the request checks compile a tool's schema once ([`Compiled`]).
#[cfg(test)]
pub fn check(schema: &Map<String, Value>, arguments: &Map<String, Value>) -> Report {
    Compiled::new(schema).check(arguments)
}

/// A schema read once, to check many calls of the same tool against it.
pub struct Compiled<'s> {
    rules: compile::Rules<'s>,
    unchecked: Vec<Unchecked>,
}

impl<'s> Compiled<'s> {
    /// Reads `schema` into rules, noting every keyword that is not checked.
    pub fn new(schema: &'s Map<String, Value>) -> Self {
        let mut compiler = compile::Compiler::new(schema);
        let rules = compiler.rules(schema, "", 0);
        Compiled {
            rules,
            unchecked: compiler.unchecked,
        }
    }

    /// Checks `arguments` against the schema.
    pub fn check(&self, arguments: &Map<String, Value>) -> Report {
        let mut walker = apply::Walker::default();
        walker.rules(&self.rules, apply::Instance::Object(arguments));
        let mut unchecked = self.unchecked.clone();
        let room = UNCHECKED_LIMIT.saturating_sub(unchecked.len());
        unchecked.extend(walker.unmatched.into_iter().take(room));
        Report {
            mismatches: walker.mismatches,
            more: walker.more,
            unchecked,
        }
    }
}
