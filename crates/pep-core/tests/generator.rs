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
        let export = pep_core::export::to_openai(&envelope);
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
