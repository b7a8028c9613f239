//! `static_var` (spec §3.2): a blue pill `name = value`; the description shows on hover and on
//! keyboard focus.

use leptos::prelude::*;
use pep_view::SegmentRef;

use crate::components::widgets::SegmentLink;

/// A static variable badge.
#[component]
pub fn StaticVarBadge(
    /// Where the segment is, for the tooltip's id.
    key: SegmentRef,
    /// The variable's name.
    name: String,
    /// Its value.
    value: String,
    /// Its description, unless absent or empty.
    description: Option<String>,
) -> impl IntoView {
    let tooltip_id = format!("pe-var-tip-{}-{}", key.message, key.segment);
    let described_by = description.as_ref().map(|_| tooltip_id.clone());
    view! {
        <span
            class="pe-seg pe-seg--static_var pe-pill"
            data-kind="static_var"
            data-path=key.path()
            tabindex="0"
            aria-describedby=described_by
        >
            <span class="pe-pill__name">{name}</span>
            <span class="pe-pill__eq" aria-hidden="true">" = "</span>
            <span class="pe-pill__value">{value}</span>
            {description.map(|text| view! {
                <span class="pe-pill__tooltip" role="tooltip" id=tooltip_id>{text}</span>
            })}
            <SegmentLink />
        </span>
    }
}
