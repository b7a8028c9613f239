//! Real agent session logs (`tests/fixtures/import/{claude-code,codex,gemini-cli}/`, each listed with
//! its source in its folder's `SOURCE.md`), of several CLI versions: each is detected, imports
//! to an envelope that validates with no errors and exports, and gives what its golden
//! `NAME.expected` says: the model, each message's role and segment kinds, every warning.
//!
//! `PEP_WRITE_LOG_FIXTURES=1 cargo test -p pep-core --test import_log_fixtures` rewrites the
//! golden files (then read every change before committing it).

mod common;
#[path = "import/support.rs"]
mod support;

use pep_core::export::{Format, Options};
use pep_core::import::{Source, import};
use serde_json::Value;

/// The `.jsonl` logs of `folder`, then its `.json` ones (Gemini CLI's older recordings).
fn logs(folder: &str) -> Vec<(std::path::PathBuf, String)> {
    let mut files = support::fixture_files(folder, "jsonl");
    files.extend(support::fixture_files(folder, "json"));
    files
        .into_iter()
        .map(|(_, path, text)| (path, text))
        .collect()
}

/// Checks every log of `folder`; each must give at least `least` messages.
fn check(folder: &str, source: Source, least: usize) {
    let write = std::env::var_os("PEP_WRITE_LOG_FIXTURES").is_some();
    let sources = common::read(&format!("tests/fixtures/import/{folder}/SOURCE.md"));
    let files = logs(folder);
    assert!(files.len() >= 2, "{folder}: {} logs", files.len());
    for (path, text) in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        assert!(
            sources.contains(&format!("- `{name}`: ")),
            "{name} is not listed in SOURCE.md"
        );
        let imported = match import(&text, None) {
            Ok(imported) => imported,
            Err(errors) => panic!("{name}: {errors:#?}"),
        };
        assert_eq!(imported.source, source, "{name}");
        support::assert_valid(&imported);
        let messages = imported.to_value()["messages"]
            .as_array()
            .map_or(0, Vec::len);
        assert!(messages >= least, "{name}: {messages} messages");
        let envelope = imported.to_pretty_json();
        for format in Format::ALL {
            let exported = pep_core::export_text(&envelope, format, Options::default());
            assert!(exported.is_ok(), "{name} {format:?}: {exported:?}");
        }
        let golden = path.with_extension("expected");
        let found = support::summary(&imported);
        if write {
            let _ = std::fs::write(&golden, &found);
            continue;
        }
        let expected = std::fs::read_to_string(&golden).unwrap_or_default();
        assert_eq!(found, expected, "{name}: {}", golden.display());
        // Named, the same.
        assert_eq!(support::imported(&text, Some(source)), imported, "{name}");
    }
}

#[test]
fn claude_code_transcripts() {
    check("claude-code", Source::ClaudeCode, 2);
}

#[test]
fn codex_rollouts() {
    check("codex", Source::Codex, 2);
}

/// Gemini CLI recordings (DECISIONS §14): two real older single-object ones, and two JSON Lines
/// logs written as gemini-cli's recorder writes them (a rewind leaves one message).
#[test]
fn gemini_cli_recordings() {
    check("gemini-cli", Source::GeminiCli, 1);
}

/// Detection reads no further than it must, and a log's every line is linear work: a log of
/// many copies of a real one imports (the scaling tests time the shapes).
#[test]
fn a_long_log_imports_whole() {
    let (_, text) = logs("claude-code").remove(0);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let first: Value = serde_json::from_str(lines[0]).unwrap_or(Value::Null);
    assert!(first.is_object());
    let long = std::iter::repeat_n(text.as_str(), 40)
        .collect::<Vec<_>>()
        .join("\n");
    let imported = support::imported(&long, None);
    assert_eq!(imported.source, Source::ClaudeCode);
}
