//! Anything that decodes → OpenAI export, in strict and repair mode: no panic, the output is
//! JSON, and the head stays within its limit (plus the placeholders left as written).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pep_core::Mode;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for mode in [Mode::Strict, Mode::Repair] {
        let Some(envelope) = pep_core::load(text, mode).envelope else {
            return;
        };
        let export = pep_core::export::export(
            &envelope,
            pep_core::Format::OpenAi,
            pep_core::Options::default(),
        );
        let pretty = export.to_pretty_json();
        let reparsed: Result<serde_json::Value, _> = serde_json::from_str(&pretty);
        assert!(reparsed.is_ok(), "export is not JSON");
        for warning in &export.warnings {
            let _ = warning.to_string();
        }
        if mode == Mode::Strict {
            let whole =
                pep_core::export_text(text, pep_core::Format::OpenAi, pep_core::Options::default());
            if let Ok(whole) = whole {
                assert_eq!(whole.to_pretty_json(), pretty);
            }
        }
    }
});
