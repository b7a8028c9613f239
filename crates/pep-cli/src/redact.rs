//! `pep redact FILE`: the envelope with its secrets replaced, before it is shared (DECISIONS
//! §8, "Redaction before sharing").

use std::io::Write;

use pep_core::{Issue, Mode, Problem, StructureProblem, import::Source};

use crate::escape::line;
use crate::{Status, input};

/// Redacts `file`, printing the envelope on `out` and a `PATH: KIND` line per secret on `err`.
///
/// An envelope with validation errors is redacted too (the viewer shares it, with fallback
/// cards): only an input that is no envelope at all (not JSON, not an object, or an object
/// without `version`, such as a provider's request) is refused.
pub fn run(file: &str, out: &mut impl Write, err: &mut impl Write) -> Status {
    let text = match input::read(file) {
        Ok(text) => text,
        Err(message) => {
            line(err, format_args!("pep: {message}"));
            return Status::Usage;
        }
    };
    let loaded = pep_core::load(&text, Mode::Strict);
    // An object without `version` decodes (with errors), but it is no envelope (DECISIONS §7's
    // rule, the one `pep import` detects by): a provider's request is refused, not "redacted"
    // into an envelope with fallback cards.
    let unversioned = loaded.issues.iter().any(is_missing_version);
    let Some(envelope) = loaded.envelope.filter(|_| !unversioned) else {
        let shown = loaded
            .issues
            .iter()
            .filter(|issue| !unversioned || is_missing_version(issue));
        for issue in shown {
            line(err, issue);
        }
        if let Some(source) = unversioned.then(|| importable(&text)).flatten() {
            line(
                err,
                format_args!(
                    "pep: {file}: `pep import` reads this input as `{source}` and makes an envelope of it"
                ),
            );
        }
        line(
            err,
            format_args!("pep: {file}: not redacted, the input is not an envelope"),
        );
        return Status::Invalid;
    };
    drop(text);
    let (envelope, findings) = pep_core::redact::redact(envelope);
    for finding in &findings {
        line(err, finding);
    }
    let _ = err.flush();
    let _ = serde_json::to_writer_pretty(&mut *out, &envelope.to_value())
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush());
    Status::Ok
}

/// Whether `issue` says the document has no `version`.
fn is_missing_version(issue: &Issue) -> bool {
    issue.path == "version"
        && matches!(
            issue.problem,
            Problem::Structure(StructureProblem::MissingField { field: "version" })
        )
}

/// The format `pep import` would read `text` as, if it reads it (parsed again: only on this
/// refusal's path).
fn importable(text: &str) -> Option<Source> {
    let value = serde_json::from_str(text).ok()?;
    pep_core::import::detect(&value)
        .ok()
        .filter(|source| *source != Source::Envelope)
}
