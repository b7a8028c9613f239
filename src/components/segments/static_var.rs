//! `static_var` (spec §3.2): a blue pill `name = value`; the description shows on hover and on
//! keyboard focus.

use std::sync::atomic::{AtomicUsize, Ordering};

use leptos::prelude::*;
use pep_core::model::StaticVarSegment;

/// Unique ids for tooltips, so `aria-describedby` points at the right one.
static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// A static variable badge.
#[component]
pub fn StaticVarBadge(
    /// The segment.
    segment: StaticVarSegment,
) -> impl IntoView {
    let description = segment.description.filter(|d| !d.is_empty());
    let tooltip_id = format!("pe-var-tip-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed));
    let described_by = description.as_ref().map(|_| tooltip_id.clone());
    view! {
        <span
            class="pe-seg pe-seg--static_var pe-pill"
            data-kind="static_var"
            tabindex="0"
            aria-describedby=described_by
        >
            <span class="pe-pill__name">{segment.name}</span>
            <span class="pe-pill__eq" aria-hidden="true">" = "</span>
            <span class="pe-pill__value">{segment.value}</span>
            {description.map(|text| view! {
                <span class="pe-pill__tooltip" role="tooltip" id=tooltip_id>{text}</span>
            })}
        </span>
    }
}
