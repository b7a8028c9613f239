//! `tool_call_result` (spec §3.8): a green bar when it succeeded (folded), a red bar when it
//! failed (open).

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::ToolCallResultSegment;

use crate::collapse::SegmentKey;
use crate::components::{Collapsible, use_lang};
use pep_view::text::Text;

/// What a tool returned.
#[component]
pub fn ToolCallResultView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: ToolCallResultSegment,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let success = segment.success;
    let tool = segment.tool_name.clone();
    let summary = Signal::derive(move || {
        let status = lang.get().t(if success {
            Text::Success
        } else {
            Text::Failure
        });
        format!("{tool} · {status}")
    });
    let result = segment.result;
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
