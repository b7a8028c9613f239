//! `pep import [--from auto|openai|anthropic|mcp|responses|claude-code|codex] FILE`: the
//! envelope on stdout, import warnings and errors on stderr, exit 0 / 1 / 2.

mod common;

use common::{code, pep_with_stdin as pep, repo, text};

fn has_raw_controls(bytes: &[u8]) -> bool {
    text(bytes).chars().any(|c| c.is_control() && c != '\n')
}

const HELLO: &[u8] = br#"{"model":"gpt-4o","temperature":0.2,
  "messages":[{"role":"user","content":"Hello!"}]}"#;

#[test]
fn an_openai_request_from_stdin() {
    let out = pep(&["import", "-"], HELLO);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let expected = match pep_core::import::import(&text(HELLO), None) {
        Ok(imported) => imported.to_pretty_json(),
        Err(errors) => panic!("{errors:?}"),
    };
    assert_eq!(text(&out.stdout), format!("{expected}\n"));
    assert!(text(&out.stdout).starts_with("{\n  \"version\": \"1.0\",\n  \"model\": \"gpt-4o\","));
    assert_eq!(
        text(&out.stderr),
        "warning temperature: left out of the envelope: the key `temperature`\n"
    );
}

#[test]
fn every_export_of_every_demo_imports_back_to_a_valid_envelope() {
    for demo in ["a", "b", "c", "d", "e", "f"] {
        let path = repo(&format!("demos/demo-{demo}.json"));
        for format in ["openai", "responses", "anthropic", "mcp", "otel"] {
            let request = pep(&["export", "--to", format, &path], b"");
            assert_eq!(code(&request), 0, "{demo} {format}");
            for from in ["auto", format] {
                let out = pep(&["import", "--from", from, "-"], &request.stdout);
                assert_eq!(code(&out), 0, "{demo} {format} --from {from}");
                let envelope = text(&out.stdout);
                assert!(envelope.ends_with("}\n"), "{demo} {format}: {envelope}");
                let issues = pep_core::validate(&envelope);
                assert!(
                    !issues.iter().any(|issue| issue.is_error()),
                    "{demo} {format} --from {from}: {issues:?}"
                );
                assert!(!has_raw_controls(&out.stderr), "{demo} {format}");
            }
        }
    }
}

#[test]
fn an_input_that_cannot_be_imported_exits_1() {
    let robot = br#"{"model":"m","messages":[{"role":"robot","content":"hi"}]}"#;
    let cases: [(&[u8], &[&str], &str); 3] = [
        (
            robot,
            &["import", "--from", "openai", "-"],
            "error messages[0].role: unknown role \"robot\"",
        ),
        (
            b"[1, 2]",
            &["import", "-"],
            "error $: not an envelope or an importable request",
        ),
        (
            b"{\n  \"messages\": [}",
            &["import", "-"],
            "error $: invalid JSON at line 2, column",
        ),
    ];
    for (input, args, first) in cases {
        let out = pep(args, input);
        assert_eq!(code(&out), 1, "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with(first), "{args:?}: {stderr}");
        assert!(
            stderr.contains("pep: -: not imported, the input has "),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn an_envelope_is_printed_back_only_when_it_validates() {
    let demo = repo("demos/demo-a.json");
    let out = pep(&["import", &demo], b"");
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let issues = pep_core::validate(&text(&out.stdout));
    assert!(!issues.iter().any(|issue| issue.is_error()), "{issues:?}");

    let invalid = repo("tests/fixtures/invalid/15-memory-item-missing-title.json");
    let out = pep(&["import", &invalid], b"");
    assert_eq!(code(&out), 1);
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error messages[0].segments[0].items[0].title: missing required field"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("not imported, the input has 1 error(s)\n"),
        "{stderr}"
    );
}

#[test]
fn control_characters_in_warnings_are_escaped() {
    let request = "{\"model\":\"m\",\"x\\u001b[31m\\u0085\":1,\
                   \"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    let out = pep(&["import", "-"], request.as_bytes());
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("the key `x\\u{1b}[31m\\u{85}`"), "{stderr}");
    assert!(!has_raw_controls(&out.stderr), "{stderr:?}");
}

#[test]
fn usage_problems_exit_2() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["import", "--from", "bedrock", "a.json"],
            "pep: import: unknown format `bedrock` (supported: auto, openai, anthropic, mcp, responses, claude-code, codex, otel, gemini, gemini-cli)\n",
        ),
        (&["import"], "pep: import: no FILE given\n"),
        (
            &["import", "a.json", "b.json"],
            "pep: import: takes exactly one FILE\n",
        ),
        (
            &["import", "--to", "openai", "a.json"],
            "pep: import: unknown option `--to`",
        ),
        (
            &["import", "/no/such/file.json"],
            "pep: /no/such/file.json: no such file\n",
        ),
    ];
    for (args, start) in cases {
        let out = pep(args, b"");
        assert_eq!(code(&out), 2, "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with(start), "{args:?}: {stderr}");
    }
}

#[test]
fn help_lists_the_formats() {
    for args in [&["import", "--help"][..], &["help", "import"]] {
        let out = pep(args, b"");
        assert_eq!(code(&out), 0, "{args:?}");
        let help = text(&out.stdout);
        assert!(help.starts_with("pep import — "), "{help}");
        assert!(
            help.contains(
                "pep import [--from auto|openai|anthropic|mcp|responses|claude-code|codex|otel|gemini|gemini-cli] \
                 [--index K | --all] FILE"
            ),
            "{help}"
        );
        assert!(help.contains("Formats:\n  auto "), "{help}");
        assert!(help.contains("warning PATH: message"), "{help}");
    }
    let main = text(&pep(&["--help"], b"").stdout);
    assert!(main.contains("pep import FILE"), "{main}");
}
