//! The compare module's root: the heading, the two sides' names, the picker of side B (open
//! until one is chosen, then behind "Compare with (B)"), Close, and the comparison.

use leptos::prelude::*;
use pep_view::text::compare::Label;
use pep_view::text::{Lang, Text};

use super::{Comparison, Picker, say};
use crate::platform;
use crate::state::compare::{CompareSide, SideAsk, resolve};
use crate::state::lang::{provide_lang, tr};

/// The `id` of "Compare with (B)", which takes the focus once B is chosen.
const CHANGE_ID: &str = "pe-compare-change";

/// How far a side is.
#[derive(Debug, Clone, PartialEq)]
enum Side {
    /// Being fetched (a demo's bundle).
    Fetching,
    /// Not chosen yet (side B).
    Unchosen,
    /// Could not be fetched.
    Failed,
    /// Ready.
    Ready(CompareSide),
}

/// The comparison of `a` with `b` (none: the picker asks for it), in `lang`.
#[component]
pub fn CompareModule(
    /// Side A.
    a: SideAsk,
    /// Side B, when the page knows it (`?compare=`).
    b: Option<SideAsk>,
    /// The UI language (the page's, set again when it changes).
    lang: RwSignal<Lang>,
    /// Called when Close is pressed (the page's `closeCompare`, which runs once).
    on_close: Callback<()>,
) -> impl IntoView {
    provide_lang(lang);
    let a_demo = a.demo().map(str::to_owned);
    let side_a = RwSignal::new(Side::Fetching);
    let side_b = RwSignal::new(if b.is_some() {
        Side::Fetching
    } else {
        Side::Unchosen
    });
    fetch(lang, side_a, Some(a));
    fetch(lang, side_b, b);
    let picking = RwSignal::new(side_b.get_untracked() == Side::Unchosen);
    let on_pick = Callback::new(move |(side, demo): (CompareSide, Option<&'static str>)| {
        // The URL can say it only when both sides are demos.
        let _ = match (&a_demo, demo) {
            (Some(_), Some(demo)) => platform::url::set_query_param("compare", demo, true),
            _ => platform::url::remove_query_param("compare"),
        };
        side_b.set(Side::Ready(side));
        picking.set(false);
        // The picker's button is gone with it: focus goes to the one that opens it again.
        request_animation_frame(|| platform::dom::focus_id(CHANGE_ID));
    });
    // The page's closeCompare ignores a second call: Close needs no guard of its own.
    let close = move |_| on_close.run(());
    let chosen = move || matches!(side_b.get(), Side::Ready(_));
    view! {
        <main class="pe-compare" data-testid="compare-view" aria-label=say(Label::Title)>
            <div class="pe-compare__head">
                <h2 class="pe-compare__title" tabindex="-1">{say(Label::Title)}</h2>
                <span class="pe-compare__names" data-testid="compare-names">
                    {move || names(side_a.get(), side_b.get())}
                </span>
                <Show when=chosen>
                    <button
                        type="button"
                        class="pe-button"
                        id=CHANGE_ID
                        data-testid="compare-change"
                        aria-expanded=move || picking.get().to_string()
                        on:click=move |_| picking.update(|open| *open = !*open)
                    >
                        {say(Label::With)}
                    </button>
                </Show>
                <button type="button" class="pe-button" data-testid="compare-close" on:click=close>
                    {tr(Text::CompareClose)}
                </button>
                <Show when=move || picking.get()>
                    <Picker on_pick=on_pick />
                </Show>
            </div>
            {move || body(side_a.get(), side_b.get())}
        </main>
    }
}

/// Fetches side `ask` into `side` (nothing when there is none).
fn fetch(lang: RwSignal<Lang>, side: RwSignal<Side>, ask: Option<SideAsk>) {
    let Some(ask) = ask else { return };
    leptos::task::spawn_local(async move {
        let got = resolve(lang.get_untracked(), ask).await;
        side.try_set(got.map_or(Side::Failed, Side::Ready));
    });
}

/// "A · Demo A ↔ B · demo-a.json".
fn names(a: Side, b: Side) -> String {
    let name = |side: Side| match side {
        Side::Ready(side) => side.label,
        Side::Fetching | Side::Unchosen | Side::Failed => "…".to_owned(),
    };
    format!("A · {} ↔ B · {}", name(a), name(b))
}

/// What is below the heading: the comparison once both sides are ready.
fn body(a: Side, b: Side) -> AnyView {
    match (a, b) {
        (Side::Ready(a), Side::Ready(b)) => view! { <Comparison a=a b=b /> }.into_any(),
        (Side::Failed, _) | (_, Side::Failed) => view! {
            <p role="alert" class="pe-compare__error">{tr(Text::CompareUnavailable)}</p>
        }
        .into_any(),
        (_, Side::Unchosen) => view! {
            <p class="pe-compare__hint">{say(Label::PickB)}</p>
        }
        .into_any(),
        _ => view! { <p class="pe-panel__ok" role="status">{tr(Text::Preparing)}</p> }.into_any(),
    }
}
