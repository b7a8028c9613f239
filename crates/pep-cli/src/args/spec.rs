//! The command line as `clap` sees it: commands, arguments and help texts.
//!
//! The help keeps the hand-written layout: a title, a `Usage:` block written for people, the
//! arguments `clap` lists, then what the command prints and its exit status.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{ArgAction, Args, Parser, Subcommand, ValueEnum, ValueHint};
use pep_core::diff::CacheFormat;
use pep_core::export::Format;
use pep_core::import::Source;

use super::Output;

/// `pep --version`: `pep 0.1.0 (Prompt Envelope Protocol 1.0)`.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (Prompt Envelope Protocol 1.0)");

/// `pep` with no command, `pep --help`: no argument list, the usage block says it all.
const MAIN_TEMPLATE: &str = "{before-help}{usage-heading}\n  {usage}{after-help}";

/// `pep COMMAND --help`.
const TEMPLATE: &str = "{before-help}{usage-heading}\n  {usage}\n\n{all-args}{after-help}";

const MAIN_USAGE: &str = "\
pep validate FILE...            check envelopes against the protocol
  pep export --to FORMAT FILE     print the request for openai, anthropic or mcp
  pep import FILE                 turn an openai, anthropic or mcp request into an envelope
  pep stats FILE                  count characters and tokens: the context budget
  pep diff A B                    compare two envelopes or requests, and their prompt caches
  pep redact FILE                 replace the secrets in an envelope before sharing it
  pep completions bash|zsh|fish   print a shell completion script
  pep --help | --version";

const MAIN_AFTER: &str = "\
FILE may be `-` to read standard input, and `--` ends the options. Run `pep COMMAND --help`
for details.

Exit status: 0 no errors, 1 an envelope has errors or a request cannot be imported (for
`pep diff`: 0 the same, 1 different), 2 usage or input/output problem.";

const VALIDATE_AFTER: &str = "\
Prints one line per problem on standard output:
  error PATH: message
  warning PATH: message
where PATH is a JSON path such as messages[2].segments[0].items[1].title ($ is the whole
document). Standard output holds nothing else. A summary per file goes to standard error, and
with several files a `==> FILE <==` header before each. `-` reads standard input.

Exit status: 0 when no file has errors (warnings are fine), 1 when any file has an error,
2 on a usage problem or a file that cannot be read.";

const EXPORT_AFTER: &str = "\
Prints the request body as JSON pretty-printed with two spaces on standard output, and export
warnings (`warning PATH: message`) on standard error. An envelope with errors is not exported:
its problems go to standard error and nothing to standard output. `-` reads standard input.

Formats:
  openai     OpenAI Chat Completions: { model, messages, tools }
  anthropic  Anthropic Messages: { model, max_tokens, system, messages, tools }
             (--max-tokens N sets max_tokens, an integer >= 1; default 4096)
  mcp        an MCP prompts/get result: { messages }

Exit status: 0 exported, 1 the envelope has errors, 2 usage or input problem.";

const IMPORT_AFTER: &str = "\
Prints the envelope as JSON pretty-printed with two spaces on standard output, and import
warnings (`warning PATH: message`, PATH in the input: what the envelope cannot hold or holds
differently) on standard error. An input that cannot be imported is not: its errors
(`error PATH: message`) go to standard error and nothing to standard output. An input that is
already an envelope is printed back when it validates. `-` reads standard input.

Formats:
  auto       detect the format (default): `version` is an envelope; `messages` each with one
             `content` object is MCP; `system`, `input_schema` or Anthropic blocks is Anthropic;
             any other `messages` is OpenAI
  openai     an OpenAI Chat Completions request: { model, messages, tools }
  anthropic  an Anthropic Messages request: { model, system, messages, tools }
  mcp        an MCP prompts/get result: { messages }, bare or as a JSON-RPC response's result

Messages get the ids m-1, m-2, … and the timestamps 1, 2, …: the same input always gives the
same envelope.

Exit status: 0 imported, 1 the input cannot be imported, 2 usage or input problem.";

const STATS_AFTER: &str = "\
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

Exit status: 0 measured, 1 the envelope has errors, 2 usage or input problem.";

const DIFF_AFTER: &str = "\
Compares A with B, each an envelope or an openai, anthropic or mcp request (detected and
imported as `pep import` does). Messages are aligned by role and what the model receives of
them, segments by kind and content; ids, timestamps and `collapsed` make no difference. Each
message and segment is same, changed, added or removed, and a changed text shows its words
([-removed-]{+added+}).

For each provider's request the report gives the prompt-cache prefix: the requests compared
item by item in cache order (the model, each tool, Anthropic's system, each message), where
the first difference is, the segment it comes from and the ≈ tokens before it — an upper
bound, since providers cache in blocks and only from a minimum length.

Formats (--to, the cache report only; default: both):
  openai     OpenAI Chat Completions
  anthropic  Anthropic Messages
  responses  OpenAI Responses: not available yet (a usage error)

Output (--format):
  text  a readable report, identical runs folded (default)
  json  one object: same, messages, segments, cache, changes, tokens, model (docs/diff.md)

One of A and B may be `-` (standard input). An input with errors is not compared: its
problems go to standard error.

Exit status: 0 the same, 1 different, 2 usage or input problem.";

const REDACT_AFTER: &str = "\
Prints the envelope with each secret replaced by `[redacted: KIND]`, as JSON pretty-printed
with two spaces, on standard output, and one line per secret found on standard error:
  PATH: KIND
where PATH is the JSON path of the string (messages[2].segments[0].content) and KIND one of
openai-key, anthropic-key, aws-key, github-token, slack-token, google-key, bearer-token,
private-key, jwt, or named-secret (the value of a key or static_var named like password,
token, secret or api_key). Every string is scanned: contents, values, tool arguments and
results, URLs, names, unknown fields. Only the secret's own characters are replaced (the
token after `Bearer `, a private key from its BEGIN line to its END line); hashes, UUIDs,
base64 media, placeholders and words like \"token\" in prose are not secrets
(docs/redact.md). A long_text's charCount is recomputed. `-` reads standard input.

Exit status: 0 printed, whether anything was found or not; 1 the input is not an envelope
(its errors go to standard error); 2 usage or input problem.";

const COMPLETIONS_AFTER: &str = "\
Prints the completion script for SHELL on standard output. To install it:
  bash  pep completions bash > ~/.local/share/bash-completion/completions/pep
        (or, for this shell only: source <(pep completions bash))
  zsh   pep completions zsh > ~/.zfunc/_pep
        (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)
  fish  pep completions fish > ~/.config/fish/completions/pep.fish

Exit status: 0 printed, 2 usage problem.";

/// `pep`: validate and export Prompt Envelope files.
#[derive(Debug, Parser)]
#[command(
    name = "pep",
    bin_name = "pep",
    version = VERSION,
    about = "validate and export Prompt Envelope Protocol files",
    long_about = None,
    before_help = "pep — validate and export Prompt Envelope Protocol files",
    override_usage = MAIN_USAGE,
    after_help = MAIN_AFTER,
    help_template = MAIN_TEMPLATE,
    arg_required_else_help = true,
    // Every option may be given twice, the last one counts (as before clap).
    args_override_self = true,
    // In lower case, like the rest of the help: the flags are declared below.
    disable_help_flag = true,
    disable_version_flag = true,
)]
pub struct Cli {
    /// print this help
    #[arg(short, long, global = true, action = ArgAction::Help, display_order = 100)]
    help: Option<bool>,
    /// print the version
    #[arg(short = 'V', long, action = ArgAction::Version)]
    version: Option<bool>,
    /// What to do.
    #[command(subcommand)]
    pub command: Sub,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Sub {
    /// check envelopes against the protocol
    #[command(
        before_help = "pep validate — check Prompt Envelope files",
        override_usage = "pep validate FILE...",
        after_help = VALIDATE_AFTER,
        help_template = TEMPLATE,
    )]
    Validate(ValidateArgs),
    /// print the request for openai, anthropic or mcp
    #[command(
        before_help = "pep export — export a Prompt Envelope file to a provider request",
        override_usage = "pep export --to openai|anthropic|mcp [--max-tokens N] FILE",
        after_help = EXPORT_AFTER,
        help_template = TEMPLATE,
    )]
    Export(ExportArgs),
    /// turn an openai, anthropic or mcp request into an envelope
    #[command(
        before_help = "pep import — a provider request as a Prompt Envelope file",
        override_usage = "pep import [--from auto|openai|anthropic|mcp] FILE",
        after_help = IMPORT_AFTER,
        help_template = TEMPLATE,
    )]
    Import(ImportArgs),
    /// count characters and tokens: the context budget
    #[command(
        before_help = "pep stats — the context budget of a Prompt Envelope file",
        override_usage = "pep stats [--format table|json] FILE",
        after_help = STATS_AFTER,
        help_template = TEMPLATE,
    )]
    Stats(StatsArgs),
    /// compare two envelopes or requests, and their prompt caches
    #[command(
        before_help = "pep diff — compare two Prompt Envelope files or requests",
        override_usage = "pep diff [--to openai|responses|anthropic] [--format text|json] A B",
        after_help = DIFF_AFTER,
        help_template = TEMPLATE,
    )]
    Diff(DiffArgs),
    /// replace the secrets in an envelope before sharing it
    #[command(
        before_help = "pep redact — a Prompt Envelope file with its secrets replaced",
        override_usage = "pep redact FILE",
        after_help = REDACT_AFTER,
        help_template = TEMPLATE,
    )]
    Redact(RedactArgs),
    /// print a shell completion script
    #[command(
        before_help = "pep completions — tab completion for pep in bash, zsh or fish",
        override_usage = "pep completions bash|zsh|fish",
        after_help = COMPLETIONS_AFTER,
        help_template = TEMPLATE,
    )]
    Completions(CompletionsArgs),
}

/// The command names, as the first argument spells them.
pub const COMMANDS: [&str; 7] = [
    "validate",
    "export",
    "import",
    "stats",
    "diff",
    "redact",
    "completions",
];

/// `pep validate FILE…`
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// envelope files; `-` reads standard input
    #[arg(value_name = "FILE", required = true, value_hint = ValueHint::FilePath)]
    pub files: Vec<String>,
}

/// `pep export --to FORMAT [--max-tokens N] FILE`
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// the request format (see Formats)
    #[arg(long, value_name = "FORMAT", value_parser = format_parser(), hide_possible_values = true)]
    pub to: Format,
    /// Anthropic's max_tokens, an integer >= 1 (default 4096)
    #[arg(long, value_name = "N", value_parser = max_tokens)]
    pub max_tokens: Option<u64>,
    /// the envelope; `-` reads standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: String,
}

/// `pep import [--from auto|openai|anthropic|mcp] FILE`
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// the request's format (see Formats)
    #[arg(long, value_name = "FORMAT", value_parser = from_parser(), default_value = "auto")]
    #[arg(hide_possible_values = true, hide_default_value = true)]
    pub from: ImportFrom,
    /// the request; `-` reads standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: String,
}

/// `--from`: a format, or `None` for `auto` (detect it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportFrom(pub Option<Source>);

/// `pep stats [--format table|json] FILE`
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// how to print (see Formats)
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Output::Table)]
    #[arg(hide_possible_values = true, hide_default_value = true)]
    pub format: Output,
    /// the envelope; `-` reads standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: String,
}

/// `pep diff [--to FORMAT] [--format text|json] A B`
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// the only format whose cache prefix is reported (see Formats)
    #[arg(long, value_name = "FORMAT", value_parser = cache_parser(), hide_possible_values = true)]
    pub to: Option<DiffTo>,
    /// how to print (see Output)
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = DiffOutput::Text)]
    #[arg(hide_possible_values = true, hide_default_value = true)]
    pub format: DiffOutput,
    /// the first envelope or request; `-` reads standard input
    #[arg(value_name = "A", value_hint = ValueHint::FilePath)]
    pub a: String,
    /// the second envelope or request; `-` reads standard input
    #[arg(value_name = "B", value_hint = ValueHint::FilePath)]
    pub b: String,
}

/// `pep diff --to`: a format with a cache report, or OpenAI Responses, which has no export
/// yet (a usage error, so that scripts naming it fail loudly rather than get another report).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiffTo {
    /// A format the comparison reports on.
    Format(CacheFormat),
    /// OpenAI Responses.
    Responses,
}

/// How `pep diff` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffOutput {
    /// a readable report
    Text,
    /// one JSON object, for scripts
    Json,
}

/// `pep redact FILE`
#[derive(Debug, Args)]
pub struct RedactArgs {
    /// the envelope; `-` reads standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: String,
}

/// `pep completions SHELL`
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// the shell to complete in
    #[arg(value_name = "SHELL", value_enum, hide_possible_values = true)]
    pub shell: Shell,
}

/// The shells `pep completions` writes for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash
    Bash,
    /// Zsh
    Zsh,
    /// fish
    Fish,
}

/// `--to`: the names [`Format`] knows, so completions offer them and a typo lists them.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::as_str))
        .try_map(|name| Format::from_name(&name).ok_or("not an export format"))
}

/// `--to` of `pep diff`: `openai`, `responses`, `anthropic` (the names DECISIONS §13 lists).
fn cache_parser() -> impl TypedValueParser<Value = DiffTo> {
    PossibleValuesParser::new(["openai", "responses", "anthropic"]).try_map(|name| {
        match CacheFormat::from_name(&name) {
            Some(format) => Ok(DiffTo::Format(format)),
            None if name == "responses" => Ok(DiffTo::Responses),
            None => Err("not a cache format"),
        }
    })
}

/// `--from`: `auto` and the formats [`Source::from_flag`] takes.
fn from_parser() -> impl TypedValueParser<Value = ImportFrom> {
    let names = Source::ALL
        .map(Source::as_str)
        .into_iter()
        .filter(|name| Source::from_flag(name).is_some());
    PossibleValuesParser::new(std::iter::once("auto").chain(names)).try_map(|name| {
        Source::from_flag(&name)
            .map(ImportFrom)
            .ok_or("not an import format")
    })
}

/// `--max-tokens`: an integer >= 1.
fn max_tokens(value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| format!("`--max-tokens` needs an integer >= 1, not `{value}`"))
}
