//! Real OpenTelemetry GenAI data (`tests/fixtures/import/otel/` and `otel-many/`, each file
//! listed with its source in its folder's `SOURCE.md`; DECISIONS §12, §13): span attribute
//! objects, bare message arrays and OTLP/JSON traces from the semantic conventions' own
//! examples and from instrumentations' tests and captures. Each is detected as OpenTelemetry
//! and gives what its golden `NAME.expected` says (the model, each message's role, stamp and
//! segment kinds, every warning; or the errors of a refusal); each envelope validates, exports
//! in every format, and its `--to otel` export is a fixed point of import + export (with §7's
//! tool lines).
//!
//! `PEP_WRITE_LOG_FIXTURES=1 cargo test -p pep-core --test import_otel_fixtures` rewrites the
//! golden files (then read every change before committing it).

mod common;
#[path = "import/support.rs"]
mod support;
#[path = "import/tool_lines.rs"]
mod tool_lines;

use std::path::PathBuf;

use pep_core::export::{Format, Options, export};
use pep_core::import::{Imported, Source, detect, import, import_all};

/// Fixtures that hold nothing importable, on purpose (older `gen_ai.prompt.N` attributes).
const REFUSED: [&str; 1] = ["otlp-koog-legacy-prompt.json"];

fn fixtures(folder: &str) -> Vec<(String, PathBuf, String)> {
    let sources = common::read(&format!("tests/fixtures/import/{folder}/SOURCE.md"));
    let files = support::fixture_files(folder, "json");
    for (name, _, _) in &files {
        assert!(
            sources.contains(&format!("- `{name}`: ")),
            "{folder}/{name} is not listed in SOURCE.md"
        );
    }
    files
}

/// Compares `found` with the golden file beside `path` (or writes it).
fn golden(path: &std::path::Path, found: &str) {
    let golden = path.with_extension("expected");
    if std::env::var_os("PEP_WRITE_LOG_FIXTURES").is_some() {
        let _ = std::fs::write(&golden, found);
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    assert_eq!(found, expected, "{}", golden.display());
}

/// The envelope validates and exports in every format; its OpenTelemetry export comes back
/// from import + export as it is.
fn check_envelope(name: &str, imported: &Imported) {
    support::assert_valid(imported);
    let envelope = imported.to_pretty_json();
    for format in Format::ALL {
        let exported = pep_core::export_text(&envelope, format, Options::default());
        assert!(exported.is_ok(), "{name} {format:?}: {exported:?}");
    }
    let first = match pep_core::export_text(&envelope, Format::Otel, Options::default()) {
        Ok(first) => first.request(),
        Err(issues) => panic!("{name}: {issues:#?}"),
    };
    let again = support::imported(&first.to_string(), Some(Source::Otel));
    let second = export(&again.envelope, Format::Otel, Options::default()).request();
    let expected = tool_lines::with_tool_lines(&first, Format::Otel);
    assert_eq!(second.to_string(), expected.to_string(), "{name}");
}

#[test]
fn single_requests() {
    let files = fixtures("otel");
    assert!(files.len() >= 8, "{} fixtures", files.len());
    for (name, path, text) in files {
        assert_eq!(detect(&common::json(&text)), Ok(Source::Otel), "{name}");
        let found = match import(&text, None) {
            Ok(imported) => {
                assert!(!REFUSED.contains(&name.as_str()), "{name} imported");
                assert_eq!(imported.source, Source::Otel, "{name}");
                check_envelope(&name, &imported);
                // Named, the same.
                assert_eq!(support::imported(&text, Some(Source::Otel)), imported);
                support::summary(&imported)
            }
            Err(errors) => {
                assert!(REFUSED.contains(&name.as_str()), "{name}: {errors:#?}");
                let lines: Vec<String> = errors.iter().map(|e| format!("{e}\n")).collect();
                format!("refused\n{}", lines.concat())
            }
        };
        golden(&path, &found);
    }
}

/// Traces of several GenAI spans: refused without a choice (naming the count), and each span
/// a request of [`import_all`], in start-time order.
#[test]
fn traces_of_many_requests() {
    let files = fixtures("otel-many");
    assert!(files.len() >= 2, "{} fixtures", files.len());
    for (name, path, text) in files {
        let errors = support::import_errors(&text, None);
        assert!(
            errors[0].contains("each a GenAI span of the trace"),
            "{name}: {errors:?}"
        );
        let requests = match import_all(&text) {
            Some(Ok(requests)) => requests,
            other => panic!("{name}: {other:?}"),
        };
        let mut found = format!("{} requests\n", requests.count);
        let mut last = i64::MIN;
        for request in &requests.imported {
            check_envelope(&name, &request.imported);
            let time = request.time_ms.unwrap_or_default();
            assert!(
                time >= last,
                "{name}: request {} out of order",
                request.number
            );
            last = time;
            found.push_str(&format!(
                "\n# {} at {} @{time}\n",
                request.number, request.at
            ));
            found.push_str(&support::summary(&request.imported));
        }
        for warning in &requests.warnings {
            found.push_str(&format!("{warning}\n"));
        }
        golden(&path, &found);
    }
}
