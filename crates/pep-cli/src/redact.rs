//! `pep redact FILE`: the envelope with its secrets replaced, before it is shared (DECISIONS
//! §8, "Redaction before sharing").

use std::io::Write;

use pep_core::Mode;

use crate::escape::line;
use crate::{Status, input};

/// Redacts `file`, printing the envelope on `out` and a `PATH: KIND` line per secret on `err`.
///
/// An envelope with validation errors is redacted too (the viewer shares it, with fallback
/// cards): only an input that is no envelope at all is refused.
pub fn run(file: &str, out: &mut impl Write, err: &mut impl Write) -> Status {
    let text = match input::read(file) {
        Ok(text) => text,
        Err(message) => {
            line(err, format_args!("pep: {message}"));
            return Status::Usage;
        }
    };
    let loaded = pep_core::load(&text, Mode::Strict);
    drop(text);
    let Some(envelope) = loaded.envelope else {
        for issue in &loaded.issues {
            line(err, issue);
        }
        line(
            err,
            format_args!("pep: {file}: not redacted, the input is not an envelope"),
        );
        return Status::Invalid;
    };
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
