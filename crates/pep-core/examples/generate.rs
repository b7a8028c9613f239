//! Writes a deterministic synthetic envelope to standard output, for benchmarks and the
//! browser performance harness. Every envelope holds all eleven segment kinds, answers every
//! tool call and validates with no errors.
//!
//! ```console
//! cargo run --release -p pep-core --example generate -- --preset 10k > big.json
//! cargo run --release -p pep-core --example generate -- --messages 5000 --tools 50 --seed 7
//! ```
//!
//! Flags: `--preset 1k|10k|10k-large|100k|long-text|tools|50mb|bench`, then any of
//! `--messages N`, `--target-bytes N` (keep adding messages until the envelope has N bytes),
//! `--long-text-bytes N` (one extra long_text of about N bytes), `--text-bytes N` (each
//! question and answer at least N bytes of text), `--tools N`, `--seed N`. `bench` is the
//! export benchmark's envelope (`benches/export.rs`): of the flags, only `--target-bytes`
//! changes it.

#[path = "../tests/common/synth.rs"]
mod synth;

use std::io::{BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: generate [--preset 1k|10k|10k-large|100k|long-text|tools|50mb|bench] \
[--messages N] [--target-bytes N] [--long-text-bytes N] [--text-bytes N] [--tools N] [--seed N]";

fn parse(args: &[String]) -> Result<synth::Config, String> {
    let mut config = synth::Config::default();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let value = args
            .next()
            .ok_or_else(|| format!("`{flag}` needs a value"))?;
        if flag == "--preset" {
            config =
                synth::Config::preset(value).ok_or_else(|| format!("unknown preset `{value}`"))?;
            continue;
        }
        let number: usize = value
            .parse()
            .map_err(|_| format!("`{flag}` needs a number, found `{value}`"))?;
        match flag.as_str() {
            "--messages" => config.messages = number,
            "--target-bytes" => config.target_bytes = number,
            "--long-text-bytes" => config.long_text_bytes = number,
            "--text-bytes" => config.text_bytes = number,
            "--tools" => config.tools = number,
            "--seed" => config.seed = number as u64,
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    Ok(config)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse(&args) {
        Ok(config) => config,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("generate: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match synth::write(&config, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("generate: {error}");
            ExitCode::from(1)
        }
    }
}
