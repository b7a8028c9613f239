//! What the page's URL asks for, beyond the demo and the language (DECISIONS §8): embed mode,
//! presenter mode and the panel. Plain values, read once at start (and by the embedding API
//! when a host sets them), tested natively.

use pep_core::export::Format;

use crate::panel_tab::PanelTab;

/// What `?panel=` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// That tab, open.
    Tab(PanelTab),
    /// No panel at all.
    Hidden,
}

impl Panel {
    /// The panel a `?panel=` value names: `openai|anthropic|mcp|raw|none`; anything else (or
    /// nothing) is the OpenAI tab.
    pub fn from_query(value: Option<&str>) -> Panel {
        match value {
            Some("none") => Panel::Hidden,
            Some("raw") => Panel::Tab(PanelTab::Raw),
            Some(name) => Panel::Tab(PanelTab::Export(
                Format::from_name(name).unwrap_or(Format::OpenAi),
            )),
            None => Panel::Tab(PanelTab::Export(Format::OpenAi)),
        }
    }

    /// The tab to open (the first when the panel is hidden, should it be shown later).
    pub fn tab(self) -> PanelTab {
        match self {
            Panel::Tab(tab) => tab,
            Panel::Hidden => PanelTab::ALL[0],
        }
    }
}

/// Whether `?embed=` asks for embed mode: `1` or `true`.
pub fn is_embed(value: Option<&str>) -> bool {
    matches!(value, Some("1" | "true"))
}

/// Whether `?present=` asks for presenter mode (large type for a projector): `1` or `true`.
pub fn is_present(value: Option<&str>) -> bool {
    matches!(value.map(str::trim), Some("1" | "true"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panel_values() {
        assert_eq!(
            Panel::from_query(None),
            Panel::Tab(PanelTab::Export(Format::OpenAi))
        );
        assert_eq!(
            Panel::from_query(Some("mcp")),
            Panel::Tab(PanelTab::Export(Format::Mcp))
        );
        assert_eq!(Panel::from_query(Some("raw")), Panel::Tab(PanelTab::Raw));
        assert_eq!(Panel::from_query(Some("none")), Panel::Hidden);
        assert_eq!(
            Panel::from_query(Some("bogus")),
            Panel::Tab(PanelTab::Export(Format::OpenAi))
        );
        assert_eq!(Panel::Hidden.tab(), PanelTab::ALL[0]);
    }

    #[test]
    fn embed_values() {
        assert!(is_embed(Some("1")) && is_embed(Some("true")));
        assert!(!is_embed(Some("0")) && !is_embed(None) && !is_embed(Some("yes")));
    }

    #[test]
    fn present_values() {
        assert!(is_present(Some("1")) && is_present(Some("true")) && is_present(Some(" 1 ")));
        assert!(!is_present(Some("0")) && !is_present(None) && !is_present(Some("")));
        assert!(!is_present(Some("yes")) && !is_present(Some("TRUE1")));
    }
}
