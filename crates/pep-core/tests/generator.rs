//! The synthetic envelope generator (`examples/generate.rs`): deterministic, every segment
//! kind, every tool call answered, no errors and no warnings.

mod common;

use common::synth::{self, Config};
use pep_core::SegmentKind;
use pep_core::model::Entry;

#[test]
fn small_presets_validate_without_issues_and_hold_every_kind() {
    for preset in ["1k", "tools"] {
        let Some(config) = Config::preset(preset) else {
            panic!("no preset {preset}");
        };
        let text = synth::generate(&config);
        let loaded = pep_core::load(&text, pep_core::Mode::Strict);
        assert_eq!(loaded.issues, [], "{preset}");
        let Some(envelope) = loaded.envelope else {
            panic!("{preset}: no envelope");
        };
        let kinds: Vec<SegmentKind> = envelope
            .messages
            .iter()
            .filter_map(Entry::valid)
            .flat_map(|message| message.segments.iter().filter_map(Entry::valid))
            .map(pep_core::Segment::kind)
            .collect();
        for kind in SegmentKind::ALL {
            assert!(kinds.contains(&kind), "{preset}: no {kind:?}");
        }
        let export = common::openai(&envelope);
        assert_eq!(export.warnings, [], "{preset}");
    }
    let long = Config {
        messages: 10,
        long_text_bytes: 100_000,
        ..Config::default()
    };
    assert_eq!(pep_core::validate(&synth::generate(&long)), []);
}

#[test]
fn output_is_deterministic_and_sized_as_asked() {
    let config = Config {
        messages: 57,
        ..Config::default()
    };
    let text = synth::generate(&config);
    assert_eq!(text, synth::generate(&config));
    let Some(envelope) = pep_core::load(&text, pep_core::Mode::Strict).envelope else {
        panic!("no envelope");
    };
    assert_eq!(envelope.messages.len(), 1 + 57);
    let other = synth::generate(&Config { seed: 2, ..config });
    assert_ne!(text, other);
    let sized = synth::generate(&Config {
        messages: 0,
        target_bytes: 300_000,
        ..Config::default()
    });
    assert!(
        sized.len() >= 300_000 && sized.len() < 320_000,
        "{}",
        sized.len()
    );
}

#[test]
fn ten_thousand_large_messages_are_about_nine_megabytes_and_clean() {
    let Some(config) = Config::preset("10k-large") else {
        panic!("no preset 10k-large");
    };
    assert_eq!(config.messages, 10_000);
    // Generating the whole preset is cheap; validating it is left to a sample of its messages.
    let text = synth::generate(&config);
    assert!(
        (8_800_000..9_000_000).contains(&text.len()),
        "{} bytes",
        text.len()
    );
    assert_eq!(text.matches(r#"{"id":"m-"#).count(), 1 + 10_000);
    let sample = synth::generate(&Config {
        messages: 200,
        ..config.clone()
    });
    assert!(text.starts_with(sample.trim_end_matches("]}\n")));
    let loaded = pep_core::load(&sample, pep_core::Mode::Strict);
    assert_eq!(loaded.issues, []);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope");
    };
    assert_eq!(common::openai(&envelope).warnings, []);
    // Every question and answer (the first text of a message that has no tool call) is at
    // least the preset's text size; "我先查一下。" is the tool-calling message's text.
    let json: serde_json::Value = serde_json::from_str(&sample).unwrap_or_default();
    let texts: Vec<usize> = json["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .skip(1)
        .filter_map(|message| {
            let first = &message["segments"][0];
            let content = first["content"].as_str()?;
            (first["kind"] == "text" && content != "我先查一下。").then_some(content.len())
        })
        .collect();
    assert!(texts.len() >= 100, "{}", texts.len());
    assert!(
        texts.iter().all(|&len| len >= config.text_bytes),
        "{texts:?}"
    );
}

#[test]
fn the_bench_preset_is_the_export_benchmarks_envelope() {
    let Some(config) = Config::preset("bench") else {
        panic!("no preset bench");
    };
    assert_eq!(config.target_bytes, 10 * 1024 * 1024);
    // The same function at a smaller size: the preset writes exactly `bench_envelope`.
    let small = Config {
        target_bytes: 200_000,
        ..config
    };
    let text = synth::generate(&small);
    assert_eq!(text, synth::bench_envelope(200_000));
    // No errors; its one warning is a request check (the benchmark's last answer ends in a
    // newline), kept so that the benchmark's bytes and figures stay what they were.
    let issues = pep_core::validate(&text);
    assert!(
        issues.iter().all(|issue| issue.problem.is_request_check()
            && issue.severity() == pep_core::Severity::Warning),
        "{issues:#?}"
    );
    assert!(issues.len() <= 1, "{issues:#?}");
}
