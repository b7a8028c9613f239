//! The help's lists of formats, made from pep-core's table of providers (`Format::ALL`,
//! `Source::ALL`, `CacheFormat::ALL`), so a provider added there is listed everywhere at once,
//! with the lines its row gives (`export help`, `import help`).

use pep_core::diff::CacheFormat;
use pep_core::export::Format;
use pep_core::import::Source;

/// `a|b|c` of `names`.
fn bars(names: impl IntoIterator<Item = &'static str>) -> String {
    names.into_iter().collect::<Vec<_>>().join("|")
}

/// `a, b, c or d` of `names`.
fn words(names: impl IntoIterator<Item = &'static str>, last: &str) -> String {
    let names: Vec<_> = names.into_iter().collect();
    match names.split_last() {
        Some((tail, [])) => (*tail).to_owned(),
        Some((tail, init)) => format!("{} {last} {tail}", init.join(", ")),
        None => String::new(),
    }
}

/// How wide the help's lines are at most.
pub(super) const WIDTH: usize = 95;

/// `paragraph` with its lines refilled to the help's width (a paragraph that names the
/// formats grows with the table).
pub(super) fn fill(paragraph: &str) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in paragraph.split_whitespace() {
        let width = word.chars().count();
        if line > 0 && line + 1 + width > WIDTH {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += width;
    }
    out
}

/// The export formats' names.
fn export_names() -> impl Iterator<Item = &'static str> {
    Format::ALL.into_iter().map(Format::as_str)
}

/// The names `pep import --from` takes besides `auto`.
fn import_names() -> impl Iterator<Item = &'static str> {
    Source::ALL
        .into_iter()
        .filter(|source| *source != Source::Envelope)
        .map(Source::as_str)
}

/// `openai|responses|…` (`--to` of `pep export`).
pub(super) fn export_bars() -> String {
    bars(export_names())
}

/// `openai, responses, … or otel`.
pub(super) fn export_words(last: &str) -> String {
    words(export_names(), last)
}

/// `auto|openai|…` (`--from` of `pep import`).
pub(super) fn import_bars() -> String {
    bars(std::iter::once("auto").chain(import_names()))
}

/// `openai, anthropic, …, claude-code and codex`: what `pep import` reads.
pub(super) fn import_words(last: &str) -> String {
    words(import_names(), last)
}

/// `openai|responses|anthropic|gemini` (`--to` of `pep diff`).
pub(super) fn cache_bars() -> String {
    bars(CacheFormat::ALL.into_iter().map(CacheFormat::as_str))
}

/// One line (and its continuation) of a list of formats: the name, then the text at column
/// 13 (the help's layout).
fn item(out: &mut String, name: &str, lines: &[&str]) {
    for (i, line) in lines.iter().enumerate() {
        let name = if i == 0 { name } else { "" };
        out.push_str(&format!("\n  {name:<9}  {line}"));
    }
}

/// `pep export --help`'s list: each format and the request it prints.
pub(super) fn export_list() -> String {
    let mut out = String::from("Formats:");
    for format in Format::ALL {
        let lines = format.provider().export_help();
        item(&mut out, format.as_str(), lines);
    }
    out
}

/// `pep import --help`'s list: `auto` (how it detects), then each format it reads.
pub(super) fn import_list() -> String {
    let mut out = String::from("Formats:");
    item(
        &mut out,
        "auto",
        &[
            "detect the format (default): `version` is an envelope; `messages` each with one",
            "`content` object is MCP; `system`, `input_schema` or Anthropic blocks is Anthropic;",
            "any other `messages` is OpenAI; `input` without `messages` is OpenAI Responses;",
            "`resourceSpans`, a `gen_ai.` key or messages with `parts` is OpenTelemetry;",
            "`contents` without `messages` or `input` (or in a `request`) is Google Gemini;",
            "JSON Lines with `sessionId` is Claude Code, with Codex line types is Codex,",
            "with `$set`, `$rewindTo`, a Gemini CLI header or `gemini` records is Gemini CLI",
            "(and so is one object with `sessionId` and `messages`)",
        ],
    );
    for source in Source::ALL {
        let Some(provider) = source.provider() else {
            continue;
        };
        let lines = provider.import_help();
        item(&mut out, source.as_str(), lines);
    }
    out
}

/// `pep diff --help`'s list of cache formats.
pub(super) fn cache_list() -> String {
    let mut out = String::from("Formats (--to, the cache report only; default: all of them):");
    for format in CacheFormat::ALL {
        item(
            &mut out,
            format.as_str(),
            &[format.export().provider().label()],
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_wraps_at_the_help_width() {
        let text = "word ".repeat(40);
        let filled = fill(&text);
        assert!(filled.lines().all(|line| line.len() <= WIDTH), "{filled}");
        assert_eq!(filled.split_whitespace().count(), 40);
        assert_eq!(fill("a  b\nc"), "a b c");
    }

    #[test]
    fn lists_join_the_table_names() {
        assert_eq!(words(["a"], "or"), "a");
        assert_eq!(words(["a", "b", "c"], "or"), "a, b or c");
        assert_eq!(export_bars(), "openai|responses|anthropic|mcp|otel|gemini");
        // The order `--from` has always listed (the table's places).
        assert_eq!(
            import_bars(),
            "auto|openai|anthropic|mcp|responses|claude-code|codex|otel|gemini|gemini-cli"
        );
        assert_eq!(cache_bars(), "openai|responses|anthropic|gemini");
        // Every format has its line, at the help's column.
        let list = export_list();
        for format in Format::ALL {
            assert!(
                list.contains(&format!("\n  {:<9}  ", format.as_str())),
                "{list}"
            );
        }
        let list = import_list();
        for source in Source::ALL.into_iter().skip(1) {
            assert!(
                list.contains(&format!("\n  {:<9}  ", source.as_str())),
                "{list}"
            );
        }
        // The table's help lines fit the help's width once indented (13 columns).
        for provider in pep_core::Provider::ALL {
            let lines = provider.export_help().iter().chain(provider.import_help());
            let wide = lines
                .into_iter()
                .find(|line| line.chars().count() > WIDTH - 13);
            assert_eq!(wide, None, "{provider:?}");
        }
    }
}
