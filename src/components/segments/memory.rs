//! `memory` (spec §3.4): purple, folded by default; a description and titled entries.

use leptos::prelude::*;
use pep_view::text::{Noun, Text};
use pep_view::{SegmentKind, SegmentRef};

use super::Description;
use crate::components::widgets::Collapsible;
use crate::state::lang::use_lang;

/// Long-term memory entries.
#[component]
pub fn MemoryView(
    /// Where the segment is.
    key: SegmentRef,
    /// Its description.
    description: Option<String>,
    /// Titles and contents.
    items: Vec<(String, String)>,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let count = items.len();
    let lang = use_lang();
    let items = StoredValue::new(items);
    let description = StoredValue::new(description);
    view! {
        <Collapsible
            kind=SegmentKind::Memory
            key=key
            collapsed=collapsed
            icon="🧠"
            title=Text::KindMemory
            summary=Signal::derive(move || lang.get().count(count, Noun::Item))
        >
            <Description text=description.get_value() />
            <dl class="pe-memory">
                {items.with_value(|items| {
                    items
                        .iter()
                        .map(|(title, content)| view! {
                            <div class="pe-memory__item">
                                <dt>{title.clone()}</dt>
                                <dd>{content.clone()}</dd>
                            </div>
                        })
                        .collect_view()
                })}
            </dl>
        </Collapsible>
    }
}
