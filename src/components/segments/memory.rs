//! `memory` (spec §3.4): purple, folded by default; a description and titled entries.

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::MemorySegment;

use super::Description;
use crate::collapse::SegmentKey;
use crate::components::{Collapsible, use_lang};
use pep_view::text::{Noun, Text};

/// Long-term memory entries.
#[component]
pub fn MemoryView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: MemorySegment,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let count = segment.items.len();
    let lang = use_lang();
    let segment = StoredValue::new(segment);
    view! {
        <Collapsible
            kind=SegmentKind::Memory
            key=key
            collapsed=collapsed
            icon="🧠"
            title=Text::KindMemory
            summary=Signal::derive(move || lang.get().count(count, Noun::Item))
        >
            {segment.with_value(|segment| {
                let items = segment
                    .items
                    .iter()
                    .map(|item| view! {
                        <div class="pe-memory__item">
                            <dt>{item.title.clone()}</dt>
                            <dd>{item.content.clone()}</dd>
                        </div>
                    })
                    .collect_view();
                view! {
                    <Description text=segment.description.clone() />
                    <dl class="pe-memory">{items}</dl>
                }
            })}
        </Collapsible>
    }
}
