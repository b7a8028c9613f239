//! The protocol panel's tabs (spec §7.3, DECISIONS §8 `?panel=`): one per export format, then
//! the raw protocol. Plain data, so the keyboard pattern is tested natively; the words of each
//! tab are the texts' (`text/tab_label.rs`).

use pep_core::export::Format;

/// Which tab of the protocol panel is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelTab {
    /// An export's request body.
    Export(Format),
    /// The envelope as written.
    Raw,
}

impl PanelTab {
    /// Every tab, in the order shown: each export format, in the table of providers' order
    /// (`Format::ALL`), then Raw.
    pub const ALL: [PanelTab; Format::ALL.len() + 1] = {
        let mut all = [PanelTab::Raw; Format::ALL.len() + 1];
        let mut i = 0;
        while i < Format::ALL.len() {
            all[i] = PanelTab::Export(Format::ALL[i]);
            i += 1;
        }
        all
    };

    /// The name used in element ids, test hooks and `?panel=`.
    pub fn name(self) -> &'static str {
        match self {
            PanelTab::Export(format) => format.as_str(),
            PanelTab::Raw => "raw",
        }
    }

    /// The test hook of the request (or the raw envelope) the tab shows: `export-{name}`.
    pub fn json_hook(self) -> &'static str {
        match self {
            PanelTab::Export(format) => format.hooks().request,
            PanelTab::Raw => "export-raw",
        }
    }

    /// The tab button's element id.
    pub fn id(self) -> String {
        format!("pe-tab-{}", self.name())
    }

    /// The tab panel's element id.
    pub fn panel_id(self) -> String {
        format!("pe-tabpanel-{}", self.name())
    }

    /// The download's file name for the envelope `stem`: `demo-f.anthropic.json`, or
    /// `demo-f.json` for the raw protocol.
    pub fn file_name(self, stem: &str) -> String {
        match self {
            PanelTab::Export(format) => format!("{stem}.{}.json", format.as_str()),
            PanelTab::Raw => format!("{stem}.json"),
        }
    }

    /// The tab a key moves to from `self` (WAI-ARIA tabs pattern, wrapping), if the key is a
    /// tab key.
    pub fn after_key(self, key: &str) -> Option<PanelTab> {
        let count = PanelTab::ALL.len();
        let here = PanelTab::ALL.iter().position(|tab| *tab == self)?;
        let index = match key {
            "ArrowRight" => (here + 1) % count,
            "ArrowLeft" => (here + count - 1) % count,
            "Home" => 0,
            "End" => count - 1,
            _ => return None,
        };
        PanelTab::ALL.get(index).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_keys_follow_the_aria_pattern() {
        let [openai, responses, anthropic, mcp, otel, gemini, raw] = PanelTab::ALL;
        assert_eq!(openai.after_key("ArrowRight"), Some(responses));
        assert_eq!(responses.after_key("ArrowRight"), Some(anthropic));
        assert_eq!(anthropic.after_key("ArrowRight"), Some(mcp));
        assert_eq!(mcp.after_key("ArrowRight"), Some(otel));
        assert_eq!(otel.after_key("ArrowRight"), Some(gemini));
        assert_eq!(gemini.after_key("ArrowRight"), Some(raw));
        assert_eq!(raw.after_key("ArrowRight"), Some(openai));
        assert_eq!(openai.after_key("ArrowLeft"), Some(raw));
        assert_eq!(mcp.after_key("Home"), Some(openai));
        assert_eq!(openai.after_key("End"), Some(raw));
        assert_eq!(raw.after_key("Enter"), None);
    }

    #[test]
    fn names_ids_and_files() {
        let names: Vec<_> = PanelTab::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(
            names,
            [
                "openai",
                "responses",
                "anthropic",
                "mcp",
                "otel",
                "gemini",
                "raw"
            ]
        );
        assert_eq!(PanelTab::Raw.id(), "pe-tab-raw");
        assert_eq!(PanelTab::Export(Format::Mcp).panel_id(), "pe-tabpanel-mcp");
        assert_eq!(
            PanelTab::Export(Format::Anthropic).file_name("x"),
            "x.anthropic.json"
        );
        assert_eq!(PanelTab::Raw.file_name("x"), "x.json");
    }
}
