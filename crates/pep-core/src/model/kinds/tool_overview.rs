//! `tool_overview`: the tools the model may call (spec §3.6).

use serde_json::{Map, Value};

use crate::issue::{ArrayOf, Issue};
use crate::model::read::{Input, Nested, fill_extra};
use crate::model::write::{array, flag, kind, object, text};
use crate::model::{Extra, SegmentKind};
use crate::path::JsonPath;

/// Tool declarations (spec §3.6).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOverviewSegment {
    /// Tools; at least one.
    pub items: Vec<ToolItem>,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// One declared tool (spec §3.6).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolItem {
    /// Tool name.
    pub name: String,
    /// What the tool does.
    pub description: String,
    /// Human-readable parameter summary, e.g. `query: string, limit?: number`.
    pub parameters: String,
    /// JSON Schema of the arguments, exactly as written.
    pub schema: Option<Map<String, Value>>,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `tool_overview` segment (spec §3.6: `items` required and not empty, `collapsed`
/// required; spec §7.2 folds it by default).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<ToolOverviewSegment> {
    let repair = input.repair();
    let (mut f, mut nested) = input.read(&["kind", "items", "collapsed"]);
    let items = f.items("items", ArrayOf::Items, |value, path, issues| {
        decode_item(value, path, issues, &mut nested)
    });
    let collapsed = f.collapsed(SegmentKind::ToolOverview.as_str(), true, repair);
    f.build(|extra| {
        Some(ToolOverviewSegment {
            items: items?,
            collapsed,
            extra,
        })
    })
}

/// Reads one tool (spec §3.6: `name`, `description` and `parameters` required, `schema`
/// optional), with its error count.
fn decode_item(
    value: &Value,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
    nested: &mut Nested<'_>,
) -> (Option<ToolItem>, usize) {
    let names = &["name", "description", "parameters", "schema"];
    let Some(mut f) = nested.fields(value, names, path, issues) else {
        return (None, 1);
    };
    let name = f.string("name");
    let description = f.string("description");
    let parameters = f.string("parameters");
    let schema = f.optional_object_in("schema");
    let errors = f.errors();
    let item = f.build(|extra| {
        Some(ToolItem {
            name: name?,
            description: description?,
            parameters: parameters?,
            schema,
            extra,
        })
    });
    (item, errors)
}

/// Writes a `tool_overview` segment back, keys in spec §3.6 order unless the input had
/// another.
pub(crate) fn encode(segment: &ToolOverviewSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::ToolOverview),
            ("items", array(&segment.items, ToolItem::to_value)),
            ("collapsed", flag(segment.collapsed)),
        ],
        &segment.extra,
    )
}

impl ToolItem {
    /// The item as JSON.
    pub fn to_value(&self) -> Value {
        object(
            vec![
                ("name", text(&self.name)),
                ("description", text(&self.description)),
                ("parameters", text(&self.parameters)),
                ("schema", self.schema.clone().map(Value::Object)),
            ],
            &self.extra,
        )
    }
}

/// Moves in what the streaming decoder deferred: the items' schemas and the unknown fields'
/// values.
pub(crate) fn move_payloads(segment: &mut ToolOverviewSegment, raw: &mut Value) {
    // A valid segment has every item, in order.
    if let Some(Value::Array(raw_items)) = raw.get_mut("items") {
        for (item, raw_item) in segment.items.iter_mut().zip(raw_items) {
            if let (Some(schema), Some(Value::Object(raw_schema))) =
                (item.schema.as_mut(), raw_item.get_mut("schema"))
            {
                *schema = std::mem::take(raw_schema);
            }
            fill_extra(&mut item.extra, raw_item);
        }
    }
    fill_extra(&mut segment.extra, raw);
}
