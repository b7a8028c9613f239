//! `pep import --index K | --all FILE`: the requests of a file of many (DECISIONS §13), one
//! per line or one per GenAI span of a trace. `--index K` prints request K's envelope, `--all` a JSON array of every
//! envelope; skipped lines and each request's warnings go to standard error, paths naming the
//! line (`line 3.messages[0]`).

use std::io::Write;

use pep_core::import::import_all;

use super::{Pick, refuse};
use crate::Status;
use crate::escape::line;

/// Imports the chosen requests of `text`, read from `file`.
pub fn run(
    text: &str,
    pick: Pick,
    file: &str,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Status {
    let requests = match import_all(text) {
        Some(Ok(requests)) => requests,
        Some(Err(errors)) => return refuse(&errors, file, err),
        None => {
            line(
                err,
                format_args!(
                    "pep: {file}: --index and --all take a file of many requests (JSON Lines of requests, or an OTLP trace with several GenAI spans); this is not one"
                ),
            );
            return Status::Invalid;
        }
    };
    for warning in &requests.warnings {
        line(err, warning);
    }
    let count = requests.count;
    let chosen: Vec<&pep_core::import::Imported> = match pick {
        Pick::Index(k) if k > count => {
            line(
                err,
                format_args!(
                    "pep: {file}: --index {k} is out of range: the file holds {count} requests (1 to {count})"
                ),
            );
            return Status::Invalid;
        }
        Pick::Index(k) => match requests.get(k) {
            Some(imported) => vec![imported],
            None => {
                line(
                    err,
                    format_args!("pep: {file}: request {k} cannot be imported (see above)"),
                );
                return Status::Invalid;
            }
        },
        Pick::All | Pick::One => requests
            .imported
            .iter()
            .map(|request| &request.imported)
            .collect(),
    };
    for imported in &chosen {
        for warning in &imported.warnings {
            line(err, warning);
        }
    }
    let _ = err.flush();
    let mut buffered = std::io::BufWriter::new(&mut *out);
    let written = match pick {
        Pick::Index(_) => chosen
            .first()
            .map_or(Ok(()), |imported| imported.write_pretty_json(&mut buffered)),
        Pick::All | Pick::One => {
            let all: Vec<serde_json::Value> =
                chosen.iter().map(|imported| imported.to_value()).collect();
            serde_json::to_writer_pretty(&mut buffered, &all).map_err(std::io::Error::from)
        }
    };
    let _ = written
        .and_then(|()| writeln!(buffered))
        .and_then(|()| buffered.flush());
    Status::Ok
}
