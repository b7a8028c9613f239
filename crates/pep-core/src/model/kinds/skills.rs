//! `skills`: the skills available to the model, L1 only (spec §3.5, §4.3).

use serde_json::Value;

use crate::issue::{ArrayOf, EnvelopeProblem, Issue, Problem};
use crate::model::read::{Input, Nested, fill_extra};
use crate::model::write::{array, flag, kind, object, optional, text};
use crate::model::{Extra, SegmentKind};
use crate::path::JsonPath;

/// Skills available to the model, L1 only (spec §3.5, §4.3).
#[derive(Debug, Clone, PartialEq)]
pub struct SkillsSegment {
    /// What skills are.
    pub description: Option<String>,
    /// Skills; at least one.
    pub items: Vec<SkillItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One skill's L1 data (spec §3.5).
#[derive(Debug, Clone, PartialEq)]
pub struct SkillItem {
    /// Skill name, the registry key.
    pub name: String,
    /// One-line description.
    pub description: String,
    /// An L2 body written into the protocol anyway. Kept for round trips, never used: the
    /// registry supplies bodies (spec §4.3), and validation warns about it.
    pub body: Option<String>,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `skills` segment (spec §3.5: `items` required and not empty, `description`
/// optional, `collapsed` required; spec §7.2 folds it by default).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<SkillsSegment> {
    let repair = input.repair();
    let (mut f, mut nested) = input.read(&["kind", "description", "items", "collapsed"]);
    let description = f.optional_string("description");
    let items = f.items("items", ArrayOf::Items, |value, path, issues| {
        decode_item(value, path, issues, &mut nested)
    });
    let collapsed = f.collapsed(SegmentKind::Skills.as_str(), true, repair);
    f.build(|extra| {
        Some(SkillsSegment {
            description,
            items: items?,
            collapsed,
            extra,
        })
    })
}

/// Reads one skill (spec §3.5: `name` and `description` required), with its error count.
fn decode_item(
    value: &Value,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
    nested: &mut Nested<'_>,
) -> (Option<SkillItem>, usize) {
    let names = &["name", "description", "body"];
    let Some(mut f) = nested.fields(value, names, path, issues) else {
        return (None, 1);
    };
    let name = f.string("name");
    let description = f.string("description");
    // A body is ignored whatever it holds (spec §4.3): a warning, never an error. A string
    // is kept for round trips; anything else is kept raw.
    if f.raw("body").is_some() {
        f.report("body", Problem::Envelope(EnvelopeProblem::SkillBodyIgnored));
    }
    let body = match f.raw("body") {
        Some(Value::String(body)) => Some(body.clone()),
        Some(_) => {
            f.keep_raw("body");
            None
        }
        None => None,
    };
    let errors = f.errors();
    let item = f.build(|extra| {
        Some(SkillItem {
            name: name?,
            description: description?,
            body,
            extra,
        })
    });
    (item, errors)
}

/// Writes a `skills` segment back, keys in spec §3.5 order unless the input had another.
pub(crate) fn encode(segment: &SkillsSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::Skills),
            ("description", optional(&segment.description)),
            ("items", array(&segment.items, SkillItem::to_value)),
            ("collapsed", flag(segment.collapsed)),
        ],
        &segment.extra,
    )
}

impl SkillItem {
    /// The item as JSON (a stray `body` is written back too: nothing a user wrote is lost).
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("name", text(&self.name)),
                ("description", text(&self.description)),
                ("body", optional(&self.body)),
            ],
            &self.extra,
        )
    }
}

/// Moves in the unknown fields' values the streaming decoder deferred, the items' too.
pub(crate) fn move_payloads(segment: &mut SkillsSegment, raw: &mut Value) {
    // A valid segment has every item, in order.
    if let Some(Value::Array(raw_items)) = raw.get_mut("items") {
        for (item, raw_item) in segment.items.iter_mut().zip(raw_items) {
            fill_extra(&mut item.extra, raw_item);
        }
    }
    fill_extra(&mut segment.extra, raw);
}
