//! `memory`: long-term memory about the user (spec §3.4).

use serde_json::Value;

use crate::issue::{ArrayOf, Issue};
use crate::model::read::{Input, Nested, fill_extra};
use crate::model::write::{array, flag, kind, object, optional, text};
use crate::model::{Extra, SegmentKind};
use crate::path::JsonPath;

/// Long-term memory about the user (spec §3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct MemorySegment {
    /// What the memory is for.
    pub description: Option<String>,
    /// Memory entries; at least one.
    pub items: Vec<MemoryItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One memory entry (spec §3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryItem {
    /// Short title, e.g. "用户背景".
    pub title: String,
    /// The remembered fact.
    pub content: String,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `memory` segment (spec §3.4: `items` required and not empty, `description`
/// optional, `collapsed` required; spec §7.2 folds it by default).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<MemorySegment> {
    let repair = input.repair();
    let (mut f, mut nested) = input.read(&["kind", "description", "items", "collapsed"]);
    let description = f.optional_string("description");
    let items = f.items("items", ArrayOf::Items, |value, path, issues| {
        decode_item(value, path, issues, &mut nested)
    });
    let collapsed = f.collapsed(SegmentKind::Memory.as_str(), true, repair);
    f.build(|extra| {
        Some(MemorySegment {
            description,
            items: items?,
            collapsed,
            extra,
        })
    })
}

/// Reads one memory entry (spec §3.4: `title` and `content` required), with its error count.
fn decode_item(
    value: &Value,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
    nested: &mut Nested<'_>,
) -> (Option<MemoryItem>, usize) {
    let Some(mut f) = nested.fields(value, &["title", "content"], path, issues) else {
        return (None, 1);
    };
    let title = f.string("title");
    let content = f.string("content");
    let errors = f.errors();
    let item = f.build(|extra| {
        Some(MemoryItem {
            title: title?,
            content: content?,
            extra,
        })
    });
    (item, errors)
}

/// Writes a `memory` segment back, keys in spec §3.4 order unless the input had another.
pub(crate) fn encode(segment: &MemorySegment) -> Value {
    object(
        vec![
            kind(SegmentKind::Memory),
            ("description", optional(&segment.description)),
            ("items", array(&segment.items, MemoryItem::to_value)),
            ("collapsed", flag(segment.collapsed)),
        ],
        &segment.extra,
    )
}

impl MemoryItem {
    /// The item as JSON.
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("title", text(&self.title)),
                ("content", text(&self.content)),
            ],
            &self.extra,
        )
    }
}

/// Moves in the unknown fields' values the streaming decoder deferred, the items' too.
pub(crate) fn move_payloads(segment: &mut MemorySegment, raw: &mut Value) {
    // A valid segment has every item, in order.
    if let Some(Value::Array(raw_items)) = raw.get_mut("items") {
        for (item, raw_item) in segment.items.iter_mut().zip(raw_items) {
            fill_extra(&mut item.extra, raw_item);
        }
    }
    fill_extra(&mut segment.extra, raw);
}
