//! `pep import --index K | --all FILE` (DECISIONS §13): a file of many requests, one per line
//! (an OpenAI Batch line counting as its `body`), is an error without a choice, request K with
//! `--index K`, a JSON array with `--all`; a line that cannot be imported is skipped, named.

mod common;

use common::{code, pep_with_stdin as pep, text};

const MANY: &[u8] = br#"{"model":"gpt-4o","messages":[{"role":"user","content":"one"}],"temperature":0.1}
{"custom_id":"r2","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-4o","messages":[{"role":"user","content":"two"}]}}
{"model":"text-embedding-3-small","input":"not a conversation"}
{"model":"gpt-5","instructions":"Be brief.","input":"three"}
"#;

#[test]
fn without_a_choice_the_error_names_both_flags() {
    let out = pep(&["import", "-"], MANY);
    assert_eq!(code(&out), 1);
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).starts_with(
            "error $: the file holds 4 requests, one per line: choose one with `pep import --index K` (1 to 4) or take all with `--all`\n"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn index_picks_one_request_and_all_prints_every_envelope() {
    let out = pep(&["import", "--index", "2", "-"], MANY);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let envelope: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    assert_eq!(envelope["messages"][0]["segments"][0]["content"], "two");
    let skipped = "warning line 3: the request is skipped: error model: an embeddings request";
    assert!(
        text(&out.stderr).starts_with(skipped),
        "{}",
        text(&out.stderr)
    );

    let out = pep(&["import", "--all", "-"], MANY);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let firsts: Vec<&str> = all
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["messages"].as_array()?.last()?["segments"][0]["content"].as_str())
        .collect();
    assert_eq!(firsts, ["one", "two", "three"]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "warning line 1.temperature: left out of the envelope: the key `temperature`\n"
        ),
        "{stderr}"
    );
}

#[test]
fn out_of_range_skipped_and_not_many_are_errors_naming_why() {
    let cases: [(&[&str], &[u8], &str); 4] = [
        (&["import", "--index", "5", "-"], MANY, "pep: -: --index 5 is out of range: the file holds 4 requests (1 to 4)\n"),
        (&["import", "--index", "3", "-"], MANY, "pep: -: request 3 cannot be imported (see above)\n"),
        (&["import", "--all", "-"], br#"{"model":"m","messages":[{"role":"user","content":"x"}]}"#,
            "pep: -: --index and --all take a file of many requests (JSON Lines of requests, or an OTLP trace with several GenAI spans); this is not one\n"),
        (&["import", "--all", "-"], b"{\"model\":\"text-embedding-3-small\",\"input\":\"a\"}\n{\"model\":\"text-embedding-3-small\",\"input\":\"b\"}\n",
            "pep: -: not imported, the input has 1 error(s)\n"),
    ];
    for (args, input, ending) in cases {
        let out = pep(args, input);
        assert_eq!(code(&out), 1, "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert!(
            text(&out.stderr).ends_with(ending),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let out = pep(&["import", "--index", "1", "--all", "-"], MANY);
    assert_eq!(code(&out), 2);
}

/// DECISIONS §12, §13: an OTLP trace with several GenAI spans is a file of many requests,
/// one per span (the `execute_tool` span between the two calls is none); `--index` counts
/// the spans, each envelope stamped with its span's start.
#[test]
fn a_trace_of_several_genai_spans_is_a_file_of_many_requests() {
    let path = common::repo("tests/fixtures/import/otel-many/spec-weather-tool-loop.json");
    let out = pep(&["import", &path], b"");
    assert_eq!(code(&out), 1);
    assert!(
        text(&out.stderr).starts_with(
            "error $: the file holds 2 requests, each a GenAI span of the trace: choose one with \
             `pep import --index K` (1 to 2) or take all with `--all`\n"
        ),
        "{}",
        text(&out.stderr)
    );
    let out = pep(&["import", "--index", "2", &path], b"");
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let second: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    assert_eq!(second["model"], "gpt-4");
    assert_eq!(second["messages"][0]["timestamp"], 1_767_225_601_300_i64);
    let out = pep(&["import", "--all", &path], b"");
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let lengths: Vec<usize> = all
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| Some(e["messages"].as_array()?.len()))
        .collect();
    assert_eq!(lengths, [3, 4], "{all}");
    let out = pep(&["import", "--index", "3", &path], b"");
    assert_eq!(code(&out), 1);
    assert!(text(&out.stderr).contains("the file holds 2 requests (1 to 2)"));
}
