//! The model view / user view switch (DECISIONS §8 `?view=`), kept in the URL.

use leptos::prelude::*;

use pep_view::text::Text;
use pep_view::view_mode::ViewMode;

use crate::platform;
use crate::state::lang::tr;
use crate::state::options::use_view_mode;

/// Two pressed-or-not buttons: Model view, User view.
#[component]
pub fn ViewSwitch() -> impl IntoView {
    let mode = use_view_mode();
    let button = move |which: ViewMode, label: Text| {
        view! {
            <button
                type="button"
                class="pe-view-switch__button"
                data-view=which.as_str()
                aria-pressed=move || (mode.get() == which).to_string()
                on:click=move |_| {
                    if mode.get_untracked() != which {
                        let _ = platform::url::set_query_param("view", which.as_str(), false);
                        mode.set(which);
                    }
                }
            >
                {tr(label)}
            </button>
        }
    };
    view! {
        <div class="pe-view-switch" role="group" aria-label=tr(Text::ViewSwitch) data-testid="view-switch">
            {button(ViewMode::Model, Text::ModelView)}
            {button(ViewMode::User, Text::UserView)}
        </div>
    }
}
