//! Reading a schema once into the rules the checker applies, listing what it cannot check.
//!
//! Compiling first means a subschema applied to ten thousand array items is read (and its
//! pattern compiled) once, and that each unchecked keyword is reported once per schema
//! location, not once per value.

use serde_json::{Map, Number, Value};

use super::number::Decimal;
use super::pattern::Regex;
use super::{UNCHECKED_LIMIT, Unchecked};
use crate::path::push_key;

/// The largest program one pattern may compile to.
const PATTERN_LIMIT: usize = 10_000;

/// The instructions all patterns of a schema may compile to together, so a schema of many
/// short `a{5000}` patterns cannot take gigabytes.
const PATTERN_BUDGET: usize = 100_000;

/// How deeply subschemas are followed (serde_json parses no deeper than 128 levels anyway).
const MAX_DEPTH: usize = 128;

/// The keywords that only annotate: neither checked nor worth reporting. `$defs` and
/// `definitions` only matter through `$ref`, which is reported.
const ANNOTATIONS: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "$schema",
    "$id",
    "$comment",
    "$anchor",
    "$dynamicAnchor",
    "$vocabulary",
    "$defs",
    "definitions",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
];

/// JSON types as bits, so `["integer", "null"]` is one byte to test.
pub(super) const NULL: u8 = 1;
pub(super) const BOOLEAN: u8 = 2;
pub(super) const OBJECT: u8 = 4;
pub(super) const ARRAY: u8 = 8;
pub(super) const NUMBER: u8 = 16;
pub(super) const STRING: u8 = 32;
pub(super) const INTEGER: u8 = 64;

/// A schema: `true`, `false`, or an object of keywords.
#[derive(Debug)]
pub(super) enum Node<'s> {
    True,
    False,
    Rules(Box<Rules<'s>>),
}

/// `type`, as bits and as written (for the message).
#[derive(Debug)]
pub(super) struct Types<'s> {
    pub(super) bits: u8,
    pub(super) written: &'s Value,
}

/// A numeric limit.
#[derive(Debug)]
pub(super) struct Bound<'s> {
    pub(super) limit: &'s Number,
    pub(super) value: Decimal<'s>,
    pub(super) exclusive: bool,
}

/// A compiled `pattern`, with where it is, in case matching it has to stop (see
/// [`super::apply`]).
#[derive(Debug)]
pub(super) struct Pattern<'s> {
    pub(super) text: &'s str,
    pub(super) regex: Regex,
    pub(super) schema_path: String,
}

/// The checked keywords of one schema object.
#[derive(Debug, Default)]
pub(super) struct Rules<'s> {
    pub(super) types: Option<Types<'s>>,
    pub(super) enumeration: Option<&'s [Value]>,
    pub(super) constant: Option<&'s Value>,
    pub(super) lower: Vec<Bound<'s>>,
    pub(super) upper: Vec<Bound<'s>>,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) pattern: Option<Pattern<'s>>,
    pub(super) items: Option<Node<'s>>,
    pub(super) min_items: Option<u64>,
    pub(super) max_items: Option<u64>,
    pub(super) required: Vec<&'s str>,
    /// In schema order.
    pub(super) properties: Vec<(&'s str, Node<'s>)>,
    /// The `properties` object itself, whose hash index tells in O(1) whether an argument
    /// key is listed (no sorting or map of our own to build).
    pub(super) listed: Option<&'s Map<String, Value>>,
    /// `None`: other properties are allowed.
    pub(super) additional: Option<Node<'s>>,
    pub(super) min_properties: Option<u64>,
    pub(super) max_properties: Option<u64>,
}

/// Compiles schemas, collecting what is not checked.
#[derive(Debug)]
pub(super) struct Compiler {
    pub(super) unchecked: Vec<Unchecked>,
    /// Pattern instructions left for the rest of the schema.
    pattern_budget: usize,
    ref_replaces_siblings: bool,
}

/// Where a schema object sits, and what it holds that changes other keywords' meaning.
struct Place<'p> {
    path: &'p str,
    depth: usize,
    /// With `prefixItems`, `items` covers only the items after the prefix.
    has_prefix_items: bool,
    /// With `patternProperties` (or a malformed `properties`), which keys
    /// `additionalProperties` covers is unknown.
    others_unknown: bool,
}

impl Compiler {
    /// A compiler for `schema`, the root: its `$schema` tells whether `$ref` replaces its
    /// sibling keywords (drafts up to 7) or adds to them (2019-09 on, and the default).
    pub(super) fn new(schema: &Map<String, Value>) -> Compiler {
        let old_drafts = ["draft-03", "draft-04", "draft-06", "draft-07"];
        let uri = schema.get("$schema").and_then(Value::as_str).unwrap_or("");
        Compiler {
            unchecked: Vec::new(),
            pattern_budget: PATTERN_BUDGET,
            ref_replaces_siblings: old_drafts.iter().any(|draft| uri.contains(draft)),
        }
    }

    /// The rules of the schema object at `path`, `depth` subschemas below the root.
    pub(super) fn rules<'s>(
        &mut self,
        schema: &'s Map<String, Value>,
        path: &str,
        depth: usize,
    ) -> Rules<'s> {
        if self.ref_replaces_siblings && schema.contains_key("$ref") {
            // The other keywords mean nothing there, so applying them could only be wrong.
            self.note(path, "$ref");
            return Rules::default();
        }
        let malformed_properties = schema.get("properties").is_some_and(|p| !p.is_object());
        let place = Place {
            path,
            depth,
            has_prefix_items: schema.contains_key("prefixItems"),
            others_unknown: malformed_properties || schema.contains_key("patternProperties"),
        };
        let mut rules = Rules::default();
        // Keywords that modify others: draft 4's `exclusiveMinimum: true` next to `minimum`,
        // and OpenAPI 3.0's `nullable: true` next to `type` (Gemini function declarations).
        let (mut exclusive_minimum, mut exclusive_maximum, mut nullable) = (false, false, false);
        for (key, value) in schema {
            let understood = match (key.as_str(), value) {
                ("exclusiveMinimum", Value::Bool(flag)) => {
                    exclusive_minimum = *flag;
                    true
                }
                ("exclusiveMaximum", Value::Bool(flag)) => {
                    exclusive_maximum = *flag;
                    true
                }
                ("nullable", Value::Bool(flag)) => {
                    nullable = *flag;
                    true
                }
                (key, _) if ANNOTATIONS.contains(&key) => true,
                (key, value) => self.keyword(&mut rules, key, value, &place),
            };
            if !understood {
                self.note(path, key);
            }
        }
        for (bounds, exclusive) in [
            (&mut rules.lower, exclusive_minimum),
            (&mut rules.upper, exclusive_maximum),
        ] {
            if exclusive && let Some(bound) = bounds.iter_mut().find(|bound| !bound.exclusive) {
                bound.exclusive = true;
            }
        }
        if nullable && let Some(types) = &mut rules.types {
            types.bits |= NULL;
        }
        rules
    }

    /// Reads one keyword into `rules`; `false` if it is not checked (unknown, unsupported or
    /// malformed).
    fn keyword<'s>(
        &mut self,
        rules: &mut Rules<'s>,
        key: &str,
        value: &'s Value,
        place: &Place<'_>,
    ) -> bool {
        match key {
            "type" => store(&mut rules.types, types(value)),
            "enum" => store(&mut rules.enumeration, value.as_array().map(Vec::as_slice)),
            "const" => store(&mut rules.constant, Some(value)),
            "minimum" => push(&mut rules.lower, bound(value, false)),
            "maximum" => push(&mut rules.upper, bound(value, false)),
            "exclusiveMinimum" => push(&mut rules.lower, bound(value, true)),
            "exclusiveMaximum" => push(&mut rules.upper, bound(value, true)),
            "minLength" => store(&mut rules.min_length, count(value)),
            "maxLength" => store(&mut rules.max_length, count(value)),
            "minItems" => store(&mut rules.min_items, count(value)),
            "maxItems" => store(&mut rules.max_items, count(value)),
            "minProperties" => store(&mut rules.min_properties, count(value)),
            "maxProperties" => store(&mut rules.max_properties, count(value)),
            "pattern" => {
                let pattern = value.as_str().and_then(|text| self.pattern(text, place));
                store(&mut rules.pattern, pattern)
            }
            "required" => required(value)
                .map(|names| rules.required = names)
                .is_some(),
            "properties" => match value {
                Value::Object(properties) => {
                    rules.properties = self.properties(properties, place);
                    rules.listed = Some(properties);
                    true
                }
                _ => false,
            },
            // `items` as an array is the tuple form of drafts up to 2019-09.
            "items" if !place.has_prefix_items && !value.is_array() => {
                let node = self.subschema(value, place, key);
                store(&mut rules.items, node)
            }
            "additionalProperties" if !place.others_unknown => {
                let node = self.subschema(value, place, key);
                store(&mut rules.additional, node)
            }
            _ => false,
        }
    }

    /// `properties`: each member's schema. A member that is not a schema is
    /// listed as unchecked and allows anything, but still counts as a listed property.
    fn properties<'s>(
        &mut self,
        properties: &'s Map<String, Value>,
        place: &Place<'_>,
    ) -> Vec<(&'s str, Node<'s>)> {
        let mut base = place.path.to_owned();
        push_key(&mut base, "properties");
        let mut compiled = Vec::with_capacity(properties.len());
        for (name, value) in properties {
            let mut path = base.clone();
            push_key(&mut path, name);
            let node = self.node(value, &path, place.depth).unwrap_or_else(|| {
                self.note_at(path, "properties");
                Node::True
            });
            compiled.push((name.as_str(), node));
        }
        compiled
    }

    /// The subschema that `keyword` holds; `None` if it is not one (the caller notes it).
    fn subschema<'s>(
        &mut self,
        value: &'s Value,
        place: &Place<'_>,
        keyword: &str,
    ) -> Option<Node<'s>> {
        let mut path = place.path.to_owned();
        push_key(&mut path, keyword);
        self.node(value, &path, place.depth)
    }

    /// A schema value: `true`, `false` or an object; `None` for anything else or beyond
    /// [`MAX_DEPTH`].
    fn node<'s>(&mut self, value: &'s Value, path: &str, depth: usize) -> Option<Node<'s>> {
        match value {
            Value::Bool(true) => Some(Node::True),
            Value::Bool(false) => Some(Node::False),
            Value::Object(schema) if depth < MAX_DEPTH => {
                Some(Node::Rules(Box::new(self.rules(schema, path, depth + 1))))
            }
            _ => None,
        }
    }

    /// Compiles a pattern within what is left of the budget; `None` if unsupported.
    fn pattern<'s>(&mut self, text: &'s str, place: &Place<'_>) -> Option<Pattern<'s>> {
        let regex = Regex::new(text, PATTERN_LIMIT.min(self.pattern_budget))?;
        self.pattern_budget = self.pattern_budget.saturating_sub(regex.len());
        let mut schema_path = place.path.to_owned();
        push_key(&mut schema_path, "pattern");
        Some(Pattern {
            text,
            regex,
            schema_path,
        })
    }

    /// Lists `keyword` at `path` as unchecked.
    fn note(&mut self, path: &str, keyword: &str) {
        let mut schema_path = path.to_owned();
        push_key(&mut schema_path, keyword);
        self.note_at(schema_path, keyword);
    }

    fn note_at(&mut self, schema_path: String, keyword: &str) {
        if self.unchecked.len() < UNCHECKED_LIMIT {
            self.unchecked.push(Unchecked {
                schema_path,
                keyword: keyword.to_owned(),
            });
        }
    }
}

/// Stores a read keyword value; `false` (not checked) if it could not be read.
fn store<T>(slot: &mut Option<T>, read: Option<T>) -> bool {
    let understood = read.is_some();
    if read.is_some() {
        *slot = read;
    }
    understood
}

/// Adds a read keyword value; `false` (not checked) if it could not be read.
fn push<T>(list: &mut Vec<T>, read: Option<T>) -> bool {
    read.map(|item| list.push(item)).is_some()
}

/// `type`: one known type name, or a non-empty array of them.
fn types(value: &Value) -> Option<Types<'_>> {
    let bits = match value {
        Value::String(name) => type_bit(name)?,
        Value::Array(names) if !names.is_empty() => names.iter().try_fold(0, |bits, name| {
            name.as_str().and_then(type_bit).map(|bit| bits | bit)
        })?,
        _ => return None,
    };
    Some(Types {
        bits,
        written: value,
    })
}

fn type_bit(name: &str) -> Option<u8> {
    Some(match name {
        "null" => NULL,
        "boolean" => BOOLEAN,
        "object" => OBJECT,
        "array" => ARRAY,
        "number" => NUMBER,
        "string" => STRING,
        "integer" => INTEGER,
        _ => return None,
    })
}

fn bound(value: &Value, exclusive: bool) -> Option<Bound<'_>> {
    let Value::Number(limit) = value else {
        return None;
    };
    Some(Bound {
        limit,
        value: Decimal::of(limit)?,
        exclusive,
    })
}

/// A non-negative integer keyword value (`2.0` included, as JSON Schema allows).
fn count(value: &Value) -> Option<u64> {
    match value {
        Value::Number(number) => Decimal::of(number)?.as_count(),
        _ => None,
    }
}

/// `required`: an array of strings.
fn required(value: &Value) -> Option<Vec<&str>> {
    value.as_array()?.iter().map(Value::as_str).collect()
}
