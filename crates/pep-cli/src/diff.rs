//! `pep diff [--to FORMAT] [--format text|json] A B`: two envelopes or requests compared
//! (DECISIONS §13).

use std::io::Write;

use pep_core::diff::{CacheFormat, Options, Side, diff_texts};

use crate::args::DiffOutput;
use crate::escape::line;
use crate::{Status, input};

/// Compares `a` with `b`, printing the report on `out` (problems on `err`): 0 when they are
/// the same, 1 when they differ, 2 when an input cannot be read or compared.
pub fn run(
    to: Option<CacheFormat>,
    output: DiffOutput,
    files: [&str; 2],
    out: &mut impl Write,
    err: &mut impl Write,
) -> Status {
    let mut texts = Vec::with_capacity(2);
    for file in files {
        match input::read(file) {
            Ok(text) => texts.push(text),
            Err(message) => {
                line(err, format_args!("pep: {message}"));
                return Status::Usage;
            }
        }
    }
    let options = Options {
        cache: to.map_or_else(|| CacheFormat::ALL.to_vec(), |format| vec![format]),
        ..Options::default()
    };
    let (a, b) = (texts.first(), texts.get(1));
    let compared = diff_texts(
        a.map_or("", String::as_str),
        b.map_or("", String::as_str),
        &options,
    );
    let diff = match compared {
        Ok(diff) => diff,
        Err(error) => {
            for issue in &error.issues {
                line(err, issue);
            }
            let file = match error.side {
                Side::A => files[0],
                Side::B => files[1],
            };
            let errors = error.issues.iter().filter(|i| i.is_error()).count();
            line(
                err,
                format_args!(
                    "pep: {} ({file}): not compared, the input has {errors} error(s)",
                    error.side.as_str()
                ),
            );
            return Status::Usage;
        }
    };
    match output {
        DiffOutput::Text => {
            for text in diff.to_text().lines() {
                line(out, text);
            }
        }
        // JSON escapes every control character itself.
        DiffOutput::Json => {
            let _ = writeln!(out, "{:#}", diff.to_json());
        }
    }
    if diff.same {
        Status::Ok
    } else {
        Status::Invalid
    }
}
