//! `load` decodes message by message without a tree of the whole document; it must agree
//! exactly with the tree path (`parse_json` + `load_parsed`) the viewer takes.

mod common;

use common::{DEMOS, read, synth};
use pep_core::Mode;

fn assert_same(name: &str, text: &str) {
    for mode in [Mode::Strict, Mode::Repair] {
        let streamed = pep_core::load(text, mode);
        let tree = match pep_core::decode::parse_json(text) {
            Ok(parsed) => pep_core::load_parsed(&parsed, mode),
            Err(issue) => pep_core::Loaded {
                envelope: None,
                issues: vec![issue],
            },
        };
        assert_eq!(streamed, tree, "{name} ({mode:?})");
    }
    // `validate` keeps no raw JSON of invalid nodes, and must find exactly the same issues.
    assert_eq!(
        pep_core::validate(text),
        pep_core::load(text, Mode::Strict).issues,
        "{name}"
    );
}

fn fixtures(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(common::repo().join(dir))
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok())
                .map(|entry| format!("{dir}/{}", entry.file_name().to_string_lossy()))
                .filter(|name| name.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn demos_and_fixtures_load_the_same_either_way() {
    let mut names: Vec<String> = DEMOS.iter().map(|demo| format!("demos/{demo}")).collect();
    for dir in [
        "tests/fixtures/valid",
        "tests/fixtures/invalid",
        "tests/fixtures/parity",
        "tests/fixtures/viewer",
    ] {
        names.extend(fixtures(dir));
    }
    assert!(names.len() > 50, "{names:?}");
    for name in names {
        assert_same(&name, &read(&name));
    }
}

#[test]
fn odd_documents_load_the_same_either_way() {
    for text in [
        "",
        "   ",
        "\u{feff}{}",
        "[]",
        "5",
        "null",
        "{",
        "{}",
        "{} x",
        r#"{"messages":5}"#,
        r#"{"messages":{"a":1E5}}"#,
        r#"{"messages":"x","messages":[]}"#,
        r#"{"version":"1.0","messages":[{"id":"a"}],"messages":[{"id":"b","role":"user","segments":[{"kind":"text","content":"x"}],"timestamp":1E3}]}"#,
        r#"{"version":1E0,"x":[1E5,{"k":2E2,"k":3}],"messages":[1E5,"s",null,true,[1]]}"#,
        r#"{"version":"1.0","messages":[{"id":"a","role":"user","segments":[{"kind":"tool_call_request","toolName":"t","arguments":{"n":1E5,"n":2},"collapsed":false},{"kind":"text"}],"timestamp":1,"timestamp":2}]}"#,
        r#"{"$serde_json::private::Number":"1","messages":[]}"#,
        // Found by fuzzing: `items`, `arguments` or `schema` as unknown fields of other kinds.
        r#"{"version":"1.0","messages":[{"id":"a","role":"system","timestamp":1,"segments":[{"kind":"static_var","name":"x","value":"v","items":[{"schema":{"n":1E5}}]},{"kind":"text","content":"c","arguments":{"a":1},"schema":{}},{"kind":"memory","items":[{"title":"t","content":"c","schema":[2E1],"items":3}],"collapsed":true}]}]}"#,
        r#"{"version":"1.0","messages":[{"id":"a","role":"user","segments":[],"timestamp":1} , ]}"#,
        r#"{"version":"1.0","messages":[{"id":"\ud800","role":"user","segments":[],"timestamp":1}]}"#,
        r#"{"version":"1.0","messages":[{"id":"a","role":"x","segments":[],"timestamp":5},{"id":"a","role":"user","segments":[{"kind":"text","content":""}],"timestamp":4}]}"#,
    ] {
        assert_same(text, text);
    }
}

#[test]
fn generated_envelopes_load_the_same_either_way() {
    for seed in 1..4 {
        let config = synth::Config {
            messages: 300,
            long_text_bytes: 5_000,
            tools: 12,
            seed,
            ..synth::Config::default()
        };
        assert_same(&format!("seed {seed}"), &synth::generate(&config));
    }
}
