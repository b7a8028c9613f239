//! The fallback card for a message or segment that failed validation (DECISIONS §1, the
//! validator → fallback pipeline of seed 004): its path, its errors and its raw JSON. The rest
//! of the envelope renders normally.

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::model::InvalidModel;
use pep_view::text::Text;

use crate::components::widgets::{JsonText, JsonView, SegmentLink, message};
use crate::state::lang::{tr, use_lang};

/// A fallback card.
#[component]
pub fn InvalidCard(
    /// The invalid node.
    invalid: InvalidModel,
    /// "Invalid segment" or "Invalid message".
    title: Text,
    /// Where the segment is, for its link (none for an invalid message).
    #[prop(optional)]
    key: Option<SegmentRef>,
) -> impl IntoView {
    let lang = use_lang();
    let errors = invalid
        .errors
        .into_iter()
        .map(|issue| {
            view! {
                <li>
                    <code class="pe-issue__path">{issue.path.clone()}</code>
                    <span class="pe-issue__message">{move || message(&issue, lang.get())}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="pe-seg pe-seg--invalid" data-kind="invalid" data-path=key.map(SegmentRef::path) data-invalid-kind=invalid.kind role="group" aria-label=tr(title)>
            <header class="pe-invalid__head">
                <span aria-hidden="true">"⚠"</span>
                <strong>{tr(title)}</strong>
                <code class="pe-invalid__path">{invalid.path}</code>
            </header>
            <ul class="pe-invalid__errors">{errors}</ul>
            <p class="pe-invalid__raw-label">{tr(Text::RawJson)}</p>
            <JsonView json=JsonText::plain(invalid.raw) />
            {key.map(|_| view! { <SegmentLink /> })}
        </section>
    }
}
