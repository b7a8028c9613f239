//! The one entry for a text (`pep_core::open`): what each kind of text opens as, from one
//! parse, and `Opened::one` as `pep import` and `pep diff` take a text.

mod common;

use common::rng::{Atoms, Rng, json};
use pep_core::{Mode, Opened, Problem, Source, open};

fn opened(text: &str, from: Option<Source>) -> Opened<'_> {
    match open(text, from) {
        Ok(opened) => opened,
        Err(errors) => panic!("{errors:#?}"),
    }
}

fn source(opened: &Opened<'_>) -> Option<Source> {
    match opened {
        Opened::Envelope(_) => Some(Source::Envelope),
        Opened::Imported(imported) => Some(imported.source),
        Opened::Many(_) => None,
    }
}

#[test]
fn an_envelope_is_handed_on_as_written_and_decodes_as_load_does() {
    let text = common::read("demos/demo-b.json");
    let Opened::Envelope(envelope) = opened(&text, None) else {
        panic!("an envelope")
    };
    assert_eq!(envelope.text(), text);
    assert_eq!(
        envelope.load(Mode::Strict),
        pep_core::load(&text, Mode::Strict)
    );
    // Found by its root `version` wherever it stands, behind a byte-order mark, spelled with
    // an escape; a `version` inside a value or a message is not the root's.
    for text in [
        r#"{"messages": [], "version": "1.0"}"#,
        "\u{feff} {\"version\": \"1.0\", \"messages\": []}\n",
        r#"{"vers\u0069on": "1.0", "messages": []}"#,
        r#"{"x": "{\"a\":1}, \"version\"", "version": 2, "messages": []}"#,
    ] {
        assert!(matches!(opened(text, None), Opened::Envelope(_)), "{text}");
    }
    let nested = r#"{"model": "m", "messages": [{"role": "user", "content": "x", "version": 1}]}"#;
    assert_eq!(source(&opened(nested, None)), Some(Source::OpenAi));
}

#[test]
fn requests_and_logs_are_imported_and_named_formats_win() {
    let request = r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "Hi"}]}"#;
    assert_eq!(source(&opened(request, None)), Some(Source::OpenAi));
    assert_eq!(
        source(&opened(request, Some(Source::Anthropic))),
        Some(Source::Anthropic)
    );
    assert_eq!(
        source(&opened(request, Some(Source::Envelope))),
        Some(Source::Envelope)
    );
    // A Claude Code log's lines have a `version` of their own: JSON Lines, not an envelope.
    for (folder, file, expected) in [
        (
            "claude-code",
            "v1-0-98-parallel-tool-calls.jsonl",
            Source::ClaudeCode,
        ),
        (
            "gemini-cli",
            "legacy-2025-10-string-content-write-file.json",
            Source::GeminiCli,
        ),
        ("gemini-cli", "jsonl-rewind.jsonl", Source::GeminiCli),
    ] {
        let text = common::read(&format!("tests/fixtures/import/{folder}/{file}"));
        assert_eq!(source(&opened(&text, None)), Some(expected), "{file}");
        let imported = pep_core::import::import(&text, None).map(|i| i.envelope);
        let Opened::Imported(opened) = opened(&text, None) else {
            panic!("{file} is imported")
        };
        assert_eq!(Ok(opened.envelope), imported, "{file}");
    }
}

#[test]
fn files_of_many_requests_are_read_once_with_every_request() {
    let lines = "{\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}\n".repeat(3);
    let Opened::Many(requests) = opened(&lines, None) else {
        panic!("three request lines")
    };
    assert_eq!((requests.count, requests.spans), (3, false));
    assert_eq!(requests.imported.len(), 3);
    let import = pep_core::import::import_all(&lines).and_then(Result::ok);
    assert_eq!(Some(requests.clone()), import);
    assert_eq!(
        pep_core::import::import(&lines, None),
        Err(vec![requests.how_many()])
    );

    let trace = common::read("tests/fixtures/import/otel-many/spec-weather-tool-loop.json");
    let Opened::Many(spans) = opened(&trace, None) else {
        panic!("a trace of several GenAI spans")
    };
    assert!(spans.spans && spans.count >= 2);
    let import = pep_core::import::import_all(&trace).and_then(Result::ok);
    assert_eq!(Some(spans.clone()), import);
    let named = pep_core::import::import(&trace, Some(Source::Otel));
    assert_eq!(named, Err(vec![spans.how_many()]));

    // Lines that are requests but none imports: still a file of many, with why.
    let broken = "{\"messages\":[{\"role\":\"bot\",\"content\":\"a\"}]}\n".repeat(2);
    let Opened::Many(none) = opened(&broken, None) else {
        panic!("two request lines")
    };
    assert!(none.imported.is_empty());
    let errors = none.checked().err().unwrap_or_default();
    assert_eq!(errors.len(), 3, "{errors:#?}");
}

#[test]
fn what_does_not_open_says_where() {
    let errors = open("{\"version\": \"1.0\",\n  \"messages\": [}", None).err();
    let errors = errors.unwrap_or_default();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].to_string().contains("line 2"), "{errors:?}");
    let errors = open("[1, 2]", None).err().unwrap_or_default();
    assert!(
        matches!(errors[0].problem, Problem::Import(_)),
        "{errors:?}"
    );
}

#[test]
fn one_takes_an_envelope_only_without_errors() {
    let valid = common::read("demos/demo-b.json");
    let one = open(&valid, None).and_then(Opened::one);
    let Ok(imported) = one else {
        panic!("a valid envelope")
    };
    assert_eq!(imported.source, Source::Envelope);
    assert_eq!(imported.warnings, pep_core::validate(&valid));

    let invalid = r#"{"version": "1.0", "messages": [{"id": "a", "role": "bot", "segments": [], "timestamp": 1}]}"#;
    let errors = open(invalid, None).and_then(Opened::one).err();
    assert_eq!(errors, Some(pep_core::validate(invalid)));

    let request = r#"{"messages": [{"role": "user", "content": "Hi"}]}"#;
    let one = open(request, None).and_then(Opened::one).map(|i| i.source);
    assert_eq!(one, Ok(Source::OpenAi));
}

/// Keys and strings that mislead a token scan: the key itself, escaped, inside strings with
/// braces, brackets, quotes and backslashes.
const WORDS: [&str; 9] = [
    "version",
    "messages",
    "vers\\u0069on",
    "{\\\"version\\\": 1}",
    "]}[{",
    "\\\\",
    "a \\\"quoted\\\" word",
    "",
    "版本",
];

/// A random JSON value written as text, `depth` levels at most, keys and strings all
/// misleading words.
fn value(rng: &mut Rng, depth: usize) -> String {
    let atoms = Atoms {
        strings: &WORDS,
        numbers: &["1", "-2.5E3"],
        keys: &WORDS,
    };
    json(rng, depth, &atoms)
}

/// For any JSON text, `open` hands on an envelope exactly when the root is an object with a
/// `version` member (DECISIONS §7), whatever misleads the token scan; any text, cut or
/// followed by more, opens or fails without a panic.
#[test]
fn an_envelope_is_found_exactly_when_the_root_has_version() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut envelopes = 0;
    for case in 0..3_000 {
        let mut text = value(&mut rng, 4);
        if case % 3 == 0 {
            text = format!("{{\"version\": {}, \"x\": {text}}}", value(&mut rng, 1));
        }
        match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(parsed) => {
                let expected = parsed.get("version").is_some();
                let found = matches!(open(&text, None), Ok(Opened::Envelope(_)));
                assert_eq!(found, expected, "{text}");
                envelopes += usize::from(found);
            }
            Err(_) => drop(open(&text, None)),
        }
        let cut = text
            .char_indices()
            .nth(rng.below(text.len()))
            .map_or(0, |(at, _)| at);
        drop(open(&text[..cut], None));
        drop(open(&format!("{text}\n{text}"), None));
    }
    assert!(envelopes > 500, "{envelopes} envelopes among the cases");
}
