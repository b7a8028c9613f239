//! Command-line arguments: `clap` parses ([`spec`]), usage errors keep `pep`'s wording
//! ([`usage`]), and [`parse`] hands `main` a [`Command`].

mod formats;
mod help;
mod spec;
mod usage;

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};
use pep_core::diff::CacheFormat;
use pep_core::export::{Format, Options};
use pep_core::import::Source;

use pep_view::static_render::{Options as RenderOptions, Panel};
use pep_view::text::Lang;
use pep_view::view_mode::ViewMode;
use spec::{COMMANDS, DiffArgs, ExportArgs, RenderArgs, Sub};
pub use spec::{Cli, DiffOutput, Shell};

/// A parsed command line.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this help text and exit.
    Help(String),
    /// Print this version text and exit.
    Version(String),
    /// `pep validate FILE…`
    Validate(Vec<String>),
    /// `pep export --to FORMAT [--max-tokens N] FILE`
    Export {
        /// Target format.
        format: Format,
        /// `--max-tokens` (Anthropic only).
        options: Options,
        /// Input file, `-` for stdin.
        file: String,
    },
    /// `pep import [--from auto|FORMAT] FILE` (the formats: the table of providers)
    Import {
        /// The request's format; `None` detects it (`--from auto`).
        from: Option<Source>,
        /// Of a file of many requests, which to import.
        pick: crate::import::Pick,
        /// Input file, `-` for stdin.
        file: String,
    },
    /// `pep stats [--format table|json] FILE`
    Stats {
        /// How to print.
        output: Output,
        /// Input file, `-` for stdin.
        file: String,
    },
    /// `pep diff [--to FORMAT] [--format text|json] A B`
    Diff {
        /// The one format whose cache prefix is reported; `None` for all.
        to: Option<CacheFormat>,
        /// How to print.
        output: DiffOutput,
        /// The first input, `-` for stdin.
        a: String,
        /// The second input, `-` for stdin.
        b: String,
    },
    /// `pep redact FILE`: the input file, `-` for stdin.
    Redact(String),
    /// `pep render [--panel P] [--step K] [--view V] [--lang L] [--title TEXT] FILE`
    Render {
        /// What to render.
        options: pep_view::static_render::Options,
        /// Input file, `-` for stdin.
        file: String,
    },
    /// `pep completions bash|zsh|fish`
    Completions(Shell),
}

/// How `pep stats` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Output {
    /// aligned text tables
    Table,
    /// one JSON object, for scripts
    Json,
}

/// Parses the arguments after the program name. `Err` is a usage problem, in one sentence.
pub fn parse<T: Into<OsString>>(args: impl IntoIterator<Item = T>) -> Result<Command, String> {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // The command the arguments are for, to scope messages (`export: …`): `pep` has no option
    // taking a value, so it is the first argument.
    let scope = args
        .first()
        .and_then(|first| first.to_str())
        .filter(|first| COMMANDS.contains(first));
    let argv = std::iter::once(OsString::from("pep")).chain(help_first(args.clone()));
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(error) => {
            return match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    Ok(Command::Help(help_text(&error)))
                }
                ErrorKind::DisplayVersion => Ok(Command::Version(error.render().to_string())),
                // `--help` anywhere before `--` wins over a mistake before it, as before `clap`.
                _ if wants_help(&args) => parse(scope.into_iter().chain(["--help"])),
                _ => Err(usage::message(&error, scope, &args)),
            };
        }
    };
    match cli.command {
        Sub::Validate(args) => Ok(Command::Validate(args.files)),
        Sub::Export(args) => export(args),
        Sub::Import(args) => Ok(Command::Import {
            from: args.from.0,
            pick: match (args.index, args.all) {
                (Some(k), _) => crate::import::Pick::Index(k),
                (None, true) => crate::import::Pick::All,
                (None, false) => crate::import::Pick::One,
            },
            file: args.file,
        }),
        Sub::Stats(args) => Ok(Command::Stats {
            output: args.format,
            file: args.file,
        }),
        Sub::Diff(args) => diff(args),
        Sub::Redact(args) => Ok(Command::Redact(args.file)),
        Sub::Render(args) => Ok(render(args)),
        Sub::Completions(args) => Ok(Command::Completions(args.shell)),
    }
}

fn wants_help(args: &[OsString]) -> bool {
    args.iter()
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "-h" || arg == "--help")
}

/// `pep --help export` means `pep help export`, as it did before `clap`.
fn help_first(mut args: Vec<OsString>) -> Vec<OsString> {
    let asks_help = args.first().is_some_and(|a| a == "--help" || a == "-h");
    let names_command = args
        .get(1)
        .and_then(|a| a.to_str())
        .is_some_and(|a| COMMANDS.contains(&a));
    if asks_help && names_command {
        args[0] = "help".into();
    }
    args
}

/// The help `clap` prints, without trailing spaces, ending in one newline.
fn help_text(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    rendered
        .trim_end()
        .lines()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect()
}

fn export(args: ExportArgs) -> Result<Command, String> {
    let mut options = Options::default();
    if let Some(n) = args.max_tokens {
        if args.to != Format::Anthropic {
            return Err("export: `--max-tokens` applies only to `--to anthropic`".into());
        }
        options.max_tokens = n;
    }
    Ok(Command::Export {
        format: args.to,
        options,
        file: args.file,
    })
}

fn render(args: RenderArgs) -> Command {
    let options = RenderOptions {
        panel: args.panel.unwrap_or(Panel::Export(Format::OpenAi)),
        step: args.step,
        view: args.view.map_or(ViewMode::Model, ViewMode::from),
        lang: args.lang.map_or(Lang::En, Lang::from),
        title: args.title,
        fragment: None,
    };
    let file = args.file;
    Command::Render { options, file }
}

fn diff(args: DiffArgs) -> Result<Command, String> {
    let to = args.to;
    if args.a == "-" && args.b == "-" {
        return Err("diff: only one of A and B can be `-` (standard input)".into());
    }
    Ok(Command::Diff {
        to,
        output: args.format,
        a: args.a,
        b: args.b,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(args: &[&str]) -> Result<Command, String> {
        parse(args.iter().copied())
    }

    /// The help text `args` ask for.
    fn help(args: &[&str]) -> String {
        match parse_str(args) {
            Ok(Command::Help(text)) => text,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn help_texts() {
        let main = help(&[]);
        assert_eq!(help(&["--help"]), main);
        assert_eq!(help(&["help"]), main);
        assert!(main.starts_with("pep — validate and export"), "{main}");
        assert!(
            main.contains("\nUsage:\n  pep validate FILE...  "),
            "{main}"
        );
        assert!(main.contains("pep completions bash|zsh|fish"), "{main}");
        assert!(
            main.ends_with("2 usage or input/output problem.\n"),
            "{main}"
        );
        // `pep export --help`, `pep export -h`, `pep help export` and `pep --help export` are
        // one text: title, usage, arguments, description, formats, exit status.
        let export = help(&["export", "--help"]);
        for args in [
            &["export", "-h"][..],
            &["help", "export"],
            &["--help", "export"],
            &["export", "--to", "x", "--help"],
        ] {
            assert_eq!(help(args), export, "{args:?}");
        }
        let order = [
            "pep export — export a Prompt Envelope file",
            "Usage:\n  pep export --to openai|responses|anthropic|mcp|otel|gemini [--max-tokens N] FILE\n",
            "  <FILE>  the envelope",
            "      --max-tokens <N>  Anthropic's max_tokens",
            "  -h, --help  ",
            "pretty-printed with two spaces",
            "Formats:\n  openai     OpenAI Chat Completions",
            "Exit status: 0 exported",
        ];
        let mut at = 0;
        for fragment in order {
            let found = export[at..].find(fragment);
            assert!(found.is_some(), "{fragment:?} after byte {at}: {export}");
            at += found.unwrap_or_default();
        }
        assert!(!export.lines().any(|l| l.ends_with(' ')), "{export}");
        assert!(help(&["validate", "-h"]).contains("  error PATH: message\n"));
        assert_eq!(
            parse_str(&["validate", "--", "--help"]),
            Ok(Command::Validate(vec!["--help".into()]))
        );
        assert!(help(&["completions", "--help"]).contains("pep completions zsh > "));
    }

    #[test]
    fn commands() {
        assert_eq!(
            parse_str(&["validate", "a.json", "-", "b.json"]),
            Ok(Command::Validate(vec![
                "a.json".into(),
                "-".into(),
                "b.json".into()
            ]))
        );
        assert_eq!(
            parse_str(&["export", "--to", "openai", "a.json"]),
            Ok(Command::Export {
                format: Format::OpenAi,
                options: Options::default(),
                file: "a.json".into()
            })
        );
        assert_eq!(
            parse_str(&["export", "a.json", "--to=mcp"]),
            Ok(Command::Export {
                format: Format::Mcp,
                options: Options::default(),
                file: "a.json".into()
            })
        );
        assert_eq!(
            parse_str(&["export", "--max-tokens=7", "--to", "anthropic", "a.json"]),
            Ok(Command::Export {
                format: Format::Anthropic,
                options: Options {
                    max_tokens: 7,
                    ..Options::default()
                },
                file: "a.json".into()
            })
        );
        assert_eq!(
            parse_str(&["validate", "--", "-odd.json"]),
            Ok(Command::Validate(vec!["-odd.json".into()]))
        );
        assert_eq!(
            parse_str(&["completions", "zsh"]),
            Ok(Command::Completions(Shell::Zsh))
        );
        assert_eq!(parse_str(&["redact", "-"]), Ok(Command::Redact("-".into())));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        let cases: [(&[&str], &str); 19] = [
            (
                &["export", "--to", "anthropic", "--max-tokens", "0", "a"],
                "integer >= 1",
            ),
            (
                &["export", "--to", "anthropic", "--max-tokens=1.5", "a"],
                "not `1.5`",
            ),
            (
                &["export", "--to", "anthropic", "a", "--max-tokens"],
                "needs a value",
            ),
            (
                &["export", "--to", "openai", "--max-tokens", "9", "a"],
                "only to `--to anthropic`",
            ),
            (&["validate"], "no FILE"),
            (&["validate", "--strict", "a"], "unknown option `--strict`"),
            (&["export", "a.json"], "`--to FORMAT` is required"),
            (
                &["export", "--to", "cohere", "a"],
                "unknown format `cohere` (supported: openai, responses, anthropic, mcp, otel, gemini)",
            ),
            (&["export", "--to", "openai"], "no FILE"),
            (&["export", "--to", "openai", "a", "b"], "exactly one FILE"),
            (&["frobnicate"], "unknown command `frobnicate`"),
            (
                &["exprot", "a"],
                "unknown command `exprot` (expected validate, export, import, stats, diff, \
                 redact, render or completions); did you mean `export`?",
            ),
            (&["--bogus"], "unknown option `--bogus`"),
            (&["export", "--to", "opnai", "a"], "did you mean `openai`?"),
            (&["export", "--to=", "a"], "export: `--to` needs a value"),
            (
                &["export", "--to", "openai", "a", "--", "-b"],
                "exactly one FILE",
            ),
            (
                &["stats", "--frmat", "json", "a"],
                "did you mean `--format`?",
            ),
            (&["completions"], "completions: no SHELL given"),
            (
                &["completions", "tcsh"],
                "completions: unknown shell `tcsh` (supported: bash, zsh, fish)",
            ),
        ];
        for (args, fragment) in cases {
            match parse_str(args) {
                Err(message) => assert!(message.contains(fragment), "{args:?}: {message}"),
                Ok(command) => panic!("{args:?} parsed as {command:?}"),
            }
        }
    }

    #[test]
    fn stats_arguments() {
        let cases: [(&[&str], Output, &str); 4] = [
            (&["stats", "a.json"], Output::Table, "a.json"),
            (&["stats", "--format", "json", "-"], Output::Json, "-"),
            (
                &["stats", "a.json", "--format=table"],
                Output::Table,
                "a.json",
            ),
            (&["stats", "--", "-a"], Output::Table, "-a"),
        ];
        for (args, output, file) in cases {
            let file = file.into();
            assert_eq!(parse_str(args), Ok(Command::Stats { output, file }));
        }
        assert!(help(&["help", "stats"]).starts_with("pep stats — the context budget"));
        // Usage errors: tests/stats.rs.
    }
}
