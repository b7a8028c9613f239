//! Command-line arguments and help texts.

use pep_core::export::{Format, Options};

/// A parsed command line.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this help text and exit.
    Help(&'static str),
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
    /// `pep stats [--format table|json] FILE`
    Stats {
        /// How to print.
        output: Output,
        /// Input file, `-` for stdin.
        file: String,
    },
}

/// How `pep stats` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Aligned text tables.
    Table,
    /// One JSON object, for scripts.
    Json,
}

const HELP: &str = "\
pep — validate and export Prompt Envelope Protocol files

Usage:
  pep validate FILE...            check envelopes against the protocol
  pep export --to FORMAT FILE     print the request for openai, anthropic or mcp
  pep stats FILE                  count characters and tokens: the context budget
  pep --help | --version

FILE may be `-` to read standard input. Run `pep COMMAND --help` for details.

Exit status: 0 no errors, 1 an envelope has errors, 2 usage or input/output problem.
";

const VALIDATE_HELP: &str = "\
pep validate — check Prompt Envelope files

Usage:
  pep validate FILE...

Prints one line per problem on standard output:
  error PATH: message
  warning PATH: message
where PATH is a JSON path such as messages[2].segments[0].items[1].title ($ is the whole
document). Standard output holds nothing else. A summary per file goes to standard error, and
with several files a `==> FILE <==` header before each. `-` reads standard input.

Exit status: 0 when no file has errors (warnings are fine), 1 when any file has an error,
2 on a usage problem or a file that cannot be read.
";

const EXPORT_HELP: &str = "\
pep export — export a Prompt Envelope file to a provider request

Usage:
  pep export --to openai|anthropic|mcp [--max-tokens N] FILE

Prints the request body as JSON pretty-printed with two spaces on standard output, and export
warnings (`warning PATH: message`) on standard error. An envelope with errors is not exported:
its problems go to standard error and nothing to standard output. `-` reads standard input.

Formats:
  openai     OpenAI Chat Completions: { model, messages, tools }
  anthropic  Anthropic Messages: { model, max_tokens, system, messages, tools }
             (--max-tokens N sets max_tokens, an integer >= 1; default 4096)
  mcp        an MCP prompts/get result: { messages }

Exit status: 0 exported, 1 the envelope has errors, 2 usage or input problem.
";

const STATS_HELP: &str = "\
pep stats — the context budget of a Prompt Envelope file

Usage:
  pep stats [--format table|json] FILE

Prints, for every segment that reaches the model, its size in characters and in tokens, then
the totals per kind, per message and for the whole request in each format (openai,
anthropic, mcp), and the share of the model's context window when the model is known.

Tokens are exact o200k_base counts (GPT-4o, GPT-4.1, GPT-5, o-series; other models' tokenizers
differ). The column `≈` is the estimate the viewer shows, so its error is in plain sight.
A segment's text is what the export gives it (a system prompt with its variables expanded, a
tool call's name and compact arguments); an image sent as an image counts 0: providers bill
images by their pixels. A request counts every string value of its body except the model,
with tool schemas and Anthropic tool inputs as compact JSON (see docs/context-budget.md).

Formats:
  table  aligned columns (default)
  json   one object: model, tokenizer, context_window, segments, kinds, messages, requests;
         each row has chars, tokens and estimate

An envelope with errors is not measured: its problems go to standard error. Warnings about
what the export leaves out also go to standard error. `-` reads standard input.

Exit status: 0 measured, 1 the envelope has errors, 2 usage or input problem.
";

/// Parses the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let Some((command, rest)) = args.split_first() else {
        return Ok(Command::Help(HELP));
    };
    match command.as_str() {
        "-h" | "--help" | "help" => Ok(Command::Help(match rest.first().map(String::as_str) {
            Some("validate") => VALIDATE_HELP,
            Some("export") => EXPORT_HELP,
            Some("stats") => STATS_HELP,
            _ => HELP,
        })),
        "-V" | "--version" => Ok(Command::Version(format!(
            "pep {} (Prompt Envelope Protocol 1.0)\n",
            env!("CARGO_PKG_VERSION")
        ))),
        "validate" => parse_validate(rest),
        "export" => parse_export(rest),
        "stats" => parse_stats(rest),
        other if other.starts_with('-') => Err(format!("unknown option `{other}`")),
        other => Err(format!(
            "unknown command `{other}` (expected validate, export or stats)"
        )),
    }
}

fn wants_help(args: &[String]) -> bool {
    args.iter()
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "-h" || arg == "--help")
}

fn parse_validate(args: &[String]) -> Result<Command, String> {
    if wants_help(args) {
        return Ok(Command::Help(VALIDATE_HELP));
    }
    let mut files = Vec::new();
    let mut only_files = false;
    for arg in args {
        if only_files || arg == "-" || !arg.starts_with('-') {
            files.push(arg.clone());
        } else if arg == "--" {
            only_files = true;
        } else {
            return Err(format!("validate: unknown option `{arg}`"));
        }
    }
    if files.is_empty() {
        return Err("validate: no FILE given".into());
    }
    Ok(Command::Validate(files))
}

fn parse_export(args: &[String]) -> Result<Command, String> {
    if wants_help(args) {
        return Ok(Command::Help(EXPORT_HELP));
    }
    let mut format = None;
    let mut max_tokens = None;
    let mut file = None;
    let mut only_files = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if only_files || arg == "-" || !arg.starts_with('-') {
            if file.replace(arg.clone()).is_some() {
                return Err("export: takes exactly one FILE".into());
            }
        } else if arg == "--" {
            only_files = true;
        } else if let Some(value) = option_value("export", arg, "--to", &mut args)? {
            format = Some(Format::from_name(value).ok_or_else(|| {
                format!("export: unknown format `{value}` (supported: {FORMATS})")
            })?);
        } else if let Some(value) = option_value("export", arg, "--max-tokens", &mut args)? {
            max_tokens = Some(
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| {
                        format!("export: `--max-tokens` needs an integer >= 1, not `{value}`")
                    })?,
            );
        } else {
            return Err(format!("export: unknown option `{arg}`"));
        }
    }
    let format = format
        .ok_or_else(|| format!("export: `--to FORMAT` is required (supported: {FORMATS})"))?;
    let file = file.ok_or("export: no FILE given")?;
    let mut options = Options::default();
    if let Some(n) = max_tokens {
        if format != Format::Anthropic {
            return Err("export: `--max-tokens` applies only to `--to anthropic`".into());
        }
        options.max_tokens = n;
    }
    Ok(Command::Export {
        format,
        options,
        file,
    })
}

/// The export formats, as usage errors list them.
const FORMATS: &str = "openai, anthropic, mcp";

fn parse_stats(args: &[String]) -> Result<Command, String> {
    if wants_help(args) {
        return Ok(Command::Help(STATS_HELP));
    }
    let mut output = Output::Table;
    let mut file = None;
    let mut only_files = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if only_files || arg == "-" || !arg.starts_with('-') {
            if file.replace(arg.clone()).is_some() {
                return Err("stats: takes exactly one FILE".into());
            }
        } else if arg == "--" {
            only_files = true;
        } else if let Some(value) = option_value("stats", arg, "--format", &mut args)? {
            output = match value {
                "table" => Output::Table,
                "json" => Output::Json,
                _ => {
                    return Err(format!(
                        "stats: unknown format `{value}` (supported: table, json)"
                    ));
                }
            };
        } else {
            return Err(format!("stats: unknown option `{arg}`"));
        }
    }
    let file = file.ok_or("stats: no FILE given")?;
    Ok(Command::Stats { output, file })
}

/// The value of `--name VALUE` or `--name=VALUE` when `arg` is that option of `command`.
fn option_value<'a>(
    command: &str,
    arg: &'a str,
    name: &str,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<Option<&'a str>, String> {
    if arg == name {
        return rest
            .next()
            .map(|value| Some(value.as_str()))
            .ok_or_else(|| format!("{command}: `{name}` needs a value"));
    }
    Ok(arg
        .strip_prefix(name)
        .and_then(|tail| tail.strip_prefix('=')))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(args: &[&str]) -> Result<Command, String> {
        parse(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
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
            parse_str(&["export", "--help"]),
            Ok(Command::Help(EXPORT_HELP))
        );
        assert_eq!(
            parse_str(&["help", "validate"]),
            Ok(Command::Help(VALIDATE_HELP))
        );
        assert_eq!(parse_str(&[]), Ok(Command::Help(HELP)));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        let cases: [(&[&str], &str); 11] = [
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
                &["export", "--to", "gemini", "a"],
                "unknown format `gemini` (supported: openai, anthropic, mcp)",
            ),
            (&["export", "--to", "openai"], "no FILE"),
            (&["export", "--to", "openai", "a", "b"], "exactly one FILE"),
            (&["frobnicate"], "unknown command `frobnicate`"),
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
        assert_eq!(parse_str(&["help", "stats"]), Ok(Command::Help(STATS_HELP)));
        // Usage errors: tests/stats.rs.
    }
}
