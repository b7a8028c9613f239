//! Gemini CLI recordings (DECISIONS §14): the replay of a JSON Lines log (upserts, rewinds,
//! checkpoints), each record type, a tool answer recorded twice read once, the older single
//! object, and detection. Real recordings are in `import_log_fixtures.rs`.

mod common;
#[path = "import/support.rs"]
mod support;

use common::assert_warnings;
use pep_core::import::{Source, import};
use serde_json::json;
use support::{imported, summary};

const HEADER: &str = r#"{"sessionId":"s","projectHash":"p","startTime":"2026-08-21T10:00:00.000Z","lastUpdated":"x"}"#;

fn log(lines: &[serde_json::Value]) -> String {
    let mut text = format!("{HEADER}\n");
    for line in lines {
        text.push_str(&line.to_string());
        text.push('\n');
    }
    text
}

fn record(id: &str, kind: &str, content: serde_json::Value) -> serde_json::Value {
    json!({"id": id, "timestamp": format!("2026-08-21T10:00:{:02}.000Z", id.len()), "type": kind, "content": content})
}

/// Records are upserted by id, a rewind removes its target and what follows, a checkpoint
/// replaces the list and later lines apply to it; one warning counts what they removed.
#[test]
fn the_replay() {
    let text = log(&[
        record("a", "user", json!("one")),
        json!({"$set": {"lastUpdated": "y"}}),
        record("bb", "gemini", json!("draft")),
        record("ccc", "user", json!("three")),
        record("bb", "gemini", json!("two")),
        json!({"$rewindTo": "ccc"}),
        record("dddd", "user", json!("four")),
        json!({"$set": {"messages": [record("a", "user", json!("one, again")), record("e", "user", json!("five"))]}}),
        record("ffffff", "user", json!("six")),
        json!({"$rewindTo": "no such id"}),
        record("g", "user", json!("seven")),
        record("hh", "gemini", json!("eight")),
    ]);
    let imported = imported(&text, None);
    assert_eq!(imported.source, Source::GeminiCli);
    support::assert_valid(&imported);
    let texts: Vec<String> = imported.to_value()["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            format!(
                "{} {}",
                m["role"].as_str().unwrap_or(""),
                m["segments"][0]["content"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(texts, ["user seven", "assistant eight"]);
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    // The first rewind removed ccc; the checkpoint a (replaced), bb, dddd → 2 gone (a stays by
    // id); the unknown rewind a, e, ffffff: 1 + 2 + 3.
    assert_warnings(
        &warnings,
        &[
            ("line 7", "6 records removed by a rewind or a checkpoint"),
            ("$", "holds no system prompt or tool declarations"),
        ],
    );
}

/// gemini-cli since v0.44: the answer as its own user record and in `toolCalls[].result`, and
/// a checkpoint's gemini record holding its functionCall parts too: each read once.
#[test]
fn a_tool_answer_recorded_twice_is_read_once() {
    let call = json!({"id": "t1", "name": "ls", "args": {"path": "."}, "status": "success",
        "result": [{"functionResponse": {"id": "t1", "name": "ls", "response": {"output": "a b"}}}, {"text": "(2 files)"}],
        "displayName": "ls", "description": "", "resultDisplay": "a b", "renderOutputAsMarkdown": false});
    let failed = json!({"id": "t2", "name": "rm", "args": "x y", "status": "error",
        "result": [{"functionResponse": {"id": "t2", "name": "rm", "response": {"error": "denied"}}}]});
    let mut gemini = record(
        "g1",
        "gemini",
        json!([{"text": "Listing."}, {"functionCall": {"name": "ls", "args": {"path": "."}}, "thoughtSignature": "c2ln"}, {"functionCall": {"name": "rm", "args": {}}}]),
    );
    gemini["toolCalls"] = json!([call, failed]);
    gemini["model"] = json!("gemini-2.5-pro");
    gemini["thoughts"] = json!([{"subject": "s", "description": "d"}]);
    gemini["tokens"] = json!(null);
    let answer = record(
        "u2",
        "user",
        json!([{"functionResponse": {"id": "t1", "name": "ls", "response": {"output": "a b"}}}]),
    );
    let text = log(&[
        record("u1", "user", json!([{"text": "List files"}])),
        json!({"$set": {"messages": [record("u1", "user", json!([{"text": "List files"}])), gemini, answer]}}),
        record("i1", "info", json!("Model set to x")),
        record("i2", "info", json!("Request failed")),
        record("e1", "error", json!("[API Error]")),
    ]);
    let imported = imported(&text, Some(Source::GeminiCli));
    support::assert_valid(&imported);
    assert_eq!(
        summary(&imported).lines().take(5).collect::<Vec<_>>(),
        [
            "model: gemini-2.5-pro",
            "user @1787306402000: text",
            "assistant @1787306402000: text, tool_call_request, tool_call_request",
            "tool @1787306402000: tool_call_result, tool_call_result",
            // The answer's own user record (u2) is the same answer: no fourth message.
            "warning line 3.$set.messages[1].toolCalls[1].args: the logged arguments are not a JSON object (the log may be redacted or cut); they are kept as {\"raw\": the text}",
        ]
    );
    let results = &imported.to_value()["messages"][2]["segments"];
    assert_eq!(results[0]["result"], "a b\n\n(2 files)");
    assert_eq!(
        (
            results[1]["result"].as_str(),
            results[1]["success"].as_bool()
        ),
        (Some("denied"), Some(false))
    );
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_warnings(
        &warnings,
        &[
            (
                "line 3.$set.messages[1].content[1].thoughtSignature",
                "1 thoughtSignature",
            ),
            (
                "line 3.$set.messages[1].toolCalls[1].args",
                "kept as {\"raw\": the text}",
            ),
            (
                "line 3.$set.messages[1].thoughts",
                "1 thinking or reasoning block left out",
            ),
            (
                "$",
                "2 `info` records left out: not part of the conversation the model was sent",
            ),
            ("$", "1 `error` record left out"),
            ("$", "holds no system prompt or tool declarations"),
        ],
    );
}

/// The older single object: detected before the `messages` rules (OpenAI's), paths under
/// `messages`; a log of notices only has no conversation.
#[test]
fn the_older_single_object() {
    let text = json!({"sessionId": "s", "projectHash": "p", "messages": [
        {"id": "1", "timestamp": "2025-10-21T10:00:00Z", "type": "user", "content": "Hi"},
        {"id": "2", "type": "gemini", "content": "Hello", "model": "gemini-2.5-pro"}], "kind": "main"})
    .to_string();
    let imported = imported(&text, None);
    assert_eq!(imported.source, Source::GeminiCli);
    assert_eq!(
        summary(&imported).lines().take(3).collect::<Vec<_>>(),
        [
            "model: gemini-2.5-pro",
            "user @1761040800000: text",
            "assistant @1761040800000: text"
        ]
    );
    let notices =
        json!({"sessionId": "s", "messages": [{"id": "1", "type": "info", "content": "x"}]});
    match import(&notices.to_string(), None) {
        Err(errors) => assert!(
            errors[0]
                .to_string()
                .starts_with("error $: nothing to import"),
            "{errors:?}"
        ),
        Ok(imported) => panic!("{}", imported.to_pretty_json()),
    }
}

/// JSON Lines are Gemini CLI by a header, a `$set`, a `$rewindTo` or a `gemini` record, among
/// the first 50 object lines; a Claude Code line (`sessionId` with `type`) is not a header.
#[test]
fn detection() {
    let user = record("u", "user", json!("hi")).to_string();
    let gemini = record("g", "gemini", json!("hello")).to_string();
    for text in [
        format!("{HEADER}\n{user}\n"),
        format!("{user}\n{{\"$set\":{{\"lastUpdated\":\"x\"}}}}\n"),
        format!("{user}\n{gemini}\n"),
        format!("{user}\n{{\"$rewindTo\":\"u\"}}\n{gemini}\n"),
    ] {
        assert_eq!(imported(&text, None).source, Source::GeminiCli, "{text}");
    }
    let claude = r#"{"sessionId":"s","type":"user","uuid":"u","parentUuid":null,"message":{"role":"user","content":"hi"}}"#;
    let transcript = format!("{claude}\n{claude}\n");
    assert_eq!(imported(&transcript, None).source, Source::ClaudeCode);
}

/// Linear (DECISIONS §9): n turns, each a user record, a gemini record written twice (the
/// second with its answered call), the answer again as a user record, a `$set`, and every
/// tenth turn a checkpoint of the last ten records and a rewind of the last one, at n and 4n.
#[test]
fn long_logs_import_in_linear_time() {
    let recording = |n: usize| {
        let mut lines = Vec::with_capacity(n * 6);
        let mut recent: Vec<serde_json::Value> = Vec::new();
        for i in 0..n {
            let user = record(&format!("u{i}"), "user", json!(format!("turn {i}")));
            let mut gemini = record(&format!("g{i}"), "gemini", json!(""));
            lines.push(user.clone());
            lines.push(gemini.clone());
            let response = json!([{"functionResponse": {"id": format!("t{i}"), "name": "ls", "response": {"output": "ok"}}}]);
            gemini["toolCalls"] = json!([{"id": format!("t{i}"), "name": "ls", "args": {}, "status": "success", "result": response}]);
            lines.push(gemini.clone());
            lines.push(record(&format!("r{i}"), "user", response));
            lines.push(json!({"$set": {"lastUpdated": "x"}}));
            recent.extend([user, gemini]);
            if i % 10 == 9 {
                lines.push(json!({"$set": {"messages": recent.split_off(0)}}));
                lines.push(json!({"$rewindTo": format!("g{i}")}));
            }
        }
        log(&lines)
    };
    let work = |text: &str| {
        std::hint::black_box(import(text, None).is_ok());
    };
    assert!(import(&recording(3), None).is_ok());
    common::scaling::assert_scales("gemini cli log", 500, 10, recording, work);
    // n records, then n checkpoints of one record each: each checkpoint's work is its own size,
    // not the size of the list it replaces.
    let checkpoints = |n: usize| {
        let mut lines: Vec<serde_json::Value> = (0..n)
            .map(|i| record(&format!("r{i}"), "user", json!("x")))
            .collect();
        lines.extend((0..n).map(
            |i| json!({"$set": {"messages": [record(&format!("c{i}"), "user", json!("y"))]}}),
        ));
        log(&lines)
    };
    assert!(import(&checkpoints(3), None).is_ok());
    common::scaling::assert_scales("gemini cli checkpoints", 2_000, 10, checkpoints, work);
}

/// The edges of the replay and of reading calls twice: a checkpoint before a rewind (the
/// warning names the rewind), a record without `type` (upserted by its id), a non-string
/// `$rewindTo` and a line of nothing (warned, no rewind), a content call whose id no entry of
/// `toolCalls` has and a second call of one name (both kept), `thoughts` beside the thought
/// part a checkpoint kept (counted once), a `result` that is a string or one part.
#[test]
fn the_edges() {
    let mut gemini = record(
        "g",
        "gemini",
        json!([
        {"text": "Plan", "thought": true},
        {"functionCall": {"id": "other", "name": "ls", "args": {"path": "/"}}},
        {"functionCall": {"name": "cat", "args": {}}},
        {"functionCall": {"name": "cat", "args": {"n": 2}}}]),
    );
    gemini["thoughts"] = json!([{"subject": "Plan"}]);
    gemini["toolCalls"] = json!([
        {"id": "t1", "name": "ls", "args": {}, "status": "success", "result": "plain text"},
        {"id": "t2", "name": "cat", "args": {}, "status": "success", "result": {"text": "one part"}}]);
    let text = log(&[
        record("a", "user", json!("one")),
        record("b", "user", json!("two")),
        json!({"$set": {"messages": [record("a", "user", json!("one"))]}}),
        json!({"id": "a", "content": "one, typeless"}),
        record("c", "user", json!("three")),
        json!({"$rewindTo": "c"}),
        json!({"$rewindTo": 5}),
        json!({"note": "nothing"}),
        gemini,
    ]);
    let imported = imported(&text, None);
    support::assert_valid(&imported);
    let value = imported.to_value();
    let messages = value["messages"].as_array().cloned().unwrap_or_default();
    // The typeless record replaced `a` by its id, and is left out as a record of no type.
    assert_eq!(messages.len(), 2, "{value}");
    let requests: Vec<String> = messages[0]["segments"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            format!(
                "{} {}",
                s["toolName"].as_str().unwrap_or(""),
                s["callId"].as_str().unwrap_or("-")
            )
        })
        .collect();
    assert_eq!(requests, ["ls other", "cat -", "ls t1", "cat t2"]);
    let results: Vec<&str> = messages[1]["segments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["result"].as_str())
        .collect();
    assert_eq!(results, ["plain text", "one part"]);
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_warnings(
        &warnings,
        &[
            ("line 7", "2 records removed by a rewind or a checkpoint"),
            ("line 8", "left out: not a record"),
            ("line 9", "left out: not a record"),
            (
                "line 10.content[0]",
                "1 thinking or reasoning block left out",
            ),
            ("$", "1 `(no type)` record left out"),
            ("$", "holds no system prompt or tool declarations"),
        ],
    );
}
