//! `pep export --to FORMAT FILE`

use std::io::Write;

use pep_core::export::{Format, Options};

use crate::escape::line;
use crate::{Status, input};

/// Exports `file`, printing the request on `out` and warnings or errors on `err`.
pub fn run(
    format: Format,
    options: Options,
    file: &str,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Status {
    let text = match input::read(file) {
        Ok(text) => text,
        Err(message) => {
            line(err, format_args!("pep: {message}"));
            return Status::Usage;
        }
    };
    // The request goes out as it is made (a large one never exists whole in memory); the
    // warnings, found while it is made, follow on stderr.
    match pep_core::export_to(&text, format, options, out) {
        Ok(export) => {
            let _ = out.write_all(b"\n").and_then(|()| out.flush());
            for warning in &export.warnings {
                line(err, warning);
            }
            let _ = err.flush();
            Status::Ok
        }
        Err(issues) => {
            for issue in &issues {
                line(err, issue);
            }
            let errors = issues.iter().filter(|issue| issue.is_error()).count();
            line(
                err,
                format_args!("pep: {file}: not exported, the envelope has {errors} error(s)"),
            );
            Status::Invalid
        }
    }
}
