//! A tool call or result as the chat user saw it (DECISIONS §8 user view): one line. It is in
//! the page in both views and shown only in the user view, so switching views re-renders
//! nothing and keeps every fold.

use leptos::prelude::*;
use pep_view::text::Text;

use crate::state::lang::tr;

/// The one-line summary of a tool call.
#[component]
pub fn ToolCallLine(
    /// The called tool.
    tool: String,
    /// Its arguments on one short line.
    line: String,
) -> impl IntoView {
    view! {
        <p class="pe-activity" data-testid="tool-activity" data-activity="call">
            <span class="pe-activity__icon" aria-hidden="true">"⚙"</span>
            <span class="pe-activity__what">{tr(Text::KindToolCallRequest)}</span>
            <code class="pe-activity__tool">{tool}</code>
            <span class="pe-activity__detail">{format!("({line})")}</span>
        </p>
    }
}

/// The one-line summary of a tool result.
#[component]
pub fn ToolResultLine(
    /// The tool.
    tool: String,
    /// The result on one short line.
    line: String,
    /// Whether the call succeeded.
    success: bool,
) -> impl IntoView {
    let (icon, outcome) = if success {
        ("✓", Text::Success)
    } else {
        ("✗", Text::Failure)
    };
    view! {
        <p
            class="pe-activity"
            class:pe-activity--failed=!success
            data-testid="tool-activity"
            data-activity="result"
        >
            <span class="pe-activity__icon" aria-hidden="true">{icon}</span>
            <span class="pe-activity__what">{tr(outcome)}</span>
            <code class="pe-activity__tool">{tool}</code>
            <span class="pe-activity__detail">{line}</span>
        </p>
    }
}
