//! A small "show more" toggle inside a segment (a skill's L2 body, a tool's schema, a
//! document's parsed content): a button with `aria-expanded` and a region rendered only while
//! open.

use leptos::prelude::*;

use crate::state::lang::tr;
use pep_view::text::Text;

/// A button that reveals its children below it.
#[component]
pub fn Disclosure(
    /// Id of the revealed region, unique in the page.
    id: String,
    /// The button's label while closed.
    label: Text,
    /// The button's label while open (defaults to `label`).
    #[prop(optional)]
    open_label: Option<Text>,
    /// Class of the revealed region.
    region_class: &'static str,
    /// The revealed content.
    children: ChildrenFn,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let (closed_text, open_text) = (tr(label), tr(open_label.unwrap_or(label)));
    view! {
        <button
            type="button"
            class="pe-link-button"
            aria-expanded=move || open.get().to_string()
            aria-controls=id.clone()
            on:click=move |_| open.update(|o| *o = !*o)
        >
            {move || if open.get() { open_text() } else { closed_text() }}
        </button>
        <Show when=move || open.get()>
            // Focusable: the region scrolls (a long skill body, a large schema).
            <div class=region_class id=id.clone() tabindex="0">
                {children()}
            </div>
        </Show>
    }
}
