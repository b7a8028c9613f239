//! The colour theme (DECISIONS §8 `?theme=light|dark`): light or dark, following the system's
//! `prefers-color-scheme` until the user (the switch, the URL) picks one. Plain data, so the
//! rules are tested natively; `components::theme_switch` connects it to the page.
//!
//! The colours themselves are CSS variables in `style/tokens.css`, switched by the
//! `data-theme` attribute this state puts on `<html>`.

/// A colour theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Dark ink on light surfaces (the default when the system says nothing).
    #[default]
    Light,
    /// Light ink on dark surfaces (page background of relative luminance ≤ 0.18).
    Dark,
}

/// The media query whose match means the system prefers a dark theme.
pub const DARK_QUERY: &str = "(prefers-color-scheme: dark)";

impl Theme {
    /// The `?theme=` value and the `data-theme` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme a `?theme=` value names, if it names one. Anything else is no choice, so the
    /// system's setting applies rather than a guess.
    pub fn from_query(value: Option<&str>) -> Option<Theme> {
        match value {
            Some("light") => Some(Theme::Light),
            Some("dark") => Some(Theme::Dark),
            _ => None,
        }
    }

    /// The system's theme, from whether [`DARK_QUERY`] matches.
    pub fn from_system(prefers_dark: bool) -> Theme {
        if prefers_dark {
            Theme::Dark
        } else {
            Theme::Light
        }
    }

    /// The other theme, for the switch.
    pub fn other(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }
}

/// What decides the theme: an explicit choice, which wins, and the system's setting, which is
/// kept up to date so the page follows it live while nothing was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ThemeChoice {
    /// Picked by `?theme=`, the switch or the embedding host; `None` follows the system.
    pub explicit: Option<Theme>,
    /// The system's current setting.
    pub system: Theme,
}

impl ThemeChoice {
    /// The choice at start-up: the `?theme=` value and whether the system prefers dark.
    pub fn new(query: Option<&str>, prefers_dark: bool) -> ThemeChoice {
        ThemeChoice {
            explicit: Theme::from_query(query),
            system: Theme::from_system(prefers_dark),
        }
    }

    /// The theme on screen: the explicit one, else the system's.
    pub fn shown(self) -> Theme {
        self.explicit.unwrap_or(self.system)
    }

    /// After the switch: the other theme than the one on screen, now an explicit choice (a
    /// later change of the system setting no longer overrides what the user asked for).
    pub fn toggled(self) -> ThemeChoice {
        self.with(self.shown().other())
    }

    /// With `theme` chosen explicitly.
    pub fn with(self, theme: Theme) -> ThemeChoice {
        ThemeChoice {
            explicit: Some(theme),
            ..self
        }
    }

    /// After the system setting changed to dark (`prefers_dark`) or light.
    pub fn with_system(self, prefers_dark: bool) -> ThemeChoice {
        ThemeChoice {
            system: Theme::from_system(prefers_dark),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values() {
        assert_eq!(Theme::from_query(Some("dark")), Some(Theme::Dark));
        assert_eq!(Theme::from_query(Some("light")), Some(Theme::Light));
        for other in ["", "DARK", "auto", "system", " dark"] {
            assert_eq!(Theme::from_query(Some(other)), None, "{other:?}");
        }
        assert_eq!(Theme::from_query(None), None);
        assert_eq!(Theme::Dark.as_str(), "dark");
        assert_eq!(Theme::Light.as_str(), "light");
        assert_eq!(Theme::Light.other(), Theme::Dark);
        assert_eq!(Theme::Dark.other(), Theme::Light);
    }

    #[test]
    fn the_system_decides_until_something_is_chosen() {
        assert_eq!(ThemeChoice::new(None, true).shown(), Theme::Dark);
        assert_eq!(ThemeChoice::new(None, false).shown(), Theme::Light);
        assert_eq!(
            ThemeChoice::new(Some("nonsense"), true).shown(),
            Theme::Dark
        );
        // Following live changes of the system setting.
        let following = ThemeChoice::new(None, false).with_system(true);
        assert_eq!(following.shown(), Theme::Dark);
        assert_eq!(following.with_system(false).shown(), Theme::Light);
    }

    #[test]
    fn an_explicit_theme_wins_over_the_system() {
        let light = ThemeChoice::new(Some("light"), true);
        assert_eq!(light.shown(), Theme::Light);
        assert_eq!(
            light.with_system(false).with_system(true).shown(),
            Theme::Light
        );
        assert_eq!(ThemeChoice::new(Some("dark"), false).shown(), Theme::Dark);
        assert_eq!(
            ThemeChoice::new(None, true).with(Theme::Light).shown(),
            Theme::Light
        );
    }

    #[test]
    fn the_switch_flips_what_is_shown_and_keeps_it() {
        let toggled = ThemeChoice::new(None, true).toggled();
        assert_eq!(toggled.explicit, Some(Theme::Light));
        assert_eq!(
            toggled.with_system(false).with_system(true).shown(),
            Theme::Light
        );
        assert_eq!(toggled.toggled().shown(), Theme::Dark);
        assert_eq!(
            ThemeChoice::new(Some("dark"), true).toggled().shown(),
            Theme::Light
        );
    }
}
