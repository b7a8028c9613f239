//! Any text → import (auto-detected and each format forced) → the three exports: no panic; an
//! imported envelope validates with no errors and re-exports (DECISIONS §7).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pep_core::export::{Format, Options};
use pep_core::import::{Source, import};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for from in [None, Some(Source::OpenAi), Some(Source::Anthropic), Some(Source::Mcp)] {
        let Ok(imported) = import(text, from) else {
            continue;
        };
        if imported.source == Source::Envelope {
            continue;
        }
        let envelope = imported.to_pretty_json();
        let issues = pep_core::validate(&envelope);
        assert!(
            !issues.iter().any(|issue| issue.is_error()),
            "an imported envelope has errors: {issues:?}"
        );
        for format in Format::ALL {
            assert!(pep_core::export_text(&envelope, format, Options::default()).is_ok());
        }
    }
});
