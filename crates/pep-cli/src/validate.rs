//! `pep validate FILE…`

use std::io::Write;

use crate::escape::line;
use crate::{Status, input};

/// Validates each file, printing issue lines on `out` and a summary per file on `err`.
pub fn run(files: &[String], out: &mut impl Write, err: &mut impl Write) -> Status {
    let mut status = Status::Ok;
    for name in files {
        if files.len() > 1 {
            // On stderr, so standard output holds nothing but issue lines.
            say(out, err, format_args!("==> {name} <=="));
        }
        let text = match input::read(name) {
            Ok(text) => text,
            Err(message) => {
                say(out, err, format_args!("pep: {message}"));
                status = status.max(Status::Usage);
                continue;
            }
        };
        let issues = pep_core::validate(&text);
        for issue in &issues {
            line(out, issue);
        }
        let errors = issues.iter().filter(|issue| issue.is_error()).count();
        let warnings = issues.len() - errors;
        let verdict = if errors == 0 { "valid" } else { "invalid" };
        say(
            out,
            err,
            format_args!(
                "{name}: {verdict} ({errors} {}, {warnings} {})",
                plural(errors, "error"),
                plural(warnings, "warning")
            ),
        );
        if errors > 0 {
            status = status.max(Status::Invalid);
        }
    }
    status
}

/// A line on `err`, after everything written on `out` so far: both are buffered (a file with
/// a million issues is a million lines), and a terminal shows them in the order written.
fn say(out: &mut impl Write, err: &mut impl Write, text: std::fmt::Arguments<'_>) {
    let _ = out.flush();
    line(err, text);
    let _ = err.flush();
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}
