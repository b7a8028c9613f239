//! The comparison's summary (DECISIONS §13, `data-testid="diff-summary"`): the verdict, the
//! message and segment counts, and the ≈ token change, in all and per kind.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::model::compare::CompareView;
use pep_view::text::budget::kind_label;
use pep_view::text::compare::{self, Label};

use crate::state::lang::use_lang;

/// The counts and the ≈ token change.
#[component]
pub fn DiffSummary(
    /// The comparison.
    compared: Arc<CompareView>,
) -> impl IntoView {
    let lang = use_lang();
    let view_of = move || {
        let lang = lang.get();
        let tokens: Vec<String> = compared
            .tokens
            .iter()
            .filter(|t| t.a != t.b)
            .map(|t| {
                format!(
                    "{} {}",
                    lang.t(kind_label(t.kind)),
                    compare::signed(t.a, t.b)
                )
            })
            .collect();
        let (a, b) = compared
            .tokens
            .iter()
            .fold((0, 0), |(a, b), t| (a + t.a, b + t.b));
        let tokens = if tokens.is_empty() {
            compare::signed(a, b)
        } else {
            format!("{} ({})", compare::signed(a, b), tokens.join(", "))
        };
        view! {
            <p class="pe-compare__verdict" data-same=compared.same.to_string()>
                {compare::verdict(lang, &compared)}
            </p>
            <p>{compare::counts(lang, false, &compared.messages)}</p>
            <p>{compare::counts(lang, true, &compared.segments)}</p>
            <p data-testid="diff-tokens">{Label::Tokens.t(lang)}": "{tokens}</p>
        }
    };
    view! { <div class="pe-compare__summary" data-testid="diff-summary">{view_of}</div> }
}
