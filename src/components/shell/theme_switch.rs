//! The colour theme on the page (DECISIONS §8 `?theme=`): `data-theme` on `<html>`, following
//! the system's `prefers-color-scheme` live until `?theme=`, the switch or the embedding host
//! picks one; and the switch in the top bar, which keeps the choice in the URL.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::browser;
use crate::components::tr;
use pep_view::text::Text;
use pep_view::theme::{DARK_QUERY, Theme, ThemeChoice};

// Declared here rather than through web-sys's `MediaQueryList` feature: these three calls are
// all the app needs.
#[wasm_bindgen]
extern "C" {
    type MediaQueryList;

    #[wasm_bindgen(catch, js_namespace = window, js_name = matchMedia)]
    fn match_media(query: &str) -> Result<MediaQueryList, JsValue>;

    #[wasm_bindgen(method, getter)]
    fn matches(this: &MediaQueryList) -> bool;

    #[wasm_bindgen(method, js_name = addEventListener)]
    fn add_event_listener(this: &MediaQueryList, kind: &str, listener: &js_sys::Function);
}

/// The app's theme state; see [`provide_theme`].
#[derive(Debug, Clone, Copy)]
pub struct ThemeControl(RwSignal<ThemeChoice>);

impl ThemeControl {
    /// The theme on screen (reactive).
    pub fn shown(self) -> Theme {
        self.0.get().shown()
    }

    /// Picks `theme` explicitly, so the system's setting no longer changes it (the embedding
    /// host's `set`; the switch also writes it to the URL).
    pub fn set(self, theme: Theme) {
        self.apply(self.0.get_untracked().with(theme));
    }

    /// Makes `next` the state and puts its theme on `<html>`. Every change goes through here,
    /// which costs less wasm than an effect watching the signal.
    fn apply(self, next: ThemeChoice) {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", next.shown().as_str());
        }
        self.0.set(next);
    }
}

/// Reads `?theme=` and the system's setting, keeps `data-theme` on `<html>` equal to the theme
/// shown, follows changes of the system setting, and makes the state the context of every
/// component below. Reads no other query parameter.
pub fn provide_theme() -> ThemeControl {
    let query = browser::query_param("theme");
    let system = match_media(DARK_QUERY).ok();
    let prefers_dark = system.as_ref().is_some_and(MediaQueryList::matches);
    let control = ThemeControl(RwSignal::new(ThemeChoice::default()));
    control.apply(ThemeChoice::new(query.as_deref(), prefers_dark));
    if let Some(list) = system {
        let closure = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
            // The event is a MediaQueryListEvent, whose `matches` is the new setting.
            let dark = event.unchecked_into::<MediaQueryList>().matches();
            control.apply(control.0.get_untracked().with_system(dark));
        });
        list.add_event_listener("change", closure.as_ref().unchecked_ref());
        // The listener lives as long as the page, like the app.
        closure.forget();
    }
    provide_context(control);
    control
}

/// The theme state of the app; a light one following nothing when none is provided
/// (component tests).
pub fn use_theme() -> ThemeControl {
    use_context::<ThemeControl>()
        .unwrap_or_else(|| ThemeControl(RwSignal::new(ThemeChoice::default())))
}

/// The dark-theme switch: a toggle button, pressed while the dark theme is shown. Switching
/// makes the choice explicit and writes it to the URL (`?theme=`), as the language switch
/// does.
#[component]
pub fn ThemeSwitch() -> impl IntoView {
    let theme = use_theme();
    let toggle = move |_| {
        let next = theme.0.get_untracked().toggled();
        let _ = browser::set_query_param("theme", next.shown().as_str(), false);
        theme.apply(next);
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
