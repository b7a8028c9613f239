//! `tool_overview` (spec §3.6): orange, folded by default; each tool expands to its JSON
//! Schema.

use leptos::prelude::*;
use pep_view::model::ToolView;
use pep_view::text::{Noun, Text};
use pep_view::{SegmentKind, SegmentRef};

use crate::components::widgets::{Collapsible, Disclosure, JsonText, JsonView};
use crate::state::lang::{tr, use_lang};

/// Declared tools.
#[component]
pub fn ToolOverviewView(
    /// Where the segment is.
    key: SegmentRef,
    /// The tools.
    items: Vec<ToolView>,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let count = items.len();
    let lang = use_lang();
    let items = StoredValue::new(items);
    view! {
        <Collapsible
            kind=SegmentKind::ToolOverview
            key=key
            collapsed=collapsed
            icon="🛠️"
            title=Text::KindToolOverview
            summary=Signal::derive(move || lang.get().count(count, Noun::Item))
        >
            <ul class="pe-tools">
                {items.with_value(|items| {
                    items
                        .iter()
                        .enumerate()
                        .map(|(index, item)| view! { <ToolEntry key=key index=index item=item.clone() /> })
                        .collect_view()
                })}
            </ul>
        </Collapsible>
    }
}

/// One tool with its schema toggle.
#[component]
fn ToolEntry(
    /// The segment holding the tool, for element ids.
    key: SegmentRef,
    /// Position of the tool in the segment's items.
    index: usize,
    /// The declared tool.
    item: ToolView,
) -> impl IntoView {
    let toggle = match item.schema {
        Some(schema) => view! {
            <Disclosure
                id=format!("pe-tool-{}-{}-{index}", key.message, key.segment)
                label=Text::Schema
                region_class="pe-tools__schema"
            >
                <JsonView json=JsonText::plain(schema.clone()) />
            </Disclosure>
        }
        .into_any(),
        None => view! { <span class="pe-tools__no-schema">{tr(Text::NoSchema)}</span> }.into_any(),
    };
    view! {
        <li class="pe-tools__item">
            <code class="pe-tools__signature">{format!("{}({})", item.name, item.parameters)}</code>
            <span class="pe-tools__description">{item.description}</span>
            {toggle}
        </li>
    }
}
