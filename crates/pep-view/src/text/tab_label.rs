//! The protocol panel's tab labels: here with the other words, so that the tabs themselves
//! ([`crate::panel_tab`]) are plain data below the texts.

use pep_core::export::Format;

use super::Text;
use crate::panel_tab::PanelTab;

impl PanelTab {
    /// The tab's label.
    pub fn label(self) -> Text {
        match self {
            PanelTab::Export(Format::OpenAi) => Text::OpenAiFormat,
            PanelTab::Export(Format::Responses) => Text::ResponsesFormat,
            PanelTab::Export(Format::Anthropic) => Text::AnthropicFormat,
            PanelTab::Export(Format::Mcp) => Text::McpFormat,
            PanelTab::Export(Format::Otel) => Text::OtelFormat,
            PanelTab::Export(Format::Gemini) => Text::GeminiFormat,
            PanelTab::Raw => Text::RawProtocol,
        }
    }
}
