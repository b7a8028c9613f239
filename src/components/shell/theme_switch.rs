//! The dark-theme switch in the top bar: a toggle button, pressed while the dark theme is
//! shown. Switching makes the choice explicit and writes it to the URL (`?theme=`), as the
//! language switch does.

use leptos::prelude::*;
use pep_view::text::Text;
use pep_view::theme::Theme;

use crate::platform;
use crate::state::lang::tr;
use crate::state::theme::use_theme;

/// The dark-theme switch.
#[component]
pub fn ThemeSwitch() -> impl IntoView {
    let theme = use_theme();
    let toggle = move |_| {
        let shown = theme.toggle();
        let _ = platform::url::set_query_param("theme", shown.as_str(), false);
    };
    view! {
        <button
            type="button"
            class="pe-theme-switch"
            title=tr(Text::SwitchTheme)
            aria-pressed=move || (theme.shown() == Theme::Dark).to_string()
            data-testid="theme-switch"
            on:click=toggle
        >
            <span class="pe-theme-switch__icon" aria-hidden="true">"◐"</span>
            {tr(Text::DarkTheme)}
        </button>
    }
}
