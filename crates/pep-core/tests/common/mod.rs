//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod alloc;
pub mod rng;
pub mod scaling;
pub mod synth;

use std::path::PathBuf;

use pep_core::{Issue, Mode, Severity};

/// The repository root, found when the test runs (cargo sets `CARGO_MANIFEST_DIR` then too):
/// a test binary built from another clone that shares this target directory, and not rebuilt
/// here because its sources are the same, would otherwise read that clone's files.
pub fn repo() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .join("../..")
}

/// Reads a file below the repository root.
pub fn read(relative: &str) -> String {
    let path = repo().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The six demo file names, in manifest order.
pub const DEMOS: [&str; 6] = [
    "demo-a.json",
    "demo-b.json",
    "demo-c.json",
    "demo-d.json",
    "demo-f.json",
    "demo-e.json",
];

/// An envelope around the given messages (JSON text of the array's elements).
pub fn envelope(messages: &str) -> String {
    format!(r#"{{"version":"1.0","model":"gpt-4-turbo","messages":[{messages}]}}"#)
}

/// A message with the given role and segments (JSON text of the array's elements).
pub fn message(id: &str, role: &str, timestamp: u64, segments: &str) -> String {
    format!(r#"{{"id":"{id}","role":"{role}","segments":[{segments}],"timestamp":{timestamp}}}"#)
}

/// An envelope with one user message holding `segments`.
pub fn one_message(segments: &str) -> String {
    envelope(&message("m1", "user", 1_780_000_000_000, segments))
}

/// `severity path` pairs of the strict issues of `text`.
pub fn issue_paths(text: &str) -> Vec<(Severity, String)> {
    pep_core::validate(text)
        .into_iter()
        .filter(|issue| !issue.problem.is_request_check())
        .map(|issue| (issue.severity(), issue.path))
        .collect()
}

/// The strict DECISIONS §1 issues of `text`: its request checks (tested in `request_checks.rs`) are
/// left out, so each rule's test states exactly its own issues.
pub fn issues(text: &str) -> Vec<Issue> {
    let mut issues = pep_core::load(text, Mode::Strict).issues;
    issues.retain(|issue| !issue.problem.is_request_check());
    issues
}

/// The OpenAI export of `text`, which must have no errors.
pub fn export(text: &str) -> pep_core::Export {
    match pep_core::export_text(text, pep_core::Format::OpenAi, pep_core::Options::default()) {
        Ok(export) => export,
        Err(issues) => panic!("export refused: {issues:#?}"),
    }
}

/// The OpenAI export of the valid parts of `envelope` (the viewer's path: invalid parts are
/// left out with a warning each).
pub fn openai(envelope: &pep_core::Envelope) -> pep_core::Export {
    let options = pep_core::Options::default();
    pep_core::export::export(envelope, pep_core::Format::OpenAi, options)
}

/// Parses JSON test data, keeping number spelling as written.
pub fn json(text: &str) -> serde_json::Value {
    match pep_core::decode::parse_json(text) {
        Ok(parsed) => parsed.value,
        Err(issue) => panic!("bad test JSON: {issue}\n{text}"),
    }
}

/// The export of `text` to `format` with `options`; the envelope must have no errors.
pub fn export_with(
    text: &str,
    format: pep_core::export::Format,
    options: pep_core::export::Options,
) -> pep_core::export::Export {
    match pep_core::export_text(text, format, options) {
        Ok(export) => export,
        Err(issues) => panic!("export refused: {issues:#?}"),
    }
}

/// The export of `text` to `format` with the default options (`max_tokens` 4096).
pub fn export_to(text: &str, format: pep_core::export::Format) -> pep_core::export::Export {
    export_with(text, format, pep_core::export::Options::default())
}

/// Asserts that the request is `expected` as compact JSON text (key order and number spelling
/// included) and returns the warnings as display strings.
pub fn check_request(export: &pep_core::export::Export, expected: &str) -> Vec<String> {
    assert_eq!(
        export.request().to_string(),
        json(expected).to_string(),
        "\nactual:\n{}",
        export.to_pretty_json()
    );
    export.warnings.iter().map(ToString::to_string).collect()
}

/// Asserts that `warnings` (display strings) are exactly one `warning PATH: …FRAGMENT…` per
/// `(PATH, FRAGMENT)` pair, in any order: the wording is ours, the paths and counts are not.
pub fn assert_warnings(warnings: &[String], expected: &[(&str, &str)]) {
    let mut left: Vec<&String> = warnings.iter().collect();
    for (path, fragment) in expected {
        let prefix = format!("warning {path}: ");
        match left
            .iter()
            .position(|w| w.starts_with(&prefix) && w[prefix.len()..].contains(fragment))
        {
            Some(i) => {
                left.remove(i);
            }
            None => panic!("no warning at {path} containing {fragment:?} in\n{warnings:#?}"),
        }
    }
    assert!(left.is_empty(), "unexpected warnings: {left:#?}");
}

/// An envelope around the given messages.
pub fn envelope_of(messages: &[String]) -> String {
    envelope(&messages.join(","))
}

/// A tool_call_request segment; `call_id` adds the `callId` extension field.
pub fn call(tool: &str, arguments: &str, call_id: Option<&str>) -> String {
    let id = call_id
        .map(|id| format!(r#","callId":"{id}""#))
        .unwrap_or_default();
    format!(
        r#"{{"kind":"tool_call_request","toolName":"{tool}","arguments":{arguments},"collapsed":false{id}}}"#
    )
}

/// A tool_call_result segment; `call_id` adds the `callId` extension field.
pub fn answer(tool: &str, text: &str, success: bool, call_id: Option<&str>) -> String {
    let id = call_id
        .map(|id| format!(r#","callId":"{id}""#))
        .unwrap_or_default();
    format!(
        r#"{{"kind":"tool_call_result","toolName":"{tool}","result":"{text}","success":{success},"collapsed":true{id}}}"#
    )
}

/// A text segment.
pub fn text_segment(content: &str) -> String {
    format!(r#"{{"kind":"text","content":"{content}"}}"#)
}

/// A media segment; an empty `alt` leaves `altText` out.
pub fn media(media_type: &str, url: &str, alt: &str) -> String {
    let alt = if alt.is_empty() {
        String::new()
    } else {
        format!(r#","altText":"{alt}""#)
    };
    format!(r#"{{"kind":"media","mediaType":"{media_type}","url":"{url}"{alt}}}"#)
}
