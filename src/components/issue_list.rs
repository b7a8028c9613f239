//! A list of validation issues or export warnings: severity, JSON path, plain message.

use leptos::prelude::*;
use pep_core::{Issue, Severity};

use super::tr;
use crate::i18n::Text;

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
) -> impl IntoView {
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
                    <span class="pe-issue__message">{issue.problem.to_string()}</span>
                </li>
            }
        })
        .collect_view();
    let (error_word, warning_word) = (tr(Text::Error), tr(Text::Warning));
    view! {
        <details
            class="pe-issues"
            class:pe-issues--errors={errors > 0}
            open={errors > 0}
            data-testid=testid
        >
            <summary>
                {tr(title)}
                <span class="pe-issues__counts">
                    {move || format!(" ({errors} {}, {warnings} {})", error_word(), warning_word())}
                </span>
            </summary>
            <ul>{items}</ul>
        </details>
    }
    .into_any()
}
