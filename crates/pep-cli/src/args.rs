//! Command-line arguments and help texts.

/// A parsed command line.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this help text and exit.
    Help(&'static str),
    /// Print this version text and exit.
    Version(String),
    /// `pep validate FILE…`
    Validate(Vec<String>),
    /// `pep export --to FORMAT FILE`
    Export {
        /// Target format.
        format: Format,
        /// Input file, `-` for stdin.
        file: String,
    },
}

/// An export target format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// OpenAI Chat Completions request body.
    OpenAi,
}

const HELP: &str = "\
pep — validate and export Prompt Envelope Protocol files

Usage:
  pep validate FILE...            check envelopes against the protocol
  pep export --to openai FILE     print the OpenAI Chat Completions request
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
  pep export --to openai FILE

Prints the request body as JSON pretty-printed with two spaces on standard output, and export
warnings (`warning PATH: message`) on standard error. An envelope with errors is not exported:
its problems go to standard error and nothing to standard output. `-` reads standard input.

Formats:
  openai    OpenAI Chat Completions: { model, messages, tools }

Exit status: 0 exported, 1 the envelope has errors, 2 usage or input problem.
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
            _ => HELP,
        })),
        "-V" | "--version" => Ok(Command::Version(format!(
            "pep {} (Prompt Envelope Protocol 1.0)\n",
            env!("CARGO_PKG_VERSION")
        ))),
        "validate" => parse_validate(rest),
        "export" => parse_export(rest),
        other if other.starts_with('-') => Err(format!("unknown option `{other}`")),
        other => Err(format!(
            "unknown command `{other}` (expected validate or export)"
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
    let mut file = None;
    let mut only_files = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = if only_files || arg == "-" || !arg.starts_with('-') {
            if file.replace(arg.clone()).is_some() {
                return Err("export: takes exactly one FILE".into());
            }
            continue;
        } else if arg == "--" {
            only_files = true;
            continue;
        } else if arg == "--to" {
            args.next()
                .ok_or("export: `--to` needs a format (openai)")?
                .as_str()
        } else if let Some(value) = arg.strip_prefix("--to=") {
            value
        } else {
            return Err(format!("export: unknown option `{arg}`"));
        };
        format = Some(match value {
            "openai" => Format::OpenAi,
            other => {
                return Err(format!(
                    "export: unknown format `{other}` (supported: openai)"
                ));
            }
        });
    }
    let format = format.ok_or("export: `--to FORMAT` is required (supported: openai)")?;
    let file = file.ok_or("export: no FILE given")?;
    Ok(Command::Export { format, file })
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
                file: "a.json".into()
            })
        );
        assert_eq!(
            parse_str(&["export", "a.json", "--to=openai"]),
            Ok(Command::Export {
                format: Format::OpenAi,
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
        let cases: [(&[&str], &str); 7] = [
            (&["validate"], "no FILE"),
            (&["validate", "--strict", "a"], "unknown option `--strict`"),
            (&["export", "a.json"], "`--to FORMAT` is required"),
            (
                &["export", "--to", "anthropic", "a"],
                "unknown format `anthropic`",
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
}
