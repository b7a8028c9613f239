//! Applying compiled rules to the arguments, value by value.

use std::cmp::Ordering;

use serde_json::{Map, Number, Value};

use super::compile::{
    ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, Node, OBJECT, Pattern, Rules, STRING, Types,
};
use super::number::{Decimal, same_value};
use super::{MISMATCH_LIMIT, Mismatch, MismatchKind, UNCHECKED_LIMIT, Unchecked};
use crate::path::{push_index, push_key};

/// A JSON value to check: a [`Value`], or the arguments object, which the caller holds as a
/// bare [`Map`] (so it need not be cloned into a `Value`).
#[derive(Debug, Clone, Copy)]
pub(super) enum Instance<'a> {
    Null,
    Bool(bool),
    Number(&'a Number),
    String(&'a str),
    Array(&'a [Value]),
    Object(&'a Map<String, Value>),
}

impl<'a> From<&'a Value> for Instance<'a> {
    fn from(value: &'a Value) -> Self {
        match value {
            Value::Null => Instance::Null,
            Value::Bool(flag) => Instance::Bool(*flag),
            Value::Number(number) => Instance::Number(number),
            Value::String(text) => Instance::String(text),
            Value::Array(items) => Instance::Array(items),
            Value::Object(members) => Instance::Object(members),
        }
    }
}

impl Instance<'_> {
    fn type_name(self) -> &'static str {
        match self {
            Instance::Null => "null",
            Instance::Bool(_) => "boolean",
            Instance::Number(_) => "number",
            Instance::String(_) => "string",
            Instance::Array(_) => "array",
            Instance::Object(_) => "object",
        }
    }
}

/// The pattern-matching steps (characters × instructions) one check may take. Matching is
/// linear, but ten megabytes of strings against a ten-thousand-instruction pattern would still
/// hang a browser tab; past this budget (well under a second of matching) a pattern is listed
/// as unchecked instead.
const MATCH_WORK: usize = 1 << 25;

/// What the path buffer starts with: [`push_key`] writes no dot after an empty path, and
/// mismatch paths need one (`.city`), so steps are written after this and it is cut off.
const ROOT: &str = "arguments";

/// Walks the arguments, keeping the current path in one buffer (pushed and truncated), so a
/// path is only copied for a mismatch that is kept.
#[derive(Debug)]
pub(super) struct Walker {
    pub(super) mismatches: Vec<Mismatch>,
    pub(super) more: usize,
    /// Patterns not applied to some strings because matching would exceed the budget.
    pub(super) unmatched: Vec<Unchecked>,
    path: String,
    /// Pattern-matching steps left for this check.
    match_work: usize,
}

impl Default for Walker {
    fn default() -> Self {
        Walker {
            mismatches: Vec::new(),
            more: 0,
            unmatched: Vec::new(),
            path: ROOT.to_owned(),
            match_work: MATCH_WORK,
        }
    }
}

impl Walker {
    /// Keeps a mismatch at the current path, or counts it once the list is full. One
    /// non-generic function (not a closure per call site): less code in the wasm build.
    fn report(&mut self, problem: MismatchKind) {
        if self.mismatches.len() < MISMATCH_LIMIT {
            self.mismatches.push(Mismatch {
                path: self.path.get(ROOT.len()..).unwrap_or_default().to_owned(),
                problem,
            });
        } else {
            self.more += 1;
        }
    }

    /// Lists `pattern` as unchecked (once), for strings it could not be matched against.
    fn stop_matching(&mut self, pattern: &Pattern<'_>) {
        let listed = self
            .unmatched
            .iter()
            .any(|u| u.schema_path == pattern.schema_path);
        if !listed && self.unmatched.len() < UNCHECKED_LIMIT {
            self.unmatched.push(Unchecked {
                schema_path: pattern.schema_path.clone(),
                keyword: "pattern".to_owned(),
            });
        }
    }

    fn node(&mut self, node: &Node<'_>, value: Instance<'_>) {
        match node {
            Node::True => {}
            Node::False => self.report(MismatchKind::Forbidden),
            Node::Rules(rules) => self.rules(rules, value),
        }
    }

    /// Applies one schema object's rules to `value`.
    pub(super) fn rules(&mut self, rules: &Rules<'_>, value: Instance<'_>) {
        if let Some(types) = &rules.types
            && !admits(types.bits, value)
        {
            // The other keywords would only repeat that the value is the wrong thing.
            self.report(MismatchKind::WrongType {
                expected: expected(types),
                found: value.type_name(),
            });
            return;
        }
        if let Some(values) = rules.enumeration
            && !values.iter().any(|allowed| equal(value, allowed))
        {
            self.report(MismatchKind::NotInEnum);
        }
        if let Some(constant) = rules.constant
            && !equal(value, constant)
        {
            self.report(MismatchKind::NotConst);
        }
        match value {
            Instance::Number(number) => self.number(rules, number),
            Instance::String(text) => self.string(rules, text),
            Instance::Array(items) => self.array(rules, items),
            Instance::Object(members) => self.object(rules, members),
            Instance::Null | Instance::Bool(_) => {}
        }
    }

    fn number(&mut self, rules: &Rules<'_>, number: &Number) {
        let Some(value) = Decimal::of(number) else {
            return;
        };
        for bound in &rules.lower {
            let order = value.compare(&bound.value);
            if order == Ordering::Less || (bound.exclusive && order == Ordering::Equal) {
                self.report(MismatchKind::BelowMinimum {
                    limit: bound.limit.as_str().to_owned(),
                    exclusive: bound.exclusive,
                });
            }
        }
        for bound in &rules.upper {
            let order = value.compare(&bound.value);
            if order == Ordering::Greater || (bound.exclusive && order == Ordering::Equal) {
                self.report(MismatchKind::AboveMaximum {
                    limit: bound.limit.as_str().to_owned(),
                    exclusive: bound.exclusive,
                });
            }
        }
    }

    fn string(&mut self, rules: &Rules<'_>, text: &str) {
        if rules.min_length.is_some() || rules.max_length.is_some() {
            let length = u64::try_from(text.chars().count()).unwrap_or(u64::MAX);
            if let Some(min) = rules.min_length
                && length < min
            {
                self.report(MismatchKind::TooShort { min });
            }
            if let Some(max) = rules.max_length
                && length > max
            {
                self.report(MismatchKind::TooLong { max });
            }
        }
        if let Some(pattern) = &rules.pattern {
            // Matching costs up to one step per instruction per character.
            let work = text
                .len()
                .saturating_add(1)
                .saturating_mul(pattern.regex.len());
            if work > self.match_work {
                self.stop_matching(pattern);
            } else {
                self.match_work -= work;
                if !pattern.regex.is_match(text) {
                    self.report(MismatchKind::PatternMismatch {
                        pattern: pattern.text.to_owned(),
                    });
                }
            }
        }
    }

    fn array(&mut self, rules: &Rules<'_>, items: &[Value]) {
        let length = u64::try_from(items.len()).unwrap_or(u64::MAX);
        if let Some(min) = rules.min_items
            && length < min
        {
            self.report(MismatchKind::TooFewItems { min });
        }
        if let Some(max) = rules.max_items
            && length > max
        {
            self.report(MismatchKind::TooManyItems { max });
        }
        if let Some(schema) = &rules.items {
            for (index, item) in items.iter().enumerate() {
                let len = self.path.len();
                push_index(&mut self.path, index);
                self.node(schema, item.into());
                self.path.truncate(len);
            }
        }
    }

    /// Applies `schema` to the member `name` of the current object.
    fn member(&mut self, name: &str, schema: &Node<'_>, value: &Value) {
        let len = self.path.len();
        push_key(&mut self.path, name);
        self.node(schema, value.into());
        self.path.truncate(len);
    }

    fn object(&mut self, rules: &Rules<'_>, members: &Map<String, Value>) {
        for name in &rules.required {
            if !members.contains_key(*name) {
                self.report(MismatchKind::MissingRequired {
                    name: (*name).to_owned(),
                });
            }
        }
        for (name, schema) in &rules.properties {
            if let Some(value) = members.get(*name) {
                self.member(name, schema, value);
            }
        }
        if let Some(schema) = &rules.additional {
            let listed = |name: &str| rules.listed.is_some_and(|listed| listed.contains_key(name));
            for (name, value) in members.iter().filter(|(name, _)| !listed(name)) {
                if let Node::False = schema {
                    // Reported at the object, like a missing property.
                    self.report(MismatchKind::NotAllowed { name: name.clone() });
                } else {
                    self.member(name, schema, value);
                }
            }
        }
        let count = u64::try_from(members.len()).unwrap_or(u64::MAX);
        if let Some(min) = rules.min_properties
            && count < min
        {
            self.report(MismatchKind::TooFewProperties { min });
        }
        if let Some(max) = rules.max_properties
            && count > max
        {
            self.report(MismatchKind::TooManyProperties { max });
        }
    }
}

/// Whether `value` has one of the types in `bits`; `integer` admits any number whose value
/// has no fractional part (`1.0` included).
fn admits(bits: u8, value: Instance<'_>) -> bool {
    let bit = match value {
        Instance::Null => NULL,
        Instance::Bool(_) => BOOLEAN,
        Instance::Number(number) => {
            return bits & NUMBER != 0
                || (bits & INTEGER != 0 && Decimal::of(number).is_some_and(|d| d.is_integer()));
        }
        Instance::String(_) => STRING,
        Instance::Array(_) => ARRAY,
        Instance::Object(_) => OBJECT,
    };
    bits & bit != 0
}

/// The type(s) as the schema wrote them, `|`-separated.
fn expected(types: &Types<'_>) -> String {
    match types.written {
        Value::String(name) => name.clone(),
        Value::Array(names) => {
            let mut expected = String::new();
            for name in names.iter().filter_map(Value::as_str) {
                if !expected.is_empty() {
                    expected.push('|');
                }
                expected.push_str(name);
            }
            expected
        }
        _ => String::new(),
    }
}

/// JSON equality, numbers compared by value (`1 == 1.0`), object members in any order.
fn equal(value: Instance<'_>, other: &Value) -> bool {
    match (value, other) {
        (Instance::Null, Value::Null) => true,
        (Instance::Bool(a), Value::Bool(b)) => a == *b,
        (Instance::Number(a), Value::Number(b)) => same_value(a, b),
        (Instance::String(a), Value::String(b)) => a == b,
        (Instance::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| equal(a.into(), b))
        }
        (Instance::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(name, a)| b.get(name).is_some_and(|b| equal(a.into(), b)))
        }
        _ => false,
    }
}
