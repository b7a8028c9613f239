//! `skills` (spec §3.5, §4): green, folded by default. Each skill shows its L1 name and
//! description; one found in the registry expands to its L2 body, rendered as markdown. The
//! body comes from the registry, never from the protocol.

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::{SkillItem, SkillsSegment};

use super::Description;
use crate::collapse::SegmentKey;
use crate::components::{Collapsible, Disclosure, MarkdownView, tr, use_lang};
use pep_view::text::{Noun, Text};

/// A skills list.
#[component]
pub fn SkillsView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: SkillsSegment,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let count = segment.items.len();
    let lang = use_lang();
    let segment = StoredValue::new(segment);
    view! {
        <Collapsible
            kind=SegmentKind::Skills
            key=key
            collapsed=collapsed
            icon="⚡"
            title=Text::KindSkills
            summary=Signal::derive(move || lang.get().count(count, Noun::Item))
        >
            {segment.with_value(|segment| {
                let items = segment
                    .items
                    .iter()
                    .enumerate()
                    .map(|(index, item)| view! { <SkillEntry key=key index=index item=item.clone() /> })
                    .collect_view();
                view! {
                    <Description text=segment.description.clone() />
                    <ul class="pe-skills">{items}</ul>
                }
            })}
        </Collapsible>
    }
}

/// One skill: L1 always, L2 on demand when the registry knows it.
#[component]
fn SkillEntry(
    /// The segment holding the skill, for element ids.
    key: SegmentKey,
    /// Position of the skill in the segment's items.
    index: usize,
    /// The skill's L1 data.
    item: SkillItem,
) -> impl IntoView {
    let l2 = match pep_core::skills::find(&item.name) {
        Some(skill) => view! {
            <Disclosure
                id=format!("pe-skill-{}-{}-{index}", key.message, key.segment)
                label=Text::ShowInstructions
                region_class="pe-skills__body"
            >
                <MarkdownView source=skill.body />
            </Disclosure>
        }
        .into_any(),
        None => {
            view! { <span class="pe-skills__missing">{tr(Text::NotInRegistry)}</span> }.into_any()
        }
    };
    view! {
        <li class="pe-skills__item">
            <code class="pe-skills__name">{format!("/{}", item.name)}</code>
            <span class="pe-skills__description">{item.description}</span>
            {l2}
        </li>
    }
}
