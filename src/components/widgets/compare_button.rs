//! Compare… (DECISIONS §13): shows the comparison of the envelope on screen (side A) with one
//! the compare view asks for (side B). The view is a module of its own, fetched then
//! (`platform::compare`): the page holds only this button.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::text::Text;

use crate::platform;
use crate::state::catalogue::DEMOS;
use crate::state::compare::{TEXT_ID, side_label};
use crate::state::lang::{tr, use_lang};
use crate::state::shell::Shell;

/// The Compare… button for the envelope `source`, shown as `id`; none in embed mode.
#[component]
pub fn CompareButton(
    /// What is shown: a demo id, `custom`, `shared`, `hosted`.
    id: String,
    /// The envelope text shown: side A when it is not a demo.
    source: Arc<str>,
) -> impl IntoView {
    if use_context::<Shell>().is_none_or(|shell| shell.embed) {
        return None;
    }
    let lang = use_lang();
    let press = move |_| {
        let lang = lang.get_untracked();
        // A demo goes by its id, so the URL can say `?demo=X&compare=Y`.
        if DEMOS.iter().any(|demo| demo.id == id) {
            platform::compare::open(lang, (&id, None, None), None);
        } else {
            let label = side_label(lang, &id);
            platform::compare::open(lang, (TEXT_ID, Some(&label), Some(&source)), None);
        }
    };
    Some(view! {
        <button type="button" class="pe-button" data-testid="compare" on:click=press>
            {tr(Text::Compare)}
        </button>
    })
}
