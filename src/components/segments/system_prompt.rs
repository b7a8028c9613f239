//! `system_prompt` (spec §3.3): grey, folded by default. Shows the template with each
//! `{{var}}` marked and its value, or the expanded text; unknown placeholders are flagged.

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::SystemPromptSegment;
use pep_core::template::{Token, tokens};

use crate::collapse::SegmentKey;
use crate::components::{Collapsible, tr};
use pep_view::text::Text;

/// A system prompt.
#[component]
pub fn SystemPromptView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: SystemPromptSegment,
    /// Folded or not.
    collapsed: RwSignal<bool>,
    /// Session variables (name → value).
    variables: Arc<HashMap<String, String>>,
) -> impl IntoView {
    let show_expanded = RwSignal::new(false);
    let content = StoredValue::new(segment.content);
    let variables = StoredValue::new(variables);
    let placeholders = content.with_value(|c| {
        tokens(c)
            .iter()
            .filter(|t| matches!(t, Token::Placeholder { .. }))
            .count()
    });
    let summary = Signal::derive(move || {
        content.with_value(|c| {
            c.lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(60)
                .collect::<String>()
        })
    });
    let undefined = tr(Text::UndefinedVariable);
    let body = move || {
        let expanded = show_expanded.get();
        content.with_value(|content| {
            variables.with_value(|variables| {
                tokens(content)
                    .into_iter()
                    .map(|token| match token {
                        Token::Text(text) => view! { <span>{text.to_owned()}</span> }.into_any(),
                        Token::Placeholder { raw, name } => match variables.get(name) {
                            Some(value) if expanded => view! {
                                <mark class="pe-var pe-var--value" title=raw.to_owned()>{value.clone()}</mark>
                            }
                            .into_any(),
                            Some(value) => view! {
                                <mark class="pe-var" title=value.clone()>{raw.to_owned()}</mark>
                                <span class="pe-var__value">{value.clone()}</span>
                            }
                            .into_any(),
                            None => view! {
                                <mark class="pe-var pe-var--unknown" title=undefined()>
                                    {raw.to_owned()}
                                    <span class="pe-sr-only">{format!(" ({})", undefined())}</span>
                                </mark>
                            }
                            .into_any(),
                        },
                    })
                    .collect_view()
            })
        })
    };
    view! {
        <Collapsible
            kind=SegmentKind::SystemPrompt
            key=key
            collapsed=collapsed
            icon="📋"
            title=Text::KindSystemPrompt
            summary=summary
        >
            {(placeholders > 0).then(|| view! {
                <div class="pe-toggle-group" role="group" aria-label=tr(Text::KindSystemPrompt)>
                    <button
                        type="button"
                        class="pe-toggle"
                        aria-pressed=move || (!show_expanded.get()).to_string()
                        on:click=move |_| show_expanded.set(false)
                    >
                        {tr(Text::Template)}
                    </button>
                    <button
                        type="button"
                        class="pe-toggle"
                        aria-pressed=move || show_expanded.get().to_string()
                        on:click=move |_| show_expanded.set(true)
                    >
                        {tr(Text::Expanded)}
                    </button>
                </div>
            })}
            <pre class="pe-prompt">{body}</pre>
        </Collapsible>
    }
}
