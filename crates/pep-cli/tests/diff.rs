//! `pep diff A B` as users run it: the golden pairs of `tests/fixtures/diff/` (text and
//! JSON output, exit 0 when the same and 1 when different), standard input, `--to`, and
//! the usage and input errors (exit 2).

mod common;

use std::process::Output;

use common::{code, pep_with_stdin, repo, temp_file, text};

fn pep(args: &[&str]) -> Output {
    pep_with_stdin(args, b"")
}

/// Every case directory of `tests/fixtures/diff/`.
fn cases() -> Vec<String> {
    let mut cases: Vec<String> = std::fs::read_dir(repo("tests/fixtures/diff"))
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    cases.sort();
    cases
}

fn fixture(case: &str, name: &str) -> String {
    repo(&format!("tests/fixtures/diff/{case}/{name}"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn each_case_prints_its_report_and_exits_by_sameness() {
    let cases = cases();
    assert_eq!(cases.len(), 10, "{cases:?}");
    for case in &cases {
        let (a, b) = (fixture(case, "a.json"), fixture(case, "b.json"));
        let expected_json = read(&fixture(case, "expected.json"));
        let same = expected_json.contains("\n  \"same\": true,");
        let status = if same { 0 } else { 1 };
        let out = pep(&["diff", &a, &b]);
        assert_eq!(code(&out), status, "{case}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            read(&fixture(case, "expected.txt")),
            "{case}"
        );
        assert_eq!(text(&out.stderr), "", "{case}");
        let out = pep(&["diff", "--format", "json", &a, &b]);
        assert_eq!(code(&out), status, "{case}");
        assert_eq!(text(&out.stdout), expected_json, "{case}");
    }
}

#[test]
fn the_text_says_the_cache_is_an_upper_bound() {
    let case = "variable-changed";
    let out = pep(&["diff", &fixture(case, "a.json"), &fixture(case, "b.json")]);
    let report = text(&out.stdout);
    assert!(report.contains("the cache breaks at messages[0] in A and messages[0] in B (messages[0].segments[1], system_prompt: variable `date` changed)"), "{report}");
    assert!(
        report.contains("upper bounds: providers cache in blocks and only from a minimum length"),
        "{report}"
    );
}

#[test]
fn one_side_may_be_standard_input() {
    let case = "middle-changed";
    let b = read(&fixture(case, "b.json"));
    let out = pep_with_stdin(
        &["diff", "--format=json", &fixture(case, "a.json"), "-"],
        b.as_bytes(),
    );
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), read(&fixture(case, "expected.json")));
}

#[test]
fn to_keeps_one_cache_report() {
    let case = "tool-added";
    let (a, b) = (fixture(case, "a.json"), fixture(case, "b.json"));
    let out = pep(&["diff", "--to", "anthropic", "--format", "json", &a, &b]);
    assert_eq!(code(&out), 1);
    let report = text(&out.stdout);
    assert!(report.contains("\"anthropic\": {"), "{report}");
    assert!(!report.contains("\"openai\""), "{report}");
    let out = pep(&["diff", "--to", "openai", &a, &b]);
    let report = text(&out.stdout);
    assert!(report.contains("\n  openai: "), "{report}");
    assert!(!report.contains("anthropic:"), "{report}");
    assert!(!report.contains("responses:"), "{report}");
    let out = pep(&["diff", "--to", "responses", &a, &b]);
    assert_eq!(code(&out), 1);
    let report = text(&out.stdout);
    assert!(
        report.contains("\n  responses: the first ≈ 35 tokens are the same; the cache breaks at instructions in A and tools[1] in B"),
        "{report}"
    );
    assert!(!report.contains("openai:"), "{report}");
}

#[test]
fn usage_and_input_errors_exit_2() {
    let a = fixture("identical", "a.json");
    let bad = temp_file(
        "diff-bad.json",
        br#"{"version":"1.0","messages":[{"id":"m","role":"developer","segments":[{"kind":"text","content":"x"}],"timestamp":1}]}"#,
    );
    let cases: [(&[&str], &str); 6] = [
        (
            &["diff", "-", "-"],
            "pep: diff: only one of A and B can be `-` (standard input)\n",
        ),
        (&["diff", &a], "pep: diff: no B given\n"),
        (
            &["diff", "--to", "mcp", &a, &a],
            "pep: diff: unknown format `mcp` (supported: openai, responses, anthropic, gemini)\n",
        ),
        (
            &["diff", "--format", "table", &a, &a],
            "pep: diff: unknown format `table` (supported: text, json)\n",
        ),
        (
            &["diff", &a, "no-such-file.json"],
            "pep: no-such-file.json: no such file\n",
        ),
        (
            &["diff", &a, &bad],
            "error messages[0].role: unknown role \"developer\"",
        ),
    ];
    for (args, message) in cases {
        let out = pep(args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
    }
    let out = pep(&["diff", &bad, &a]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.ends_with(&format!(
            "pep: A ({bad}): not compared, the input has 1 error(s)\n"
        )),
        "{stderr}"
    );
}

#[test]
fn the_help_describes_diff() {
    let main = text(&pep(&["--help"]).stdout);
    assert!(main.contains("\n  pep diff A B  "), "{main}");
    let out = pep(&["diff", "--help"]);
    assert_eq!(code(&out), 0);
    let help = text(&out.stdout);
    assert!(
        help.starts_with("pep diff — compare two Prompt Envelope files or requests"),
        "{help}"
    );
    for fragment in [
        "Usage:\n  pep diff [--to openai|responses|anthropic|gemini] [--format text|json] A B\n",
        "responses  OpenAI Responses\n",
        "an upper\nbound",
        "Exit status: 0 the same, 1 different, 2 usage or input problem.",
    ] {
        assert!(help.contains(fragment), "{fragment:?}: {help}");
    }
}
