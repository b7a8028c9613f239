//! What Share's scan found (DECISIONS §8): each secret's path and kind, and the choice of
//! sharing a redacted copy, the text as it is, or nothing.

use std::sync::Arc;

use leptos::prelude::*;

use pep_view::model::SecretFound;
use pep_view::text::lazy::LazyText;

use crate::state::lang::{tr_lazy, use_lang};

/// The findings listed at most; the rest are counted.
const LISTED: usize = 20;

/// The findings and the three choices.
#[component]
pub fn ShareFindings(
    /// The secrets found, and the redacted copy of the text.
    found: Arc<(Vec<SecretFound>, String)>,
    /// Share the redacted copy.
    on_redact: Callback<()>,
    /// Share the text as it is.
    on_as_is: Callback<()>,
    /// Share nothing.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let count = found.0.len();
    let rows = found
        .0
        .iter()
        .take(LISTED)
        .map(|secret| {
            view! {
                <li>
                    <code>{secret.path.clone()}</code>
                    " "
                    <span class="pe-share__kind">{secret.kind.as_str()}</span>
                </li>
            }
        })
        .collect_view();
    let more =
        (count > LISTED).then(|| view! { <li>{move || lang.get().more(count - LISTED)}</li> });
    // The choice that keeps the secrets safe takes the focus, so Enter does the safe thing.
    let safe = NodeRef::<leptos::html::Button>::new();
    Effect::new(move || {
        if let Some(button) = safe.get() {
            let _ = button.focus();
        }
    });
    view! {
        <div class="pe-share__findings" role="alert" data-testid="share-findings">
            <p>{move || lang.get().secrets_found(count)}</p>
            <ul data-testid="share-secrets">{rows}{more}</ul>
            <div class="pe-share__choices">
                <button type="button" class="pe-button" data-testid="share-redacted"
                    node_ref=safe on:click=move |_| on_redact.run(())>
                    {tr_lazy(LazyText::RedactAndShare)}
                </button>
                <button type="button" class="pe-button" data-testid="share-as-is" on:click=move |_| on_as_is.run(())>
                    {tr_lazy(LazyText::ShareAsIs)}
                </button>
                <button type="button" class="pe-button" data-testid="share-cancel" on:click=move |_| on_cancel.run(())>
                    {tr_lazy(LazyText::Cancel)}
                </button>
            </div>
        </div>
    }
}
