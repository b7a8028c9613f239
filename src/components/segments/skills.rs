//! `skills` (spec §3.5, §4): green, folded by default. Each skill shows its L1 name and
//! description; one found in the registry expands to its L2 body, rendered as markdown. The
//! body comes from the registry, never from the protocol.

use leptos::prelude::*;
use pep_core::SegmentKind;
use pep_core::model::{SkillItem, SkillsSegment};

use crate::collapse::SegmentKey;
use crate::components::{Collapsible, MarkdownView, tr};
use crate::i18n::Text;

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
    let segment = StoredValue::new(segment);
    view! {
        <Collapsible
            kind=SegmentKind::Skills
            key=key
            collapsed=collapsed
            icon="⚡"
            title=Text::KindSkills
            summary=Signal::derive(move || format!("× {count}"))
        >
            {segment.with_value(|segment| {
                let description = segment
                    .description
                    .clone()
                    .filter(|d| !d.is_empty())
                    .map(|d| view! { <p class="pe-seg__description">{d}</p> });
                let items = segment
                    .items
                    .iter()
                    .enumerate()
                    .map(|(index, item)| view! { <SkillEntry key=key index=index item=item.clone() /> })
                    .collect_view();
                view! {
                    {description}
                    <ul class="pe-skills">{items}</ul>
                }
            })}
        </Collapsible>
    }
}

/// One skill: L1 always, L2 on demand when the registry knows it.
#[component]
fn SkillEntry(key: SegmentKey, index: usize, item: SkillItem) -> impl IntoView {
    let registered = pep_core::skills::find(&item.name);
    let open = RwSignal::new(false);
    let body_id = format!("pe-skill-{}-{}-{index}", key.0, key.1);
    let l2 = match registered {
        Some(skill) => view! {
            <button
                type="button"
                class="pe-link-button"
                aria-expanded=move || open.get().to_string()
                aria-controls=body_id.clone()
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {tr(Text::ShowInstructions)}
            </button>
            <Show when=move || open.get()>
                <div class="pe-skills__body" id=body_id.clone()>
                    <MarkdownView source=skill.body />
                </div>
            </Show>
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
