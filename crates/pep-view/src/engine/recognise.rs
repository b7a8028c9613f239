//! What the viewer makes of a text that arrives whole (opened, dropped, pasted, or loaded by
//! an embedding host): an envelope stays as written; a request (DECISIONS §7, §10) or an
//! agent session log (§11) is imported and said so, with its import warnings; anything else stays as
//! written too, so the view can name what is wrong and the user's text is never lost.

use pep_core::import::{Source, import};
use pep_core::{ImportProblem, Problem, model::Entry};

use super::issues::issue_view;
use crate::model::ImportSummary;

/// The envelope text `text` shows as, and what was imported when it was a request; or, for
/// a file of many requests, the issue that says how many it holds.
pub fn recognise(text: String) -> Result<(String, Option<ImportSummary>), pep_core::Issue> {
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
            Ok((imported.to_pretty_json(), Some(summary)))
        }
        Err(mut errors) => {
            match errors.iter().position(|e| {
                matches!(
                    e.problem,
                    Problem::Import(ImportProblem::ManyRequests { .. })
                )
            }) {
                Some(k) => Err(errors.swap_remove(k)),
                // Something the view will explain: as written.
                None => Ok((text, None)),
            }
        }
        // An envelope: as written.
        Ok(_) => Ok((text, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_imported_envelopes_and_the_rest_stay() {
        let openai =
            r#"{"model":"gpt-4o","temperature":0.2,"messages":[{"role":"user","content":"Hi"}]}"#;
        let Ok((text, Some(summary))) = recognise(openai.to_owned()) else {
            panic!("an OpenAI request is imported")
        };
        assert_eq!((summary.source, summary.messages), (Source::OpenAi, 1));
        assert!(summary.warnings.iter().any(|w| w.path == "temperature"));
        assert!(text.contains("\"version\": \"1.0\""));

        let envelope = r#"{"version":"1.0","messages":[]}"#;
        assert_eq!(
            recognise(envelope.to_owned()),
            Ok((envelope.to_owned(), None))
        );
        assert_eq!(
            recognise("{ not json".to_owned()),
            Ok(("{ not json".to_owned(), None))
        );
        assert_eq!(
            recognise("[1, 2]".to_owned()),
            Ok(("[1, 2]".to_owned(), None))
        );
        let many = "{\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}\n".repeat(3);
        let many = recognise(many).map_err(|issue| issue.problem);
        assert_eq!(
            many,
            Err(Problem::Import(ImportProblem::ManyRequests {
                count: 3,
                spans: false
            }))
        );
    }
}
