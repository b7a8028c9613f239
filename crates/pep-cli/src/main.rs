//! `pep`: validate Prompt Envelope files, export them to provider request formats, import
//! provider requests, measure their context budget, compare two of them and redact their
//! secrets.
//!
//! Exit status: 0 when there are no errors, 1 when an envelope has errors, 2 on a usage or
//! input/output problem (`pep diff`: 0 the same, 1 different, 2 a usage or input problem;
//! `pep redact`: 0 printed, 1 not an envelope).

mod args;
mod completions;
mod diff;
mod escape;
mod export;
mod import;
mod input;
mod o200k;
mod redact;
mod render;
mod stats;
mod validate;

use std::io::Write;
use std::process::ExitCode;

use args::Command;

fn main() -> ExitCode {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    // Buffered: one write per issue line would make a long report slow.
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut err = std::io::BufWriter::new(stderr.lock());
    let status = match args::parse(std::env::args_os().skip(1)) {
        Ok(Command::Help(text)) => {
            let _ = out.write_all(text.as_bytes());
            Status::Ok
        }
        Ok(Command::Version(text)) => {
            let _ = out.write_all(text.as_bytes());
            Status::Ok
        }
        Ok(Command::Validate(files)) => validate::run(&files, &mut out, &mut err),
        Ok(Command::Export {
            format,
            options,
            file,
        }) => export::run(format, options, &file, &mut out, &mut err),
        Ok(Command::Import { from, pick, file }) => {
            import::run(from, pick, &file, &mut out, &mut err)
        }
        Ok(Command::Stats { output, file }) => stats::run(output, &file, &mut out, &mut err),
        Ok(Command::Diff { to, output, a, b }) => {
            diff::run(to, output, [&a, &b], &mut out, &mut err)
        }
        Ok(Command::Redact(file)) => redact::run(&file, &mut out, &mut err),
        Ok(Command::Render { options, file }) => render::run(&options, &file, &mut out, &mut err),
        Ok(Command::Completions(shell)) => completions::run(shell, &mut out),
        Err(usage) => {
            escape::line(&mut err, format_args!("pep: {usage}"));
            let _ = writeln!(err, "Try `pep --help`.");
            Status::Usage
        }
    };
    let _ = out.flush();
    let _ = err.flush();
    ExitCode::from(status as u8)
}

/// How a command ended, as the process exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// No errors (warnings allowed).
    Ok = 0,
    /// An envelope has errors (`pep diff`: the inputs differ).
    Invalid = 1,
    /// Bad arguments, or a file that could not be read.
    Usage = 2,
}

/// mimalloc: decoding makes and drops a small JSON tree per message, and the system
/// allocator's malloc and free were a third of `pep export`'s time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
