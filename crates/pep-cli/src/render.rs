//! `pep render FILE`: the envelope as one self-contained HTML page (DECISIONS §15), made by
//! the viewer's own model and markup (`pep_view::static_render`).

use std::io::Write;

use pep_view::static_render::{Failure, Options, render};

use crate::escape::line;
use crate::{Status, input};

/// Prints the page on `out`; warnings, or the problems that stopped it, on `err`.
pub fn run(options: &Options, file: &str, out: &mut impl Write, err: &mut impl Write) -> Status {
    let text = match input::read(file) {
        Ok(text) => text,
        Err(message) => {
            line(err, format_args!("pep: {message}"));
            return Status::Usage;
        }
    };
    match render(&text, options) {
        Ok(rendered) => {
            for warning in &rendered.warnings {
                line(err, warning);
            }
            match out
                .write_all(rendered.page().as_bytes())
                .and_then(|()| out.flush())
            {
                Ok(()) => Status::Ok,
                Err(error) => {
                    line(err, format_args!("pep: cannot write the page: {error}"));
                    Status::Usage
                }
            }
        }
        Err(Failure::Invalid(issues)) => {
            for issue in &issues {
                line(err, issue);
            }
            let errors = issues.iter().filter(|issue| issue.is_error()).count();
            line(
                err,
                format_args!("pep: {file}: not rendered, the envelope has {errors} error(s)"),
            );
            Status::Invalid
        }
        Err(Failure::Step { asked, count }) => {
            line(
                err,
                format_args!(
                    "pep: render: `--step {asked}` is outside 1..{count} (the envelope has {count} message(s))"
                ),
            );
            Status::Usage
        }
    }
}
