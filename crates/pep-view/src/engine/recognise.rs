//! What the viewer makes of a text that arrives whole (opened, dropped, pasted, or loaded by
//! an embedding host): an envelope stays as written; a request (DECISIONS §7, §10) or an
//! agent session log (§11) is imported and said so, with its import warnings; anything else stays as
//! written too, so the view can name what is wrong and the user's text is never lost.

use pep_core::import::{Source, import};
use pep_core::model::Entry;

use super::issues::issue_view;
use crate::model::ImportSummary;

/// The envelope text `text` shows as, and what was imported when it was a request.
pub fn recognise(text: String) -> (String, Option<ImportSummary>) {
    match import(&text, None) {
        Ok(imported) if imported.source != Source::Envelope => {
            let messages = imported
                .envelope
                .messages
                .iter()
                .filter(|m| matches!(m, Entry::Valid(_)))
                .count();
            let summary = ImportSummary {
                source: imported.source,
                messages,
                warnings: imported.warnings.iter().map(issue_view).collect(),
            };
            (imported.to_pretty_json(), Some(summary))
        }
        // An envelope, or something the view will explain: as written.
        _ => (text, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_imported_envelopes_and_the_rest_stay() {
        let openai =
            r#"{"model":"gpt-4o","temperature":0.2,"messages":[{"role":"user","content":"Hi"}]}"#;
        let (text, summary) = recognise(openai.to_owned());
        let Some(summary) = summary else {
            panic!("an OpenAI request is imported")
        };
        assert_eq!((summary.source, summary.messages), (Source::OpenAi, 1));
        assert!(summary.warnings.iter().any(|w| w.path == "temperature"));
        assert!(text.contains("\"version\": \"1.0\""));

        let envelope = r#"{"version":"1.0","messages":[]}"#;
        assert_eq!(recognise(envelope.to_owned()).0, envelope);
        assert_eq!(recognise("{ not json".to_owned()).0, "{ not json");
        assert_eq!(recognise("[1, 2]".to_owned()).1, None);
    }
}
