//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod synth;

use std::path::PathBuf;

use pep_core::{Issue, Mode, Severity};

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
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
        .map(|issue| (issue.severity(), issue.path))
        .collect()
}

/// Strict issues of `text`.
pub fn issues(text: &str) -> Vec<Issue> {
    pep_core::load(text, Mode::Strict).issues
}

/// The OpenAI export of `text`, which must have no errors.
pub fn export(text: &str) -> pep_core::export::OpenAiExport {
    match pep_core::export_openai(text) {
        Ok(export) => export,
        Err(issues) => panic!("export refused: {issues:#?}"),
    }
}

/// Parses JSON test data, keeping number spelling as written.
pub fn json(text: &str) -> serde_json::Value {
    match pep_core::decode::parse_json(text) {
        Ok(parsed) => parsed.value,
        Err(issue) => panic!("bad test JSON: {issue}\n{text}"),
    }
}
