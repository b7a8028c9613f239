//! Compare (DECISIONS §13): the golden pairs of `tests/fixtures/diff/` (each case's
//! `expected.json` is `pep diff --format json`'s output, `expected.txt` its text), what each
//! case must show as DECISIONS says it, written out here independently of the golden files,
//! the cache prefix against the request budget, the bound, and the inputs refused.

mod common;
#[path = "diff/reasoned.rs"]
mod reasoned;

use common::{DEMOS, read, repo};
use pep_core::budget::Estimate;
use pep_core::diff::{CacheFormat, Options, Reason, Side, Status, diff, diff_texts};
use pep_core::export::{Format, print_measured};
use pep_core::{Mode, SegmentKind};

/// The cases, one per directory of `tests/fixtures/diff/`.
const CASES: [&str; 10] = [
    "identical",
    "variable-changed",
    "message-appended",
    "tool-added",
    "middle-changed",
    "reordered",
    "segment-removed",
    "argument-changed",
    "media-changed",
    "openai-imported",
];

fn case_file(case: &str, name: &str) -> String {
    read(&format!("tests/fixtures/diff/{case}/{name}"))
}

fn compare(case: &str) -> pep_core::diff::Diff {
    let (a, b) = (case_file(case, "a.json"), case_file(case, "b.json"));
    diff_texts(&a, &b, &Options::default()).unwrap_or_else(|e| panic!("{case}: {e}"))
}

#[test]
fn every_case_directory_is_listed() {
    let mut found: Vec<String> = std::fs::read_dir(repo().join("tests/fixtures/diff"))
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<String> = CASES.iter().map(|c| (*c).to_owned()).collect();
    listed.sort();
    assert_eq!(found, listed);
}

/// `PEP_WRITE_DIFF_FIXTURES=1 cargo test -p pep-core --test diff` rewrites the golden files
/// (then read every change before committing it).
#[test]
fn each_case_gives_its_golden_json_and_text() {
    let write = std::env::var_os("PEP_WRITE_DIFF_FIXTURES").is_some();
    for case in CASES {
        let diff = compare(case);
        let json = format!("{:#}\n", diff.to_json());
        let text = diff.to_text();
        if write {
            let dir = repo().join("tests/fixtures/diff").join(case);
            let _ = std::fs::write(dir.join("expected.json"), &json);
            let _ = std::fs::write(dir.join("expected.txt"), &text);
            continue;
        }
        assert_eq!(
            json,
            case_file(case, "expected.json"),
            "{case}: expected.json"
        );
        assert_eq!(
            text,
            case_file(case, "expected.txt"),
            "{case}: expected.txt"
        );
    }
}

#[test]
fn the_reasons_name_the_variable_the_side_and_the_export() {
    let reason = |case: &str| {
        let diff = compare(case);
        let segment = diff.cache[0]
            .cache_break
            .as_ref()
            .and_then(|b| b.segment.clone());
        segment.map(|s| (s.side, s.kind, s.reason))
    };
    assert_eq!(
        reason("variable-changed"),
        Some((
            Side::A,
            SegmentKind::StaticVar,
            Reason::Variable("date".into())
        ))
    );
    assert_eq!(
        reason("message-appended"),
        Some((Side::B, SegmentKind::Text, Reason::Segment(Status::Added)))
    );
    assert_eq!(
        reason("openai-imported"),
        Some((
            Side::A,
            SegmentKind::ToolCallRequest,
            Reason::Segment(Status::Changed)
        ))
    );
    let middle = compare("middle-changed");
    let words = middle.messages[2].segments[0]
        .words
        .clone()
        .unwrap_or_default();
    let ops: Vec<(&str, &str)> = words
        .iter()
        .map(|w| (w.op.as_str(), w.text.as_str()))
        .collect();
    assert_eq!(
        ops,
        [
            ("same", "Layers and a "),
            ("removed", "light"),
            ("added", "warm"),
            (
                "same",
                " rain jacket: June in Berlin is mild but changeable."
            )
        ]
    );
}

/// The cache prefix of two equal requests is the whole request, measured as the budget
/// measures it (the same ≈ tokens the viewer shows); `--to` keeps one report.
#[test]
fn a_whole_prefix_is_the_request_budget() {
    for demo in DEMOS {
        let text = read(&format!("demos/{demo}"));
        let loaded = pep_core::load(&text, Mode::Strict);
        let Some(envelope) = &loaded.envelope else {
            panic!("{demo}")
        };
        let diff = diff(envelope, envelope, &Options::default());
        assert!(diff.same, "{demo}");
        for report in &diff.cache {
            let (_, size) = pep_core::load_with(&text, Mode::Strict, |prepared| {
                let format = report.format.export();
                let options = pep_core::export::Options::default();
                print_measured(prepared.conversation, format, options, Some(&Estimate)).size
            });
            let tokens = size.flatten().map(|s| s.tokens);
            assert_eq!(report.cache_break, None, "{demo}");
            assert_eq!(
                Some(report.prefix_tokens),
                tokens,
                "{demo} {:?}",
                report.format
            );
        }
    }
    let only = Options {
        cache: vec![CacheFormat::Anthropic],
        ..Options::default()
    };
    let text = read("demos/demo-b.json");
    let diff = diff_texts(&text, &text, &only).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(diff.cache.len(), 1);
    assert_eq!(diff.cache[0].format.export(), Format::Anthropic);
}

#[test]
fn a_different_model_breaks_before_the_first_item() {
    let a = case_file("middle-changed", "a.json");
    let b = a.replacen("\"gpt-4o\"", "\"gpt-4.1\"", 1);
    let diff = diff_texts(&a, &b, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(!diff.same);
    assert_eq!(diff.message_counts.same, 6);
    let model = diff
        .model
        .clone()
        .unwrap_or_else(|| panic!("no model change"));
    assert_eq!(
        (model.a.as_deref(), model.b.as_deref()),
        (Some("gpt-4o"), Some("gpt-4.1"))
    );
    for report in &diff.cache {
        let found = report
            .cache_break
            .as_ref()
            .map(|b| (b.a.as_deref(), b.b.as_deref()));
        assert_eq!(found, Some((Some("model"), Some("model"))));
        assert_eq!(report.prefix_tokens, 0);
    }
}

#[test]
fn inputs_with_errors_name_their_side() {
    let good = case_file("identical", "a.json");
    let bad = good.replacen("\"user\"", "\"developer\"", 1);
    let Err(error) = diff_texts(&good, &bad, &Options::default()) else {
        panic!("compared an envelope with errors");
    };
    assert_eq!(error.side, Side::B);
    assert!(
        error
            .to_string()
            .starts_with("B: the input has 1 error(s)\nerror messages[1].role"),
        "{error}"
    );
    for not_json in ["{", "[1, 2]", "\"text\""] {
        let Err(error) = diff_texts(not_json, &good, &Options::default()) else {
            panic!("compared {not_json}");
        };
        assert_eq!(error.side, Side::A, "{not_json}");
        assert!(error.issues.iter().any(|i| i.is_error()), "{not_json}");
    }
}

/// Past the cap, messages pair by role in order and a text is replaced whole.
#[test]
fn the_cap_bounds_every_alignment() {
    let tight = Options {
        max_edits: 2,
        ..Options::default()
    };
    let (a, b) = (
        case_file("reordered", "a.json"),
        case_file("reordered", "b.json"),
    );
    let diff = diff_texts(&a, &b, &tight).unwrap_or_else(|e| panic!("{e}"));
    // Four messages changed places: more than 2 edits, so the middle pairs by role.
    let statuses: Vec<Status> = diff.messages.iter().map(|m| m.status).collect();
    assert_eq!(
        statuses,
        [
            Status::Same,
            Status::Changed,
            Status::Changed,
            Status::Changed,
            Status::Changed
        ]
    );
    let long_a = r#"{"version":"1.0","messages":[{"id":"m","role":"user","timestamp":1,"segments":[{"kind":"text","content":"one two three four five"}]}]}"#;
    let long_b = long_a.replace("one two three four five", "one 2 3 4 five");
    let diff = diff_texts(long_a, &long_b, &tight).unwrap_or_else(|e| panic!("{e}"));
    let words = diff.messages[0].segments[0]
        .words
        .clone()
        .unwrap_or_default();
    let ops: Vec<(&str, &str)> = words
        .iter()
        .map(|w| (w.op.as_str(), w.text.as_str()))
        .collect();
    assert_eq!(
        ops,
        [
            ("same", "one "),
            ("removed", "two three four"),
            ("added", "2 3 4"),
            ("same", " five")
        ]
    );
}
