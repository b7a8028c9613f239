//! `tool_call_request` (spec §3.7): dark terminal style, open by default, arguments as
//! labelled key-value rows.

use leptos::prelude::*;
use pep_view::model::ValueClass;
use pep_view::text::Text;
use pep_view::{SegmentKind, SegmentRef};

use crate::components::widgets::Collapsible;
use crate::state::lang::tr;

/// A tool call made by the model.
#[component]
pub fn ToolCallRequestView(
    /// Where the segment is.
    key: SegmentRef,
    /// The called tool.
    tool: String,
    /// Each argument: name, value as text, how it reads.
    arguments: Vec<(String, String, ValueClass)>,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let arguments = StoredValue::new(arguments);
    let command = tool.clone();
    view! {
        <Collapsible
            kind=SegmentKind::ToolCallRequest
            key=key
            collapsed=collapsed
            icon="⚙"
            title=Text::KindToolCallRequest
            summary=Signal::stored(tool)
        >
            <div class="pe-terminal">
                <div class="pe-terminal__command">
                    <span class="pe-terminal__prompt" aria-hidden="true">"$ "</span>
                    {command.clone()}
                </div>
                {arguments.with_value(|arguments| rows(arguments))}
            </div>
        </Collapsible>
    }
}

/// The arguments as key-value rows, or a note that there are none.
fn rows(arguments: &[(String, String, ValueClass)]) -> AnyView {
    if arguments.is_empty() {
        return view! { <p class="pe-terminal__empty">{tr(Text::NoArguments)}</p> }.into_any();
    }
    let rows = arguments
        .iter()
        .map(|(name, text, class)| {
            let class = match class {
                ValueClass::String => "pe-json-string",
                ValueClass::Number => "pe-json-number",
                ValueClass::Literal => "pe-json-literal",
                ValueClass::Structure => "pe-json-punct",
            };
            view! {
                <div class="pe-kv">
                    <dt class="pe-kv__key">{name.clone()}</dt>
                    <dd class=format!("pe-kv__value {class}")>{text.clone()}</dd>
                </div>
            }
        })
        .collect_view();
    view! { <dl class="pe-terminal__args">{rows}</dl> }.into_any()
}
