//! What the viewer makes of a text that arrives whole (opened, dropped, pasted, or loaded by
//! an embedding host), from the core's one entry ([`pep_core::import::open`]): an envelope
//! stays as written; a request (DECISIONS §7, §10) or an agent session log (§11) is imported
//! and said so, with its import warnings; a file of many requests (§13) is read once, its
//! requests kept for the list; anything else stays as written too, so the view can name what
//! is wrong and the user's text is never lost.

use pep_core::import::{Imported, Opened, Requests, open};
use pep_core::model::Entry;

use super::issues::issue_view;
use crate::model::ImportSummary;

/// What a text is shown as.
#[derive(Debug, PartialEq)]
pub enum Recognised {
    /// The text itself: an envelope, or what the view will explain.
    AsWritten(String),
    /// The envelope text a request or a log became, and what its import said.
    Imported(String, ImportSummary),
    /// A file of many requests (its text), every one imported: the request list shows them.
    Many(String, Requests),
}

/// What `text` is shown as.
pub fn recognise(text: String) -> Recognised {
    match open(&text, None) {
        Ok(Opened::Imported(imported)) => {
            let summary = summary(&imported);
            Recognised::Imported(imported.to_pretty_json(), summary)
        }
        Ok(Opened::Many(requests)) => Recognised::Many(text, requests),
        // An envelope, or something the view will explain: as written.
        Ok(Opened::Envelope(_)) | Err(_) => Recognised::AsWritten(text),
    }
}

/// What the import of a request said, for the notice above its view.
pub(super) fn summary(imported: &Imported) -> ImportSummary {
    let messages = imported.envelope.messages.iter();
    ImportSummary {
        source: imported.source,
        messages: messages.filter(|m| matches!(m, Entry::Valid(_))).count(),
        warnings: imported.warnings.iter().map(issue_view).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pep_core::import::Source;

    #[test]
    fn requests_are_imported_envelopes_and_the_rest_stay() {
        let openai =
            r#"{"model":"gpt-4o","temperature":0.2,"messages":[{"role":"user","content":"Hi"}]}"#;
        let Recognised::Imported(text, summary) = recognise(openai.to_owned()) else {
            panic!("an OpenAI request is imported")
        };
        assert_eq!((summary.source, summary.messages), (Source::OpenAi, 1));
        assert!(summary.warnings.iter().any(|w| w.path == "temperature"));
        assert!(text.contains("\"version\": \"1.0\""));

        let envelope = r#"{"version":"1.0","messages":[]}"#;
        assert_eq!(
            recognise(envelope.to_owned()),
            Recognised::AsWritten(envelope.to_owned())
        );
        assert_eq!(
            recognise("{ not json".to_owned()),
            Recognised::AsWritten("{ not json".to_owned())
        );
        assert_eq!(
            recognise("[1, 2]".to_owned()),
            Recognised::AsWritten("[1, 2]".to_owned())
        );
        let many = "{\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}\n".repeat(3);
        let Recognised::Many(_, requests) = recognise(many) else {
            panic!("three request lines are a file of many")
        };
        assert_eq!((requests.count, requests.imported.len()), (3, 3));
        assert_eq!(
            requests.how_many().problem,
            pep_core::Problem::Import(pep_core::ImportProblem::ManyRequests {
                count: 3,
                spans: false
            })
        );
    }
}
