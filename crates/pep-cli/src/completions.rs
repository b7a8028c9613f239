//! `pep completions bash|zsh|fish`: the shell's completion script, generated from the same
//! `clap` definition that parses the arguments.

use std::io::Write;

use clap::CommandFactory;

use crate::Status;
use crate::args::{Cli, Shell};

/// Writes the completion script for `shell` on `out`.
pub fn run(shell: Shell, out: &mut impl Write) -> Status {
    let generator = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut command = Cli::command();
    clap_complete::generate(generator, &mut command, "pep", out);
    Status::Ok
}
