//! What the viewer makes of a text that arrives whole (opened, dropped, pasted, or loaded by
//! an embedding host): an envelope stays as written; an OpenAI, Anthropic or MCP request is
//! imported (DECISIONS §7) and said so, with its import warnings; anything else stays as
//! written too, so the view can name what is wrong and the user's text is never lost.

use pep_core::Issue;
use pep_core::import::{Source, import};
use pep_core::model::Entry;

/// A text as the view will show it.
#[derive(Debug, Clone, PartialEq)]
pub struct Recognised {
    /// The envelope text: the input itself, or the envelope imported from it.
    pub text: String,
    /// What the input was, when it was a request: its format, message count and import
    /// warnings.
    pub imported: Option<ImportSummary>,
}

/// What an import found.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportSummary {
    /// The request's format.
    pub source: Source,
    /// Messages of the envelope made from it.
    pub messages: usize,
    /// What the import left out or changed, at paths in the input.
    pub warnings: Vec<Issue>,
}

/// Recognises `text`.
pub fn recognise(text: String) -> Recognised {
    match import(&text, None) {
        Ok(imported) if imported.source != Source::Envelope => {
            let messages = imported
                .envelope
                .messages
                .iter()
                .filter(|m| matches!(m, Entry::Valid(_)))
                .count();
            Recognised {
                text: imported.to_pretty_json(),
                imported: Some(ImportSummary {
                    source: imported.source,
                    messages,
                    warnings: imported.warnings,
                }),
            }
        }
        // An envelope, or something the view will explain: as written.
        _ => Recognised {
            text,
            imported: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_imported_envelopes_and_the_rest_stay() {
        let openai =
            r#"{"model":"gpt-4o","temperature":0.2,"messages":[{"role":"user","content":"Hi"}]}"#;
        let recognised = recognise(openai.to_owned());
        let Some(summary) = recognised.imported else {
            panic!("an OpenAI request is imported")
        };
        assert_eq!((summary.source, summary.messages), (Source::OpenAi, 1));
        assert!(summary.warnings.iter().any(|w| w.path == "temperature"));
        assert!(recognised.text.contains("\"version\": \"1.0\""));

        let envelope = r#"{"version":"1.0","messages":[]}"#;
        assert_eq!(recognise(envelope.to_owned()).text, envelope);
        assert_eq!(recognise("{ not json".to_owned()).text, "{ not json");
        assert_eq!(recognise("[1, 2]".to_owned()).imported, None);
    }
}
