//! The `pep` binary as users run it: arguments, exit codes, stdout and stderr.

mod common;

use std::process::Output;

use common::{code, pep_with_stdin, repo, temp_file, text};

fn pep(args: &[&str]) -> Output {
    pep_with_stdin(args, b"")
}

#[test]
fn validate_a_clean_demo() {
    let out = pep(&["validate", &repo("demos/demo-f.json")]);
    assert_eq!(code(&out), 0);
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("valid (0 errors, 0 warnings)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn validate_prints_error_lines_and_exits_1() {
    let out = pep(&[
        "validate",
        &repo("tests/fixtures/invalid/15-memory-item-missing-title.json"),
    ]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        text(&out.stdout),
        "error messages[0].segments[0].items[0].title: missing required field `title`\n"
    );
    assert!(text(&out.stderr).contains("invalid (1 error, 0 warnings)"));
}

#[test]
fn validate_warnings_only_exits_0() {
    let file = temp_file(
        "warn.json",
        br#"{"version":"1.0","model":"","messages":[{"id":"a","role":"user","segments":[{"kind":"text","content":"x"}],"timestamp":1}]}"#,
    );
    let out = pep(&["validate", &file]);
    assert_eq!(code(&out), 0);
    assert_eq!(text(&out.stdout), "warning model: model is empty\n");
}

#[test]
fn validate_invalid_json_names_line_and_column() {
    let out = pep_with_stdin(
        &["validate", "-"],
        b"{\n  \"version\": \"1.0\",\n  \"messages\": [}\n",
    );
    assert_eq!(code(&out), 1);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("error $: invalid JSON at line 3, column 16: "),
        "{stdout}"
    );
}

#[test]
fn validate_several_files_with_headers() {
    let good = repo("demos/demo-a.json");
    let bad = repo("tests/fixtures/invalid/06-unknown-role.json");
    let out = pep(&["validate", &good, &bad]);
    assert_eq!(code(&out), 1);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "only issue lines on stdout: {stdout}");
    assert!(
        lines[0].starts_with("error messages[0].role: unknown role"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with(&format!("==> {good} <==\n")), "{stderr}");
    assert!(stderr.contains(&format!("==> {bad} <==\n")), "{stderr}");
}

#[test]
fn unreadable_inputs_exit_2_with_a_clear_message() {
    let missing = pep(&["validate", "/no/such/file.json"]);
    assert_eq!(code(&missing), 2);
    assert_eq!(
        text(&missing.stderr),
        "pep: /no/such/file.json: no such file\n"
    );

    let dir = repo("demos");
    let directory = pep(&["validate", &dir]);
    assert_eq!(code(&directory), 2);
    assert!(
        text(&directory.stderr).contains("is a directory"),
        "{}",
        text(&directory.stderr)
    );

    let latin1 = temp_file(
        "latin1.json",
        b"{\"version\":\"1.0\",\n\"model\":\"caf\xe9\"}",
    );
    for args in [
        vec!["validate", latin1.as_str()],
        vec!["export", "--to", "openai", latin1.as_str()],
    ] {
        let out = pep(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("not valid UTF-8 (byte 0xe9 at line 2, column 13"),
            "{stderr}"
        );
        assert_eq!(text(&out.stdout), "");
    }

    let export_missing = pep(&["export", "--to", "openai", "/no/such/file.json"]);
    assert_eq!(code(&export_missing), 2);
    assert!(text(&export_missing.stderr).contains("no such file"));
}

#[test]
fn a_missing_file_among_others_still_validates_the_rest() {
    let out = pep(&[
        "validate",
        "/no/such.json",
        &repo("tests/fixtures/invalid/06-unknown-role.json"),
    ]);
    assert_eq!(code(&out), 2);
    assert!(text(&out.stdout).contains("error messages[0].role"));
}

#[test]
fn export_prints_pretty_json_matching_the_core() {
    for demo in ["a", "b", "c", "d", "e", "f"] {
        let path = repo(&format!("demos/demo-{demo}.json"));
        let out = pep(&["export", "--to", "openai", &path]);
        assert_eq!(code(&out), 0, "{demo}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr),
            "",
            "demo {demo} exports without warnings"
        );
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        let expected = match pep_core::export_text(
            &source,
            pep_core::Format::OpenAi,
            pep_core::Options::default(),
        ) {
            Ok(export) => export.to_pretty_json(),
            Err(issues) => panic!("{issues:?}"),
        };
        assert_eq!(text(&out.stdout), format!("{expected}\n"), "{demo}");
        assert!(text(&out.stdout).starts_with("{\n  \"model\": "), "{demo}");
    }
}

#[test]
fn export_reads_stdin_and_prints_warnings_on_stderr() {
    let envelope = br#"{"version":"1.0","messages":[{"id":"a","role":"user","segments":[{"kind":"text","content":"hi"}],"timestamp":1}]}"#;
    let out = pep_with_stdin(&["export", "--to=openai", "-"], envelope);
    assert_eq!(code(&out), 0);
    assert_eq!(
        text(&out.stdout),
        "{\n  \"messages\": [\n    {\n      \"role\": \"user\",\n      \"content\": \"hi\"\n    }\n  ]\n}\n"
    );
    assert_eq!(
        text(&out.stderr),
        "warning model: no model given; the request has no \"model\" key\n"
    );
}

#[test]
fn export_refuses_envelopes_with_errors() {
    let out = pep(&[
        "export",
        "--to",
        "openai",
        &repo("tests/fixtures/invalid/01-wrong-version.json"),
    ]);
    assert_eq!(code(&out), 1);
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error version: `version` must be the string \"1.0\", found \"2.0\"\n"),
        "{stderr}"
    );
    assert!(stderr.contains("not exported"), "{stderr}");
}

#[test]
fn usage_problems_exit_2() {
    for args in [
        vec!["frobnicate"],
        vec!["validate"],
        vec!["export", "--to", "cohere", "x.json"],
        vec!["export", "--to", "anthropic", "--max-tokens", "0", "x.json"],
        vec!["export", "--to", "mcp", "--max-tokens", "5", "x.json"],
        vec!["export", "x.json"],
        vec!["validate", "--bogus", "x.json"],
    ] {
        let out = pep(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(text(&out.stderr).starts_with("pep: "), "{args:?}");
        assert!(text(&out.stderr).contains("pep --help"), "{args:?}");
    }
}

#[test]
fn help_for_each_command() {
    for (args, fragment) in [
        (vec!["--help"], "pep validate FILE..."),
        (vec!["-h"], "pep export --to FORMAT FILE"),
        (vec!["validate", "--help"], "error PATH: message"),
        (vec!["export", "--help"], "pretty-printed with two spaces"),
        (vec!["help", "export"], "Formats:"),
        (vec!["export", "--help"], "anthropic  Anthropic Messages"),
    ] {
        let out = pep(&args);
        assert_eq!(code(&out), 0, "{args:?}");
        assert!(
            text(&out.stdout).contains(fragment),
            "{args:?}: {}",
            text(&out.stdout)
        );
    }
    let version = pep(&["--version"]);
    assert!(text(&version.stdout).starts_with("pep 0.1.0"));
}

#[test]
fn control_characters_in_user_strings_are_written_escaped() {
    // DECISIONS §9: an ESC in a role, a key, a tool name or a file name must not reach the
    // terminal raw.
    let envelope = r#"{"version":"1.0","model":"m","messages":[
        {"id":"a","role":"\u001b[31mred","segments":[{"kind":"text","content":"x"}],"timestamp":1},
        {"id":"b","role":"user","x\u007f\u0085":1,"segments":[{"kind":"text","content":"x"}],"timestamp":2}]}"#;
    let file = temp_file("controls.json", envelope.as_bytes());
    let out = pep(&["validate", &file]);
    let stdout = text(&out.stdout);
    assert_eq!(code(&out), 1);
    assert!(
        stdout.contains(r#"error messages[0].role: unknown role "\u{1b}[31mred""#),
        "{stdout}"
    );
    assert!(
        stdout.contains(r#"warning messages[1]["x\u007f\u0085"]: unknown field `x\u{7f}\u{85}`"#),
        "{stdout}"
    );
    let raw_controls = |bytes: &[u8]| {
        String::from_utf8_lossy(bytes)
            .chars()
            .any(|c| c.is_control() && c != '\n')
    };
    assert!(!raw_controls(&out.stdout), "{stdout:?}");
    assert!(!raw_controls(&out.stderr));

    let unanswered = r#"{"version":"1.0","model":"m","messages":[{"id":"a","role":"assistant","timestamp":1,
        "segments":[{"kind":"tool_call_request","toolName":"t\u001b]0;owned\u0007","arguments":{},"collapsed":false}]}]}"#;
    let out = pep_with_stdin(&["export", "--to", "openai", "-"], unanswered.as_bytes());
    assert_eq!(code(&out), 0);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(r#""t\u{1b}]0;owned\u{7}" is never answered"#),
        "{stderr}"
    );
    assert!(!raw_controls(&out.stderr), "{stderr:?}");

    let out = pep(&["validate", "no\u{1b}such.json"]);
    assert_eq!(code(&out), 2);
    assert!(text(&out.stderr).contains("pep: no\\u{1b}such.json: no such file"));
    assert!(!raw_controls(&out.stderr));
}

#[test]
fn validate_reports_request_checks_as_warnings_and_exits_0() {
    let demo = std::fs::read_to_string(repo("demos/demo-b.json"))
        .unwrap_or_else(|e| panic!("demo-b: {e}"));
    let broken = demo.replacen(
        r#""query": "LLM context transparency chat interface""#,
        r#""query": 42"#,
        1,
    );
    assert_ne!(broken, demo, "the demo's first call was edited");
    let file = temp_file("request-checks.json", broken.as_bytes());
    let out = pep(&["validate", &file]);
    assert_eq!(code(&out), 0, "request checks are warnings");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            r#"warning messages[2].segments[1].arguments.query: arguments of "search_papers" do not match its schema: is a number, the schema wants a string"#
        ),
        "{stdout}"
    );
}
