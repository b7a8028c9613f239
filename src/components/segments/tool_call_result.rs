//! `tool_call_result` (spec §3.8): a green bar when it succeeded (folded), a red bar when it
//! failed (open).

use leptos::prelude::*;
use pep_view::text::Text;
use pep_view::{SegmentKind, SegmentRef};

use crate::components::widgets::Collapsible;
use crate::state::lang::use_lang;

/// What a tool returned.
#[component]
pub fn ToolCallResultView(
    /// Where the segment is.
    key: SegmentRef,
    /// The tool.
    tool: String,
    /// The result text.
    result: String,
    /// Whether the call succeeded.
    success: bool,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let summary = Signal::derive(move || {
        let status = lang.get().t(if success {
            Text::Success
        } else {
            Text::Failure
        });
        format!("{tool} · {status}")
    });
    view! {
        <Collapsible
            kind=SegmentKind::ToolCallResult
            key=key
            collapsed=collapsed
            icon=if success { "✓" } else { "✗" }
            title=Text::KindToolCallResult
            summary=summary
            modifier=if success { "pe-result--success" } else { "pe-result--failure" }
        >
            <pre class="pe-result__text" tabindex="0">{result.clone()}</pre>
        </Collapsible>
    }
}
