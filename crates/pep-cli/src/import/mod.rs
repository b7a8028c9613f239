//! `pep import [--from auto|FORMAT] FILE`: a provider request or an agent session log as an
//! envelope (the formats: pep-core's table of providers).

mod many;

use std::io::Write;

use pep_core::import::{Opened, Source, open};

use crate::escape::line;
use crate::{Status, input};

/// Which request of a file of many (DECISIONS §13) `pep import` imports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The file is one request (a many-request file is an error naming the flags).
    One,
    /// `--index K`: request K, 1-based.
    Index(usize),
    /// `--all`: every request, as a JSON array of envelopes.
    All,
}

/// Imports `file` (`from: None` detects its format), printing the envelope on `out` and
/// warnings or errors on `err`.
pub fn run(
    from: Option<Source>,
    pick: Pick,
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
    if pick != Pick::One {
        return many::run(&text, pick, file, out, err);
    }
    // An envelope is printed back only when it validates, with its own warnings.
    let imported = match open(&text, from).and_then(Opened::one) {
        Ok(imported) => imported,
        Err(errors) => return refuse(&errors, file, err),
    };
    for warning in &imported.warnings {
        line(err, warning);
    }
    let _ = err.flush();
    let mut buffered = std::io::BufWriter::new(&mut *out);
    let _ = imported
        .write_pretty_json(&mut buffered)
        .and_then(|()| writeln!(buffered));
    let _ = buffered.flush();
    Status::Ok
}

/// Prints the problems of an input that is not imported.
pub(crate) fn refuse(issues: &[pep_core::Issue], file: &str, err: &mut impl Write) -> Status {
    for issue in issues {
        line(err, issue);
    }
    let errors = issues.iter().filter(|issue| issue.is_error()).count();
    line(
        err,
        format_args!("pep: {file}: not imported, the input has {errors} error(s)"),
    );
    Status::Invalid
}
