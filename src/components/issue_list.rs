//! A list of validation issues or export warnings: severity, JSON path, plain message.

use leptos::prelude::*;
use pep_core::{Issue, Severity};

use super::{tr, use_lang};
use crate::i18n::{Noun, Text};
use crate::problem_text::problem_text;

/// Issues with a heading; renders nothing when there are none.
#[component]
pub fn IssueList(
    /// The issues, in order.
    issues: Vec<Issue>,
    /// The list's heading.
    title: Text,
    /// A `data-testid` for tests.
    #[prop(optional)]
    testid: Option<&'static str>,
    /// Start unfolded even without errors (errors always unfold the list).
    #[prop(optional)]
    open: bool,
) -> impl IntoView {
    let lang = use_lang();
    if issues.is_empty() {
        return ().into_any();
    }
    let errors = issues.iter().filter(|issue| issue.is_error()).count();
    let warnings = issues.len() - errors;
    let items = issues
        .into_iter()
        .map(|issue| {
            let severity = issue.severity();
            let label = match severity {
                Severity::Error => tr(Text::Error),
                Severity::Warning => tr(Text::Warning),
            };
            view! {
                <li class=format!("pe-issue pe-issue--{}", severity.as_str())>
                    <span class="pe-issue__severity">{label}</span>
                    <code class="pe-issue__path">{issue.path.clone()}</code>
                    <span class="pe-issue__message">
                        {move || problem_text(lang.get(), &issue.problem)}
                    </span>
                </li>
            }
        })
        .collect_view();
    view! {
        <details
            class="pe-issues"
            class:pe-issues--errors={errors > 0}
            open={open || errors > 0}
            data-testid=testid
        >
            <summary>
                {tr(title)}
                <span class="pe-issues__counts">
                    {move || {
                        let lang = lang.get();
                        format!(
                            " ({}, {})",
                            lang.count(errors, Noun::Error),
                            lang.count(warnings, Noun::Warning)
                        )
                    }}
                </span>
            </summary>
            <ul>{items}</ul>
        </details>
    }
    .into_any()
}
