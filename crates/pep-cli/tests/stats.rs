//! `pep stats` as users run it: the table, the JSON, errors, usage and escaping.

mod common;

use std::process::Output;

use common::{code, pep_with_stdin as pep, repo, text};

use serde_json::Value;

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&output.stdout)))
}

/// A user says "hello world", the assistant "你好".
const HELLO: &[u8] = r#"{"version":"1.0","model":"gpt-4o","messages":[
  {"id":"a","role":"user","segments":[{"kind":"text","content":"hello world"}],"timestamp":1},
  {"id":"b","role":"assistant","segments":[{"kind":"text","content":"你好"}],"timestamp":2}]}"#
    .as_bytes();

#[test]
fn exact_counts_by_hand() {
    let out = pep(&["stats", "--format", "json", "-"], HELLO);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let stats = json(&out);
    // "hello world" is `hello` + ` world`; 你好 is one o200k_base token.
    let segments = &stats["segments"];
    assert_eq!(segments[0]["path"], "messages[0].segments[0]");
    assert_eq!(
        (&segments[0]["chars"], &segments[0]["tokens"]),
        (&11.into(), &2.into())
    );
    assert_eq!(
        (&segments[1]["chars"], &segments[1]["tokens"]),
        (&2.into(), &1.into())
    );
    // OpenAI: "user" (1), "hello world" (2), "assistant" (1), "你好" (1).
    let openai = &stats["requests"][0];
    assert_eq!(openai["format"], "openai");
    assert_eq!(
        (&openai["chars"], &openai["tokens"]),
        (&26.into(), &5.into())
    );
    assert_eq!(openai["estimate"], 5);
    assert_eq!(stats["context_window"], 128_000);
    assert_eq!(stats["tokenizer"], "o200k_base");
}

#[test]
fn the_json_has_every_kind_message_and_format_in_order() {
    let out = pep(&["stats", "--format=json", &repo("demos/demo-b.json")], b"");
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let keys = [
        "\"model\"",
        "\"tokenizer\"",
        "\"context_window\"",
        "\"segments\"",
        "\"kinds\"",
        "\"messages\"",
        "\"requests\"",
    ];
    let at: Vec<usize> = keys.iter().filter_map(|k| stdout.find(k)).collect();
    assert_eq!(at.len(), keys.len());
    assert!(at.windows(2).all(|w| w[0] < w[1]), "key order: {at:?}");
    let stats = json(&out);
    let kinds: Vec<&str> = stats["kinds"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|k| k["kind"].as_str())
        .collect();
    let all: Vec<&str> = pep_core::SegmentKind::ALL
        .iter()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(kinds, all);
    let formats: Vec<&str> = stats["requests"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["format"].as_str())
        .collect();
    assert_eq!(
        formats,
        ["openai", "responses", "anthropic", "mcp", "otel", "gemini"]
    );
    assert_eq!(stats["messages"].as_array().map(Vec::len), Some(7));
    // The kind totals add up the rows.
    let rows = stats["segments"].as_array().cloned().unwrap_or_default();
    for kind in stats["kinds"].as_array().into_iter().flatten() {
        let sum: u64 = rows
            .iter()
            .filter(|row| row["kind"] == kind["kind"])
            .filter_map(|row| row["tokens"].as_u64())
            .sum();
        assert_eq!(Some(sum), kind["tokens"].as_u64(), "{}", kind["kind"]);
    }
}

#[test]
fn the_table_has_each_section_and_the_estimate() {
    let out = pep(
        &[
            "stats",
            &repo("tests/fixtures/valid/03-with-schema-key.json"),
        ],
        b"",
    );
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(&format!(
            "{}: model claude-opus-4-8, context window 200000 tokens\n",
            repo("tests/fixtures/valid/03-with-schema-key.json")
        )),
        "{stdout}"
    );
    for section in ["\nSegments\n", "\nKinds\n", "\nMessages\n", "\nRequests ("] {
        assert!(stdout.contains(section), "{section}: {stdout}");
    }
    let image = stdout
        .lines()
        .find(|l| l.contains("messages[0].segments[1]"))
        .unwrap_or_default();
    assert!(
        image.contains("media") && image.contains("image:"),
        "{image}"
    );
    let openai = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("openai"))
        .unwrap_or_default();
    let cells: Vec<&str> = openai.split_whitespace().collect();
    // format, chars, tokens, ≈est, error, window.
    assert_eq!(cells.len(), 6, "{openai}");
    assert!(
        cells[4].ends_with('%') && cells[5].ends_with('%'),
        "{openai}"
    );
}

#[test]
fn an_unknown_model_has_no_window() {
    let envelope = text(HELLO).replace("gpt-4o", "my-model");
    let out = pep(&["stats", "-"], envelope.as_bytes());
    assert_eq!(code(&out), 0);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("-: model my-model, context window unknown\n"),
        "{stdout}"
    );
    let json = json(&pep(
        &["stats", "--format", "json", "-"],
        envelope.as_bytes(),
    ));
    assert_eq!(json["context_window"], Value::Null);
}

#[test]
fn an_envelope_with_errors_is_not_measured() {
    let file = repo("tests/fixtures/invalid/06-unknown-role.json");
    let out = pep(&["stats", &file], b"");
    assert_eq!(code(&out), 1);
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error messages[0].role"), "{stderr}");
    assert!(
        stderr.contains("not measured, the envelope has 1 error(s)"),
        "{stderr}"
    );
}

#[test]
fn usage_errors_exit_2() {
    for (args, fragment) in [
        (&["stats"][..], "pep: stats: no FILE given"),
        (
            &["stats", "--format", "csv", "a"][..],
            "unknown format `csv`",
        ),
        (&["stats", "a", "b"][..], "exactly one FILE"),
        (
            &["stats", "a", "--format"][..],
            "pep: stats: `--format` needs a value",
        ),
        (
            &["stats", "--to", "openai", "a"][..],
            "stats: unknown option `--to`",
        ),
    ] {
        let out = pep(args, b"");
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(
            text(&out.stderr).contains(fragment),
            "{}",
            text(&out.stderr)
        );
    }
    let missing = pep(&["stats", "/no/such/file.json"], b"");
    assert_eq!(code(&missing), 2);
    assert_eq!(
        text(&missing.stderr),
        "pep: /no/such/file.json: no such file\n"
    );
}

#[test]
fn help_mentions_stats() {
    let out = pep(&["stats", "--help"], b"");
    assert_eq!(code(&out), 0);
    assert!(text(&out.stdout).starts_with("pep stats — the context budget"));
    assert!(text(&pep(&["--help"], b"").stdout).contains("pep stats FILE"));
}

#[test]
fn control_characters_in_user_strings_are_escaped() {
    // ESC in the model name, DEL and a C1 control (NEL) after it.
    let envelope = text(HELLO).replace("gpt-4o", "gpt\\u001b[31m\\u007f\\u0085");
    let table = pep(&["stats", "-"], envelope.as_bytes());
    assert_eq!(code(&table), 0, "{}", text(&table.stderr));
    let stdout = text(&table.stdout);
    assert!(
        stdout.contains("model gpt\\u{1b}[31m\\u{7f}\\u{85},"),
        "{stdout}"
    );
    let json_out = pep(&["stats", "--format", "json", "-"], envelope.as_bytes());
    for out in [&table, &json_out] {
        let raw = text(&out.stdout);
        assert!(
            !raw.chars().any(|c| c.is_control() && c != '\n'),
            "a raw control character: {raw:?}"
        );
    }
    assert_eq!(json(&json_out)["model"], "gpt\u{1b}[31m\u{7f}\u{85}");
}
