//! A tool call or result as the chat user saw it (DECISIONS §8 user view): one line. It is in
//! the page in both views and shown only in the user view, so switching views re-renders
//! nothing and keeps every fold.

use leptos::prelude::*;
use pep_core::model::{ToolCallRequestSegment, ToolCallResultSegment};

use crate::components::tr;
use pep_view::text::Text;
use pep_view::view_mode::one_line;

/// How many characters of arguments or result the line shows.
const SHOWN: usize = 80;

/// The one-line summary of a tool call.
#[component]
pub fn ToolCallLine(
    /// The request.
    segment: ToolCallRequestSegment,
) -> impl IntoView {
    let arguments = serde_json::to_string(&segment.arguments).unwrap_or_default();
    let arguments = one_line(
        arguments.trim_start_matches('{').trim_end_matches('}'),
        SHOWN,
    );
    view! {
        <p class="pe-activity" data-testid="tool-activity" data-activity="call">
            <span class="pe-activity__icon" aria-hidden="true">"⚙"</span>
            <span class="pe-activity__what">{tr(Text::KindToolCallRequest)}</span>
            <code class="pe-activity__tool">{segment.tool_name}</code>
            <span class="pe-activity__detail">{format!("({arguments})")}</span>
        </p>
    }
}

/// The one-line summary of a tool result.
#[component]
pub fn ToolResultLine(
    /// The result.
    segment: ToolCallResultSegment,
) -> impl IntoView {
    let (icon, outcome) = if segment.success {
        ("✓", Text::Success)
    } else {
        ("✗", Text::Failure)
    };
    view! {
        <p
            class="pe-activity"
            class:pe-activity--failed=!segment.success
            data-testid="tool-activity"
            data-activity="result"
        >
            <span class="pe-activity__icon" aria-hidden="true">{icon}</span>
            <span class="pe-activity__what">{tr(outcome)}</span>
            <code class="pe-activity__tool">{segment.tool_name}</code>
            <span class="pe-activity__detail">{one_line(&segment.result, SHOWN)}</span>
        </p>
    }
}
