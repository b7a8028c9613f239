//! `clap`'s usage errors in `pep`'s words: one sentence, scoped by the command
//! (``export: unknown format `cohere` (supported: openai, anthropic, mcp)``), which `main`
//! prints after `pep: `, with a pointer to `pep --help` on the next line.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use super::spec::COMMANDS;

/// The sentence for `error` in parsing `args`, prefixed with `scope: ` (the command the
/// arguments are for).
pub fn message(error: &clap::Error, scope: Option<&str>, args: &[OsString]) -> String {
    let text = sentence(error, scope, args);
    match scope {
        Some(command) => format!("{command}: {text}"),
        None => text,
    }
}

fn sentence(error: &clap::Error, scope: Option<&str>, args: &[OsString]) -> String {
    let arg = string(error, ContextKind::InvalidArg).unwrap_or_default();
    match error.kind() {
        ErrorKind::InvalidSubcommand => {
            let command = string(error, ContextKind::InvalidSubcommand).unwrap_or_default();
            let expected = or_list(&COMMANDS);
            let text = format!("unknown command `{command}` (expected {expected})");
            with_suggestion(text, error, ContextKind::SuggestedSubcommand)
        }
        ErrorKind::MissingSubcommand => {
            format!("no command given (expected {})", or_list(&COMMANDS))
        }
        ErrorKind::UnknownArgument if is_operand(&arg, args) => {
            match scope.and_then(only_operand) {
                Some(name) => format!("takes exactly one {name}"),
                None => format!("unexpected argument `{arg}`"),
            }
        }
        ErrorKind::UnknownArgument => {
            let text = format!("unknown option `{arg}`");
            with_suggestion(text, error, ContextKind::SuggestedArg)
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = strings(error, ContextKind::InvalidArg);
            missing_argument(missing.first().map_or("", String::as_str), scope)
        }
        ErrorKind::InvalidValue => invalid_value(error, &arg),
        ErrorKind::ValueValidation => match std::error::Error::source(error) {
            // The value parsers' own sentences (`--max-tokens` needs an integer >= 1, …).
            Some(source) => source.to_string(),
            None => fallback(error),
        },
        _ => fallback(error),
    }
}

/// Whether `arg` is an operand (`b` in `a b`, `-b` in `a -- -b`), not an option.
fn is_operand(arg: &str, args: &[OsString]) -> bool {
    let after_dashes = args
        .iter()
        .skip_while(|a| *a != "--")
        .skip(1)
        .any(|a| a == arg);
    after_dashes || arg == "-" || !arg.starts_with('-')
}

/// The value name of `command`'s one operand (`FILE` of `export`), if it takes one.
fn only_operand(command: &str) -> Option<String> {
    use clap::CommandFactory;
    let cli = super::spec::Cli::command();
    let mut operands = cli.find_subcommand(command)?.get_positionals();
    match (operands.next(), operands.next()) {
        (Some(operand), None) => {
            let names = operand.get_value_names()?;
            Some(names.first()?.to_string())
        }
        _ => None,
    }
}

/// `--to <FORMAT>` is required; `<FILE>...` was not given.
fn missing_argument(arg: &str, scope: Option<&str>) -> String {
    let (name, value) = arg.split_once(' ').unwrap_or((arg, ""));
    if name.starts_with('<') {
        return format!("no {} given", bare(name));
    }
    let supported = scope
        .and_then(|scope| supported_values(scope, name))
        .map(|values| format!(" (supported: {values})"))
        .unwrap_or_default();
    format!("`{name} {}` is required{supported}", bare(value))
}

/// `--to` with no value, or with a value not in the list.
fn invalid_value(error: &clap::Error, arg: &str) -> String {
    let value = string(error, ContextKind::InvalidValue).unwrap_or_default();
    let (name, value_name) = arg.split_once(' ').unwrap_or((arg, arg));
    if value.is_empty() {
        return format!("`{}` needs a value", bare(name));
    }
    let noun = bare(value_name).to_lowercase();
    let valid = strings(error, ContextKind::ValidValue).join(", ");
    let text = format!("unknown {noun} `{value}` (supported: {valid})");
    with_suggestion(text, error, ContextKind::SuggestedValue)
}

/// `<FILE>...` → `FILE`.
fn bare(name: &str) -> &str {
    name.trim_end_matches("...")
        .trim_start_matches('<')
        .trim_end_matches('>')
}

/// The possible values of option `long` (`--to`) of `command`, as a list.
fn supported_values(command: &str, long: &str) -> Option<String> {
    use clap::CommandFactory;
    let cli = super::spec::Cli::command();
    let arg = cli
        .find_subcommand(command)?
        .get_arguments()
        .find(|arg| arg.get_long().map(|l| format!("--{l}")).as_deref() == Some(long))?;
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|value| value.get_name().to_owned())
        .collect();
    (!values.is_empty()).then(|| values.join(", "))
}

/// `text`, then `; did you mean `x`?` when `clap` has a close match.
fn with_suggestion(text: String, error: &clap::Error, kind: ContextKind) -> String {
    match strings(error, kind).first() {
        Some(close) => format!("{text}; did you mean `{close}`?"),
        None => text,
    }
}

/// Anything else: the first line of `clap`'s own message.
fn fallback(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first).to_owned()
}

fn string(error: &clap::Error, kind: ContextKind) -> Option<String> {
    strings(error, kind).into_iter().next()
}

fn strings(error: &clap::Error, kind: ContextKind) -> Vec<String> {
    match error.get(kind) {
        Some(ContextValue::String(value)) => vec![value.clone()],
        Some(ContextValue::Strings(values)) => values.clone(),
        Some(ContextValue::StyledStr(value)) => vec![value.to_string()],
        Some(ContextValue::StyledStrs(values)) => values.iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    }
}

/// `a, b or c`.
fn or_list(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}
