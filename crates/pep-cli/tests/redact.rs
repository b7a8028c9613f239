//! `pep redact FILE`: the redacted envelope as pretty JSON on stdout, one `PATH: KIND` line per
//! secret on stderr, exit 0 found or not, 1 when the input is not an envelope.

mod common;

use std::process::Output;

use common::{code, pep_with_stdin, repo, temp_file, text};

fn pep(args: &[&str]) -> Output {
    pep_with_stdin(args, b"")
}

const KEY: &str = "sk-proj-Qw3rTy8UiOp1AsDf5GhJk2LzXc9VbNm4";

fn envelope() -> String {
    format!(
        r#"{{"version":"1.0","model":"gpt-4o","messages":[{{"id":"m1","role":"user","timestamp":1,
"segments":[{{"kind":"static_var","name":"DB_PASSWORD","value":"hunter2"}},
{{"kind":"text","content":"key {KEY}, Bearer a1B2c3D4e5F6g7H8i9J0"}},
{{"kind":"long_text","content":"log: {KEY}","charCount":{},"collapsed":true}}]}}]}}"#,
        format!("log: {KEY}").chars().count()
    )
}

#[test]
fn prints_the_redacted_envelope_and_one_line_per_finding() {
    let file = temp_file("secrets.json", envelope().as_bytes());
    let out = pep(&["redact", &file]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "messages[0].segments[0].value: named-secret\n\
         messages[0].segments[1].content: openai-key\n\
         messages[0].segments[1].content: bearer-token\n\
         messages[0].segments[2].content: openai-key\n"
    );
    let stdout = text(&out.stdout);
    let value: serde_json::Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    // Two-space pretty JSON, ending in a newline, exactly serde_json's.
    let pretty = serde_json::to_string_pretty(&value).unwrap_or_default();
    assert_eq!(stdout, format!("{pretty}\n"));
    assert!(
        stdout.starts_with("{\n  \"version\": \"1.0\",\n"),
        "{stdout}"
    );
    let segments = &value["messages"][0]["segments"];
    assert_eq!(segments[0]["value"], "[redacted: named-secret]");
    assert_eq!(
        segments[1]["content"],
        "key [redacted: openai-key], Bearer [redacted: bearer-token]"
    );
    assert_eq!(segments[2]["content"], "log: [redacted: openai-key]");
    assert_eq!(segments[2]["charCount"], 27);
    assert!(
        !stdout.contains(KEY) && !stdout.contains("hunter2"),
        "{stdout}"
    );
    // The output is a valid envelope, and redacting it again finds nothing.
    let again = pep_with_stdin(&["redact", "-"], stdout.as_bytes());
    assert_eq!(code(&again), 0);
    assert_eq!(text(&again.stderr), "");
    assert_eq!(text(&again.stdout), stdout);
    let validate = pep_with_stdin(&["validate", "-"], stdout.as_bytes());
    assert_eq!(code(&validate), 0, "{}", text(&validate.stdout));
}

#[test]
fn nothing_found_is_exit_0_and_the_envelope_unchanged() {
    let demo = repo("demos/demo-f.json");
    let out = pep(&["redact", &demo]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let original: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(&demo).unwrap_or_else(|e| panic!("{demo}: {e}")),
    )
    .unwrap_or_else(|e| panic!("{demo}: {e}"));
    let printed: serde_json::Value =
        serde_json::from_str(&text(&out.stdout)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(printed, original);
}

#[test]
fn standard_input_with_a_dash() {
    let out = pep_with_stdin(&["redact", "-"], envelope().as_bytes());
    assert_eq!(code(&out), 0);
    assert_eq!(text(&out.stderr).lines().count(), 4);
    assert!(text(&out.stdout).contains("[redacted: openai-key]"));
}

#[test]
fn not_an_envelope_is_exit_1_with_the_problem_named() {
    for (input, first) in [
        (
            &b"{\n  \"version\": \"1.0\",\n  \"messages\": [}\n"[..],
            "error $: invalid JSON at line 3, column 16: ",
        ),
        (b"[1, 2]", "error $: "),
        (b"{\"version\":\"1.0\"}", "error "),
    ] {
        let out = pep_with_stdin(&["redact", "-"], input);
        assert_eq!(code(&out), 1, "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with(first), "{stderr}");
        assert!(
            stderr.ends_with("pep: -: not redacted, the input is not an envelope\n"),
            "{stderr}"
        );
    }
}

#[test]
fn a_request_to_import_is_not_an_envelope() {
    // DECISIONS §8: exit 1 when the input is not an envelope; an object without `version` is
    // none (§7), though it decodes with errors. What it is, and what to do, is said.
    let request = br#"{"model":"gpt-4o","messages":[{"role":"user","content":"key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"}]}"#;
    let out = pep_with_stdin(&["redact", "-"], request);
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "error version: missing required field `version`\n\
         pep: -: `pep import` reads this input as `openai` and makes an envelope of it\n\
         pep: -: not redacted, the input is not an envelope\n"
    );
}

#[test]
fn usage_and_input_problems_are_exit_2() {
    let out = pep(&["redact", &repo("demos/no-such-file.json")]);
    assert_eq!(code(&out), 2);
    assert!(
        text(&out.stderr).contains("no such file"),
        "{}",
        text(&out.stderr)
    );
    let out = pep(&["redact"]);
    assert_eq!(code(&out), 2);
    assert!(
        text(&out.stderr).starts_with("pep: redact: no FILE given"),
        "{}",
        text(&out.stderr)
    );
    let out = pep(&["redact", "a.json", "b.json"]);
    assert_eq!(code(&out), 2);
    assert!(
        text(&out.stderr).contains("takes exactly one FILE"),
        "{}",
        text(&out.stderr)
    );
    let help = pep(&["redact", "--help"]);
    assert_eq!(code(&help), 0);
    let help = text(&help.stdout);
    assert!(help.starts_with("pep redact — "), "{help}");
    assert!(help.contains("  PATH: KIND\n"), "{help}");
}
