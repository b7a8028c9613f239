//! A list of validation issues or export warnings: severity, JSON path, plain message in the
//! UI language. Up to 500 are listed (DECISIONS §9), all are counted.

use leptos::prelude::*;
use pep_view::Severity;
use pep_view::model::{IssueView, IssuesView};
use pep_view::text::{Lang, Noun, Text};

use crate::platform;
use crate::state::lang::{tr, use_lang};
use crate::state::linking::use_linking;

/// Lists up to this long are built even while folded (find-in-page sees them).
const EAGER_UP_TO: usize = 100;

/// Issues with a heading; renders nothing when there are none.
#[component]
pub fn IssueList(
    /// The issues.
    issues: IssuesView,
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
    let (errors, warnings, total) = (issues.errors, issues.warnings, issues.total());
    let unlisted = total - issues.listed.len();
    // A long list starts folded whatever it holds: its summary still shows the counts.
    let open = (open || errors > 0) && total <= EAGER_UP_TO;
    // A long list is built only once it is unfolded, so hundreds of warnings cost nothing
    // until someone reads them.
    let unfolded = RwSignal::new(open || total <= EAGER_UP_TO);
    let listed = StoredValue::new(issues.listed);
    let items = move || {
        listed.with_value(|listed| {
            listed
                .iter()
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
                if platform::dom::details_open(&event) {
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

/// One issue's message in the UI language.
pub fn message(issue: &IssueView, lang: Lang) -> String {
    match lang {
        Lang::Zh => issue.zh.clone(),
        Lang::En => issue.en.clone(),
    }
}

/// One issue: severity, path (a link to its segment when it has a place) and message.
fn issue_row(issue: IssueView, lang: RwSignal<Lang>) -> impl IntoView {
    let label = match issue.severity {
        Severity::Error => tr(Text::Error),
        Severity::Warning => tr(Text::Warning),
    };
    // The same jump as search and the JSON lines, so it works in the windowed list too.
    let jump = use_linking()
        .zip(issue.place.map(pep_view::Place::segment))
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
    let severity = issue.severity.as_str();
    view! {
        <li class=format!("pe-issue pe-issue--{severity}")>
            <span class="pe-issue__severity">{label}</span>
            {path}
            <span class="pe-issue__message">{move || message(&issue, lang.get())}</span>
        </li>
    }
}
