//! Helpers shared by the import tests.
#![allow(dead_code)]

use pep_core::import::{Imported, Source, import};
use pep_core::{Issue, Severity};
use serde_json::Value;

/// The import of `input`, which must succeed.
pub fn imported(input: &str, from: Option<Source>) -> Imported {
    match import(input, from) {
        Ok(imported) => imported,
        Err(errors) => panic!("import refused: {errors:#?}\n{input}"),
    }
}

/// The errors of an import that must fail, as `error PATH: message` lines.
pub fn import_errors(input: &str, from: Option<Source>) -> Vec<String> {
    match import(input, from) {
        Ok(imported) => panic!("imported, expected errors:\n{}", imported.to_pretty_json()),
        Err(errors) => {
            assert!(!errors.is_empty(), "an error without issues");
            assert!(errors.iter().all(Issue::is_error), "{errors:#?}");
            errors.iter().map(ToString::to_string).collect()
        }
    }
}

/// Asserts that the pretty envelope of `imported` validates with no errors.
pub fn assert_valid(imported: &Imported) {
    let text = imported.to_pretty_json();
    let errors: Vec<Issue> = pep_core::validate(&text)
        .into_iter()
        .filter(|issue| issue.severity() == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{text}");
}

/// Imports `input` (detected as `source`), checks the envelope against `expected` as compact
/// text (key order included) and that it validates with no errors; returns the warnings as
/// `warning PATH: message` lines.
pub fn golden(input: &str, source: Source, expected: &Value) -> Vec<String> {
    let imported = imported(input, None);
    assert_eq!(imported.source, source, "detected source");
    assert_eq!(
        imported.to_value().to_string(),
        expected.to_string(),
        "\nactual:\n{}",
        imported.to_pretty_json()
    );
    assert_valid(&imported);
    // The same with the source named.
    let named = self::imported(input, Some(source));
    assert_eq!(named, imported);
    imported.warnings.iter().map(ToString::to_string).collect()
}

/// What a golden file holds: the model, one line per message, then the warnings.
pub fn summary(imported: &pep_core::import::Imported) -> String {
    let value = imported.to_value();
    let mut out = format!("model: {}\n", value["model"].as_str().unwrap_or("(none)"));
    for message in value["messages"].as_array().into_iter().flatten() {
        let kinds: Vec<&str> = message["segments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s["kind"].as_str())
            .collect();
        let role = message["role"].as_str().unwrap_or("");
        let stamp = &message["timestamp"];
        out.push_str(&format!("{role} @{stamp}: {}\n", kinds.join(", ")));
    }
    for warning in &imported.warnings {
        out.push_str(&format!("{warning}\n"));
    }
    out
}

/// The fixtures of `tests/fixtures/import/{folder}/` whose names end in `.{ext}`, sorted:
/// each one's name, path and text.
pub fn fixture_files(folder: &str, ext: &str) -> Vec<(String, std::path::PathBuf, String)> {
    // Found when the test runs: a binary built in another clone sharing the target directory
    // would otherwise read that clone's fixtures (common::repo says more).
    let repo = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(
            || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")),
            std::path::PathBuf::from,
        )
        .join("../..");
    let dir = repo.join("tests/fixtures/import").join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|found| found == ext))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name, path, text)
        })
        .collect()
}
