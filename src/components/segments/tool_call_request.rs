//! `tool_call_request` (spec §3.7): dark terminal style, open by default, arguments as
//! labelled key-value rows.

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::ToolCallRequestSegment;
use serde_json::Value;

use crate::collapse::SegmentKey;
use crate::components::{Collapsible, tr};
use pep_view::text::Text;

/// A tool call made by the model.
#[component]
pub fn ToolCallRequestView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: ToolCallRequestSegment,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let tool = segment.tool_name.clone();
    let rows: Vec<(String, String, &'static str)> = segment
        .arguments
        .iter()
        .map(|(name, value)| {
            let (text, class) = match value {
                // Strings read better without JSON quotes; everything else stays JSON.
                Value::String(text) => (text.clone(), "pe-json-string"),
                Value::Number(_) => (value.to_string(), "pe-json-number"),
                Value::Bool(_) | Value::Null => (value.to_string(), "pe-json-literal"),
                Value::Array(_) | Value::Object(_) => (value.to_string(), "pe-json-punct"),
            };
            (name.clone(), text, class)
        })
        .collect();
    let rows = StoredValue::new(rows);
    view! {
        <Collapsible
            kind=SegmentKind::ToolCallRequest
            key=key
            collapsed=collapsed
            icon="⚙"
            title=Text::KindToolCallRequest
            summary=Signal::derive(move || tool.clone())
        >
            <div class="pe-terminal">
                <div class="pe-terminal__command">
                    <span class="pe-terminal__prompt" aria-hidden="true">"$ "</span>
                    {segment.tool_name.clone()}
                </div>
                {rows.with_value(|rows| if rows.is_empty() {
                    view! { <p class="pe-terminal__empty">{tr(Text::NoArguments)}</p> }.into_any()
                } else {
                    let rows = rows
                        .iter()
                        .map(|(name, text, class)| view! {
                            <div class="pe-kv">
                                <dt class="pe-kv__key">{name.clone()}</dt>
                                <dd class=format!("pe-kv__value {class}")>{text.clone()}</dd>
                            </div>
                        })
                        .collect_view();
                    view! { <dl class="pe-terminal__args">{rows}</dl> }.into_any()
                })}
            </div>
        </Collapsible>
    }
}
