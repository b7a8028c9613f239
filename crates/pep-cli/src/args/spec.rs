//! The command line as `clap` sees it: commands, arguments and help texts.
//!
//! The help keeps the hand-written layout: a title, a `Usage:` block written for people, the
//! arguments `clap` lists, then what the command prints and its exit status.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{ArgAction, Args, Parser, Subcommand, ValueEnum, ValueHint};
use pep_core::diff::CacheFormat;
use pep_core::export::Format;
use pep_core::import::Source;
use pep_view::static_render::Panel;
use pep_view::text::Lang;
use pep_view::view_mode::ViewMode;

use super::Output;
use super::formats;
use super::help::{
    COMPLETIONS_AFTER, MAIN_AFTER, REDACT_AFTER, VALIDATE_AFTER, diff_after, export_about,
    export_after, import_after, main_usage, render_after, stats_after,
};

/// `pep --version`: `pep 0.1.0 (Prompt Envelope Protocol 1.0)`.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (Prompt Envelope Protocol 1.0)");

/// `pep` with no command, `pep --help`: no argument list, the usage block says it all.
const MAIN_TEMPLATE: &str = "{before-help}{usage-heading}\n  {usage}{after-help}";

/// `pep COMMAND --help`.
const TEMPLATE: &str = "{before-help}{usage-heading}\n  {usage}\n\n{all-args}{after-help}";

/// `pep`: validate and export Prompt Envelope files.
#[derive(Debug, Parser)]
#[command(
    name = "pep",
    bin_name = "pep",
    version = VERSION,
    about = "validate and export Prompt Envelope Protocol files",
    long_about = None,
    before_help = "pep — validate and export Prompt Envelope Protocol files",
    override_usage = main_usage(),
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
    /// print a provider's request (`about` says which: the table of providers)
    #[command(
        about = export_about(),
        before_help = "pep export — export a Prompt Envelope file to a provider request",
        override_usage = format!("pep export --to {} [--max-tokens N] FILE", formats::export_bars()),
        after_help = export_after(),
        help_template = TEMPLATE,
    )]
    Export(ExportArgs),
    /// turn a request or an agent session log into an envelope
    #[command(
        before_help = "pep import — a provider request or an agent session log as a Prompt Envelope file",
        override_usage = format!("pep import [--from {}] [--index K | --all] FILE", formats::import_bars()),
        after_help = import_after(),
        help_template = TEMPLATE,
    )]
    Import(ImportArgs),
    /// count characters and tokens: the context budget
    #[command(
        before_help = "pep stats — the context budget of a Prompt Envelope file",
        override_usage = "pep stats [--format table|json] FILE",
        after_help = stats_after(),
        help_template = TEMPLATE,
    )]
    Stats(StatsArgs),
    /// compare two envelopes or requests, and their prompt caches
    #[command(
        before_help = "pep diff — compare two Prompt Envelope files or requests",
        override_usage = format!("pep diff [--to {}] [--format text|json] A B", formats::cache_bars()),
        after_help = diff_after(),
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
    /// print the envelope as one static HTML page, with no script
    #[command(
        before_help = "pep render — a Prompt Envelope file as one self-contained HTML page",
        override_usage = format!(
            "pep render [--panel {}|raw|none] [--step K] [--view model|user] [--lang en|zh] [--title TEXT] FILE",
            formats::export_bars()
        ),
        after_help = render_after(),
        help_template = TEMPLATE,
    )]
    Render(RenderArgs),
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
pub const COMMANDS: [&str; 8] = [
    "validate",
    "export",
    "import",
    "stats",
    "diff",
    "redact",
    "render",
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

/// `pep import [--from auto|FORMAT] FILE` (the formats: the table of providers)
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// the request's format (see Formats)
    #[arg(long, value_name = "FORMAT", value_parser = from_parser(), default_value = "auto")]
    #[arg(hide_possible_values = true, hide_default_value = true)]
    pub from: ImportFrom,
    /// of a file of many requests, import request K (1-based)
    #[arg(long, value_name = "K", value_parser = index, conflicts_with = "all")]
    pub index: Option<usize>,
    /// of a file of many requests, import all of them (a JSON array)
    #[arg(long)]
    pub all: bool,
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
    pub to: Option<CacheFormat>,
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

/// `pep render [--panel P] [--step K] [--view V] [--lang L] [--title TEXT] FILE`
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// the panel beside the chat: an export format, raw or none (default openai)
    #[arg(long, value_name = "PANEL", value_parser = panel_parser(), hide_possible_values = true)]
    pub panel: Option<Panel>,
    /// only the first K messages, and the panel of that cut (1 <= K <= the message count)
    #[arg(long, value_name = "K", value_parser = step)]
    pub step: Option<usize>,
    /// model (everything, the default) or user (what the chat user saw)
    #[arg(long, value_name = "VIEW", value_enum, hide_possible_values = true)]
    pub view: Option<RenderView>,
    /// the page's language: en (default) or zh
    #[arg(long, value_name = "LANG", value_enum, hide_possible_values = true)]
    pub lang: Option<RenderLang>,
    /// the page's title (default: the envelope's model)
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// the envelope; `-` reads standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: String,
}

/// `pep render --view`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RenderView {
    /// everything the model receives
    Model,
    /// what the chat user saw
    User,
}

/// `pep render --lang`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RenderLang {
    /// English
    En,
    /// Chinese
    Zh,
}

impl From<RenderView> for ViewMode {
    fn from(view: RenderView) -> ViewMode {
        match view {
            RenderView::Model => ViewMode::Model,
            RenderView::User => ViewMode::User,
        }
    }
}

impl From<RenderLang> for Lang {
    fn from(lang: RenderLang) -> Lang {
        match lang {
            RenderLang::En => Lang::En,
            RenderLang::Zh => Lang::Zh,
        }
    }
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

/// `--panel`: the export formats, `raw` and `none`.
fn panel_parser() -> impl TypedValueParser<Value = Panel> {
    let names = Format::ALL.map(Format::as_str);
    PossibleValuesParser::new(names.into_iter().chain(["raw", "none"]))
        .try_map(|name| Panel::from_name(&name).ok_or("not a panel"))
}

/// `--to` of `pep diff`: `openai`, `responses`, `anthropic` (the names DECISIONS §13 lists).
fn cache_parser() -> impl TypedValueParser<Value = CacheFormat> {
    PossibleValuesParser::new(CacheFormat::ALL.map(CacheFormat::as_str))
        .try_map(|name| CacheFormat::from_name(&name).ok_or("not a cache format"))
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

/// `--index`: an integer >= 1.
fn index(value: &str) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| format!("`--index` needs an integer >= 1, not `{value}`"))
}

/// `--step` of `pep render`: a whole number (its range is the envelope's, checked then).
fn step(value: &str) -> Result<usize, String> {
    value
        .parse::<usize>()
        .map_err(|_| format!("`--step` needs a whole number, not `{value}`"))
}

/// `--max-tokens`: an integer >= 1.
fn max_tokens(value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| format!("`--max-tokens` needs an integer >= 1, not `{value}`"))
}
