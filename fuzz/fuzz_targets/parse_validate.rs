//! Any bytes → parse, decode and validate in both modes: no panic, and the streaming `load`
//! agrees exactly with the tree path the viewer takes. An envelope without errors writes back
//! to exactly the JSON it was read from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pep_core::Mode;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = pep_core::decode::parse_json(text);
    for mode in [Mode::Strict, Mode::Repair] {
        let streamed = pep_core::load(text, mode);
        let tree = match &parsed {
            Ok(parsed) => pep_core::load_parsed(parsed, mode),
            Err(issue) => pep_core::Loaded {
                envelope: None,
                issues: vec![issue.clone()],
            },
        };
        assert_eq!(streamed, tree, "load and load_parsed disagree");
        for issue in &streamed.issues {
            let _ = issue.to_string();
        }
        // Repair mode fills in what is missing, so only a strict read must write back as is.
        if let (Some(envelope), Ok(parsed)) = (&streamed.envelope, &parsed)
            && mode == Mode::Strict
            && !streamed.has_errors()
        {
            assert_eq!(
                envelope.to_value().to_string(),
                parsed.value.to_string(),
                "round trip"
            );
        }
    }
});
