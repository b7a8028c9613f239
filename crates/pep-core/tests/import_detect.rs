//! `--from auto` (DECISIONS §7 detection), the source names, envelopes passed through, and
//! inputs that are not JSON or not importable.

mod common;
#[path = "import/support.rs"]
mod support;

use pep_core::import::{Source, detect, import};
use pep_core::{ImportProblem, Issue, Mode, Problem, StructureProblem};
use support::{import_errors, imported};

fn detected(text: &str) -> Result<Source, Issue> {
    detect(&common::json(text))
}

#[test]
fn detection_order() {
    let cases = [
        // An object with `version` is an envelope, whatever else it holds.
        (r#"{"version": "1.0", "messages": []}"#, Source::Envelope),
        (r#"{"version": 2, "system": "x"}"#, Source::Envelope),
        // MCP: every content is one object, bare or as a JSON-RPC result.
        (
            r#"{"messages": [{"role": "user", "content": {"type": "text", "text": "x"}}]}"#,
            Source::Mcp,
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "result": {"messages": [{"role": "user", "content": {"type": "text", "text": "x"}}]}}"#,
            Source::Mcp,
        ),
        // Anthropic: a top-level system, a tool with input_schema, or one of its blocks.
        (
            r#"{"system": "s", "messages": [{"role": "user", "content": "x"}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "user", "content": "x"}], "tools": [{"name": "f", "input_schema": {}}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}]}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t"}]}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "assistant", "content": [{"type": "thinking", "thinking": ""}]}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "assistant", "content": [{"type": "redacted_thinking", "data": ""}]}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "user", "content": [{"type": "document", "source": {}}]}]}"#,
            Source::Anthropic,
        ),
        (
            r#"{"messages": [{"role": "user", "content": [{"type": "image", "source": {}}]}]}"#,
            Source::Anthropic,
        ),
        // Otherwise, with `messages`: OpenAI (an image without a source is an OpenAI-like part).
        (
            r#"{"messages": [{"role": "user", "content": [{"type": "image", "image_url": {}}]}]}"#,
            Source::OpenAi,
        ),
        (
            r#"{"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}"#,
            Source::OpenAi,
        ),
        (
            r#"{"messages": [{"role": "user", "content": {"type": "text"}}, {"role": "user", "content": "x"}]}"#,
            Source::OpenAi,
        ),
        (r#"{"messages": []}"#, Source::OpenAi),
        (r#"{"messages": "x"}"#, Source::OpenAi),
    ];
    for (text, source) in cases {
        assert_eq!(detected(text), Ok(source), "{text}");
    }
}

#[test]
fn unrecognized_inputs_say_what_was_expected() {
    for text in [
        "[]",
        "\"hello\"",
        "42",
        "null",
        r#"{"model": "gpt-4o"}"#,
        r#"{"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}"#,
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Invalid params"}}"#,
    ] {
        let issue = detected(text)
            .err()
            .unwrap_or_else(|| panic!("detected {text}"));
        assert_eq!(issue.path, "$");
        assert_eq!(issue.problem, Problem::Import(ImportProblem::Unrecognized));
        assert_eq!(
            import_errors(text, None),
            [format!(
                "error $: {}",
                Problem::Import(ImportProblem::Unrecognized)
            )]
        );
    }
    let message = Problem::Import(ImportProblem::Unrecognized).to_string();
    for words in [
        "`version`",
        "`messages`",
        "OpenAI",
        "Anthropic",
        "MCP",
        "JSON-RPC",
    ] {
        assert!(message.contains(words), "{message}");
    }
}

#[test]
fn source_names() {
    for source in Source::ALL {
        assert_eq!(Source::from_name(source.as_str()), Some(source));
        assert_eq!(source.to_string(), source.as_str());
    }
    assert_eq!(Source::from_flag("auto"), Some(None));
    assert_eq!(Source::from_flag("openai"), Some(Some(Source::OpenAi)));
    assert_eq!(
        Source::from_flag("anthropic"),
        Some(Some(Source::Anthropic))
    );
    assert_eq!(Source::from_flag("mcp"), Some(Some(Source::Mcp)));
    assert_eq!(Source::from_flag("envelope"), None);
    assert_eq!(Source::from_flag("OpenAI"), None);
    assert_eq!(Source::from_name("auto"), None);
}

/// Invalid JSON gives exactly the decoder's issue (line and column).
#[test]
fn invalid_json_is_the_decoders_issue() {
    for text in [
        "{\"messages\": [\n  {\"role\": \"user\",, }]}",
        "",
        "{\"a\": 1} x",
        "\u{feff}{",
    ] {
        let Err(errors) = import(text, None) else {
            panic!("imported {text:?}");
        };
        let decoder = pep_core::validate(text);
        assert_eq!(errors, decoder, "{text:?}");
        assert!(matches!(
            errors[0].problem,
            Problem::Structure(StructureProblem::InvalidJson { .. })
        ));
        let Err(named) = import(text, Some(Source::Anthropic)) else {
            panic!("imported {text:?}");
        };
        assert_eq!(named, decoder);
    }
}

/// An envelope is returned decoded as it is, valid or not, with no import warnings; without
/// a `messages` array there is no envelope.
#[test]
fn envelopes_pass_through() {
    let text = common::read("demos/demo-b.json");
    let passed = imported(&text, None);
    assert_eq!(passed.source, Source::Envelope);
    assert!(passed.warnings.is_empty());
    let loaded = pep_core::load(&text, Mode::Strict);
    assert_eq!(Some(&passed.envelope), loaded.envelope.as_ref());

    let invalid = r#"{"version": "2.0", "x": 1, "messages": [{"id": "a", "role": "bot", "segments": [], "timestamp": 1}]}"#;
    let passed = imported(invalid, None);
    assert_eq!(passed.source, Source::Envelope);
    assert!(passed.warnings.is_empty());
    assert_eq!(passed.to_value(), common::json(invalid));

    let errors = import_errors(r#"{"version": "1.0"}"#, None);
    assert_eq!(
        errors,
        ["error messages: missing required field `messages`"]
    );
    let errors = import_errors("[1]", Some(Source::Envelope));
    assert_eq!(errors, ["error $: must be an object, found an array"]);
}

/// A format named with `--from` is read as that format, whatever detection would say.
#[test]
fn named_source_wins() {
    let text =
        r#"{"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}"#;
    let as_openai = imported(text, None);
    let as_anthropic = imported(text, Some(Source::Anthropic));
    assert_eq!(as_openai.source, Source::OpenAi);
    assert_eq!(as_anthropic.source, Source::Anthropic);
    assert_eq!(as_openai.envelope, as_anthropic.envelope);
    assert_eq!(
        as_openai.warnings[0].to_string(),
        "warning max_tokens: left out of the envelope: the key `max_tokens`"
    );
    assert!(
        as_anthropic.warnings[0]
            .to_string()
            .starts_with("warning max_tokens: max_tokens 5 is left out")
    );
    // An OpenAI request read as MCP fails where its shape differs.
    assert_eq!(
        import_errors(text, Some(Source::Mcp)),
        ["error messages[0].content: must be an object, found a string"]
    );
}

/// The printed envelope is 2-space pretty JSON, and `write_pretty_json` writes the same bytes.
#[test]
fn pretty_json() {
    let imported = imported(r#"{"messages": [{"role": "user", "content": "Hi"}]}"#, None);
    let text = imported.to_pretty_json();
    assert!(text.starts_with(
        "{\n  \"version\": \"1.0\",\n  \"messages\": [\n    {\n      \"id\": \"m-1\","
    ));
    let mut written = Vec::new();
    imported
        .write_pretty_json(&mut written)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(String::from_utf8(written).unwrap_or_default(), text);
}
