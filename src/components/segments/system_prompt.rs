//! `system_prompt` (spec §3.3): grey, folded by default. Shows the template with each
//! `{{var}}` marked and its value, or the expanded text; unknown placeholders are flagged.

use leptos::prelude::*;
use pep_view::model::PromptPiece;
use pep_view::text::Text;
use pep_view::{SegmentKind, SegmentRef};

use crate::components::widgets::Collapsible;
use crate::state::lang::tr;

/// A system prompt.
#[component]
pub fn SystemPromptView(
    /// Where the segment is.
    key: SegmentRef,
    /// The start of its first line, for the folded header.
    summary: String,
    /// The template in pieces.
    pieces: Vec<PromptPiece>,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let show_expanded = RwSignal::new(false);
    let placeholders = pieces
        .iter()
        .filter(|piece| !matches!(piece, PromptPiece::Text(_)))
        .count();
    let pieces = StoredValue::new(pieces);
    let body = move || {
        let expanded = show_expanded.get();
        pieces.with_value(|pieces| {
            pieces
                .iter()
                .map(|piece| piece_view(piece, expanded))
                .collect_view()
        })
    };
    view! {
        <Collapsible
            kind=SegmentKind::SystemPrompt
            key=key
            collapsed=collapsed
            icon="📋"
            title=Text::KindSystemPrompt
            summary=Signal::stored(summary)
        >
            {(placeholders > 0).then(|| mode_switch(show_expanded))}
            <pre class="pe-prompt">{body}</pre>
        </Collapsible>
    }
}

/// The Template / Expanded buttons.
fn mode_switch(show_expanded: RwSignal<bool>) -> impl IntoView {
    let button = move |expanded: bool, label: Text| {
        view! {
            <button
                type="button"
                class="pe-toggle"
                aria-pressed=move || (show_expanded.get() == expanded).to_string()
                on:click=move |_| show_expanded.set(expanded)
            >
                {tr(label)}
            </button>
        }
    };
    view! {
        <div class="pe-toggle-group" role="group" aria-label=tr(Text::KindSystemPrompt)>
            {button(false, Text::Template)}
            {button(true, Text::Expanded)}
        </div>
    }
}

/// One piece: text as written, a placeholder with its value, or an unknown one.
fn piece_view(piece: &PromptPiece, expanded: bool) -> AnyView {
    match piece {
        PromptPiece::Text(text) => view! { <span>{text.clone()}</span> }.into_any(),
        PromptPiece::Known { raw, value } if expanded => view! {
            <mark class="pe-var pe-var--value" title=raw.clone()>{value.clone()}</mark>
        }
        .into_any(),
        PromptPiece::Known { raw, value } => view! {
            <mark class="pe-var" title=value.clone()>{raw.clone()}</mark>
            <span class="pe-var__value">{value.clone()}</span>
        }
        .into_any(),
        PromptPiece::Unknown { raw } => {
            let undefined = tr(Text::UndefinedVariable);
            view! {
                <mark class="pe-var pe-var--unknown" title=undefined>
                    {raw.clone()}
                    <span class="pe-sr-only">{move || format!(" ({})", undefined())}</span>
                </mark>
            }
            .into_any()
        }
    }
}
