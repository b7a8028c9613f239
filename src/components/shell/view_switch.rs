//! The model view / user view switch (DECISIONS §8 `?view=`), kept in the URL.

use leptos::prelude::*;

use crate::browser;
use crate::components::tr;
use pep_view::text::Text;
use pep_view::view_mode::ViewMode;

/// The view signal of the app; the model view when none is provided (component tests).
pub fn use_view_mode() -> RwSignal<ViewMode> {
    use_context::<RwSignal<ViewMode>>().unwrap_or_else(|| RwSignal::new(ViewMode::Model))
}

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
                        let _ = browser::set_query_param("view", which.as_str(), false);
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
