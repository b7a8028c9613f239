//! The fallback card for a message or segment that failed validation (DECISIONS §1, the
//! validator → fallback pipeline of seed 004): its path, its errors and its raw JSON. The rest
//! of the envelope renders normally.

use leptos::prelude::*;
use pep_core::model::Invalid;

use crate::components::{JsonView, tr, use_lang};
use pep_view::text::Text;
use pep_view::text::problems::problem_text;

/// A fallback card.
#[component]
pub fn InvalidCard(
    /// The invalid node.
    invalid: Invalid,
    /// "Invalid segment" or "Invalid message".
    title: Text,
) -> impl IntoView {
    let invalid_kind = invalid
        .raw
        .get("kind")
        .and_then(|kind| kind.as_str())
        .map(str::to_owned);
    let lang = use_lang();
    let errors = invalid
        .errors
        .into_iter()
        .map(|issue| {
            view! {
                <li>
                    <code class="pe-issue__path">{issue.path.clone()}</code>
                    <span class="pe-issue__message">{move || problem_text(lang.get(), &issue.problem)}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="pe-seg pe-seg--invalid" data-kind="invalid" data-invalid-kind=invalid_kind role="group" aria-label=tr(title)>
            <header class="pe-invalid__head">
                <span aria-hidden="true">"⚠"</span>
                <strong>{tr(title)}</strong>
                <code class="pe-invalid__path">{invalid.path.clone()}</code>
            </header>
            <ul class="pe-invalid__errors">{errors}</ul>
            <p class="pe-invalid__raw-label">{tr(Text::RawJson)}</p>
            <JsonView json=format!("{:#}", invalid.raw) />
        </section>
    }
}
