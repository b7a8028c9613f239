//! A list of validation issues or export warnings: severity, JSON path, plain message.

use leptos::prelude::*;
use pep_core::{Issue, Severity};

use crate::components::{tr, use_lang};
use pep_view::text::problems::problem_text;
use pep_view::text::{Lang, Noun, Text};

/// At most this many issues are listed (DECISIONS §9); the rest are counted.
pub const MAX_LISTED: usize = 500;
/// Lists up to this long are built even while folded (find-in-page sees them).
const EAGER_UP_TO: usize = 100;

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
    /// Start unfolded even without errors (errors unfold a list too, unless it is long).
    #[prop(optional)]
    open: bool,
) -> impl IntoView {
    let lang = use_lang();
    if issues.is_empty() {
        return ().into_any();
    }
    let errors = issues.iter().filter(|issue| issue.is_error()).count();
    let warnings = issues.len() - errors;
    let unlisted = issues.len().saturating_sub(MAX_LISTED);
    // A long list starts folded whatever it holds: its summary still shows the counts.
    let open = (open || errors > 0) && issues.len() <= EAGER_UP_TO;
    // A long list is built only once it is unfolded, so hundreds of warnings cost nothing
    // until someone reads them.
    let unfolded = RwSignal::new(open || issues.len() <= EAGER_UP_TO);
    let issues = StoredValue::new(issues);
    let items = move || {
        issues.with_value(|issues| {
            issues
                .iter()
                .take(MAX_LISTED)
                .map(|issue| issue_row(issue.clone(), lang))
                .collect_view()
        })
    };
    view! {
        <details
            class="pe-issues"
            class:pe-issues--errors={errors > 0}
            open=open
            data-testid=testid
            on:toggle=move |event| {
                if event_target::<web_sys::HtmlDetailsElement>(&event).open() {
                    unfolded.set(true);
                }
            }
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
            <Show when=move || unfolded.get()>
                <ul>{items}</ul>
            </Show>
            {(unlisted > 0).then(|| view! {
                <p class="pe-issues__more" data-testid="issues-unlisted">
                    {move || lang.get().more(unlisted)}
                </p>
            })}
        </details>
    }
    .into_any()
}

/// One issue: severity, path and the message in the current language.
fn issue_row(issue: Issue, lang: RwSignal<Lang>) -> impl IntoView {
    let severity = issue.severity();
    let label = match severity {
        Severity::Error => tr(Text::Error),
        Severity::Warning => tr(Text::Warning),
    };
    // A path into the conversation is a link: it brings that segment into view and marks it
    // (the same jump as search, so it works in the windowed list too).
    let jump = crate::components::linking::use_linking()
        .zip(issue.place.map(pep_core::Place::segment))
        .map(|(linking, key)| move |_| linking.target.set(Some(key)));
    let path = match jump {
        Some(jump) => view! {
            <button type="button" class="pe-issue__path pe-issue__link" data-testid="issue-link" on:click=jump>
                <code>{issue.path.clone()}</code>
            </button>
        }
        .into_any(),
        None => view! { <code class="pe-issue__path">{issue.path.clone()}</code> }.into_any(),
    };
    view! {
        <li class=format!("pe-issue pe-issue--{}", severity.as_str())>
            <span class="pe-issue__severity">{label}</span>
            {path}
            <span class="pe-issue__message">
                {move || problem_text(lang.get(), &issue.problem)}
            </span>
        </li>
    }
}
