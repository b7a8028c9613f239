//! The colour theme on the page (DECISIONS §8 `?theme=`): `data-theme` on `<html>`, following
//! the system's `prefers-color-scheme` live until `?theme=`, the switch or the embedding host
//! picks one.

use leptos::prelude::*;
use pep_view::theme::{Theme, ThemeChoice};

use crate::platform;

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

    /// Flips the theme shown (the switch), and returns the new one.
    pub fn toggle(self) -> Theme {
        let next = self.0.get_untracked().toggled();
        self.apply(next);
        next.shown()
    }

    /// Makes `next` the state and puts its theme on `<html>`. Every change goes through here,
    /// which costs less wasm than an effect watching the signal.
    fn apply(self, next: ThemeChoice) {
        platform::dom::set_root_attribute("data-theme", next.shown().as_str());
        self.0.set(next);
    }
}

/// Reads `?theme=` and the system's setting, keeps `data-theme` on `<html>` equal to the theme
/// shown, follows changes of the system setting, and makes the state the context of every
/// component below.
pub fn provide_theme() -> ThemeControl {
    let query = platform::url::query_param("theme");
    let control = ThemeControl(RwSignal::new(ThemeChoice::default()));
    let prefers_dark = platform::theme::prefers_dark(move |dark| {
        control.apply(control.0.get_untracked().with_system(dark));
    });
    control.apply(ThemeChoice::new(query.as_deref(), prefers_dark));
    provide_context(control);
    control
}

/// The theme state of the app; a light one following nothing when none is provided
/// (component tests).
pub fn use_theme() -> ThemeControl {
    use_context::<ThemeControl>()
        .unwrap_or_else(|| ThemeControl(RwSignal::new(ThemeChoice::default())))
}
