//! `skills` (spec §3.5, §4): green, folded by default. Each skill shows its L1 name and
//! description; one found in the registry expands to its L2 body, rendered as markdown and
//! asked for when first opened. The body comes from the registry, never from the protocol.

use leptos::prelude::*;
use pep_view::model::{MarkdownKey, SkillView};
use pep_view::text::{Noun, Text};
use pep_view::{SegmentKind, SegmentRef};

use super::Description;
use super::asked::AskedMarkdown;
use crate::components::widgets::{Collapsible, Disclosure};
use crate::state::lang::{tr, use_lang};

/// A skills list.
#[component]
pub fn SkillsView(
    /// Where the segment is.
    key: SegmentRef,
    /// Its description.
    description: Option<String>,
    /// The skills.
    items: Vec<SkillView>,
    /// Folded or not.
    collapsed: RwSignal<bool>,
) -> impl IntoView {
    let count = items.len();
    let lang = use_lang();
    let items = StoredValue::new(items);
    let description = StoredValue::new(description);
    view! {
        <Collapsible
            kind=SegmentKind::Skills
            key=key
            collapsed=collapsed
            icon="⚡"
            title=Text::KindSkills
            summary=Signal::derive(move || lang.get().count(count, Noun::Item))
        >
            <Description text=description.get_value() />
            <ul class="pe-skills">
                {items.with_value(|items| {
                    items
                        .iter()
                        .enumerate()
                        .map(|(index, item)| view! { <SkillEntry key=key index=index item=item.clone() /> })
                        .collect_view()
                })}
            </ul>
        </Collapsible>
    }
}

/// One skill: L1 always, L2 on demand when the registry knows it.
#[component]
fn SkillEntry(
    /// The segment holding the skill, for element ids.
    key: SegmentRef,
    /// Position of the skill in the segment's items.
    index: usize,
    /// The skill.
    item: SkillView,
) -> impl IntoView {
    let l2 = if item.in_registry {
        let body = MarkdownKey::Skill(item.name.clone());
        view! {
            <Disclosure
                id=format!("pe-skill-{}-{}-{index}", key.message, key.segment)
                label=Text::ShowInstructions
                region_class="pe-skills__body"
            >
                <AskedMarkdown key=body.clone() />
            </Disclosure>
        }
        .into_any()
    } else {
        view! { <span class="pe-skills__missing">{tr(Text::NotInRegistry)}</span> }.into_any()
    };
    view! {
        <li class="pe-skills__item">
            <code class="pe-skills__name">{format!("/{}", item.name)}</code>
            <span class="pe-skills__description">{item.description}</span>
            {l2}
        </li>
    }
}
