//! Share's scan for secrets (DECISIONS §8, "Redaction before sharing"), in the worker: the
//! page gets the findings and, when there are any, the redacted copy for the link. The
//! user's own text is never changed.

use pep_core::Mode;

use crate::model::{Response, SecretFound};

/// The secrets of `source` for the page's scan `doc`; a text that is no envelope has none to
/// report (Share links it as it is, as before).
pub(super) fn scan(doc: u32, source: &str) -> Response {
    let Some(envelope) = pep_core::load(source, Mode::Strict).envelope else {
        return Response::Redacted {
            doc,
            found: Vec::new(),
            redacted: None,
        };
    };
    let (envelope, findings) = pep_core::redact::redact(envelope);
    let redacted = (!findings.is_empty()).then(|| format!("{:#}", envelope.to_value()));
    let found = findings
        .into_iter()
        .map(|finding| SecretFound {
            path: finding.path,
            kind: finding.kind,
        })
        .collect();
    Response::Redacted {
        doc,
        found,
        redacted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pep_core::redact::SecretKind;

    #[test]
    fn a_key_is_found_and_only_the_copy_is_redacted() {
        let source = r#"{"version":"1.0","messages":[{"id":"m","role":"user","timestamp":1,
            "segments":[{"kind":"text","content":"my key is sk-proj-4fT9xQ2mZ7LpR8vW3nK6"}]}]}"#;
        let Response::Redacted {
            found, redacted, ..
        } = scan(3, source)
        else {
            panic!("not a scan")
        };
        assert_eq!(
            found,
            [SecretFound {
                path: "messages[0].segments[0].content".into(),
                kind: SecretKind::OpenAiKey
            }]
        );
        let redacted = redacted.unwrap_or_default();
        assert!(
            redacted.contains("my key is [redacted: openai-key]"),
            "{redacted}"
        );
        assert!(!redacted.contains("sk-proj"), "{redacted}");
    }

    #[test]
    fn nothing_found_or_no_envelope_gives_no_copy() {
        for source in [
            r#"{"version":"1.0","messages":[]}"#,
            "not json",
            r#"{"model":"m","messages":[]}"#,
        ] {
            let Response::Redacted {
                found, redacted, ..
            } = scan(1, source)
            else {
                panic!("not a scan")
            };
            assert!(found.is_empty() && redacted.is_none(), "{source}");
        }
    }
}
