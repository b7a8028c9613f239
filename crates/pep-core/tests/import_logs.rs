//! Agent session logs (DECISIONS §11), on small logs written for each rule: the Claude Code
//! chain and its fine points, streamed lines, timestamps, what is counted; Codex rollouts of
//! both shapes. The real logs of `tests/fixtures/import/{claude-code,codex}/` are in
//! `import_log_fixtures.rs`.

mod common;
#[path = "import/logs_support.rs"]
mod logs_support;
#[path = "import/support.rs"]
mod support;

use logs_support::{jsonl, texts, warnings};

use common::scaling::assert_scales;

use pep_core::import::{Source, import};
use serde_json::{Value, json};

fn user(uuid: &str, parent: Option<&str>, content: Value) -> Value {
    json!({"type": "user", "uuid": uuid, "parentUuid": parent, "sessionId": "s", "isSidechain": false,
           "timestamp": "2025-06-17T12:00:00.000Z", "cwd": "/x", "version": "1.0.51",
           "message": {"role": "user", "content": content}})
}

fn assistant(uuid: &str, parent: Option<&str>, id: &str, content: Value) -> Value {
    json!({"type": "assistant", "uuid": uuid, "parentUuid": parent, "sessionId": "s", "isSidechain": false,
           "timestamp": "2025-06-17T12:00:01.500Z", "requestId": "req",
           "message": {"id": id, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                       "content": content, "stop_reason": null, "usage": {"input_tokens": 3}}})
}

#[test]
fn the_chain_from_the_last_line_is_the_conversation() {
    let log = jsonl(&[
        json!({"type": "summary", "summary": "Greeting", "leafUuid": "a3"}),
        user("u1", None, json!("Hi")),
        assistant(
            "a1",
            Some("u1"),
            "msg_1",
            json!([{"type": "thinking", "thinking": "hm", "signature": "x"}]),
        ),
        assistant(
            "a1b",
            Some("a1"),
            "msg_1",
            json!([{"type": "text", "text": "Hello!"}]),
        ),
        // A rewound branch: the user edited their second message.
        user("u2-old", Some("a1b"), json!("Old question")),
        assistant(
            "a2-old",
            Some("u2-old"),
            "msg_2",
            json!([{"type": "text", "text": "Old answer"}]),
        ),
        json!({"type": "system", "uuid": "s1", "parentUuid": "a1b", "sessionId": "s", "content": "note", "subtype": "info"}),
        user("u2", Some("s1"), json!("New question")),
        {
            let mut side = assistant(
                "side",
                Some("u2"),
                "msg_side",
                json!([{"type": "text", "text": "sub-agent"}]),
            );
            side["isSidechain"] = json!(true);
            side
        },
        assistant(
            "a3",
            Some("u2"),
            "msg_3",
            json!([{"type": "text", "text": "New answer"}]),
        ),
        json!("not an object"),
    ]) + "\n{oops";
    let imported = support::imported(&log, None);
    assert_eq!(imported.source, Source::ClaudeCode);
    support::assert_valid(&imported);
    assert_eq!(
        texts(&imported),
        [
            "user: Hi",
            "assistant: Hello!",
            "user: New question",
            "assistant: New answer"
        ]
    );
    let value = imported.to_value();
    assert_eq!(value["model"], "claude-sonnet-4-5");
    assert_eq!(value["messages"][0]["timestamp"], 1_750_161_600_000_i64);
    assert_eq!(value["messages"][1]["timestamp"], 1_750_161_601_500_i64);
    assert_eq!(
        warnings(&imported),
        [
            "warning line 11: not a JSON object; the line is skipped",
            "warning line 12: not a JSON object; the line is skipped",
            "warning $: 3 lines off the conversation's chain (sidechains, rewound branches) left out",
            "warning $: 1 line of type `summary` left out",
            "warning $: 1 line of type `system` left out",
            "warning $: 1 thinking or reasoning block left out",
            "warning $: this log holds no system prompt or tool declarations: the model was sent those too",
        ]
    );
}

#[test]
fn parallel_calls_branch_and_their_answers_join_the_chain() {
    let call =
        |id: &str| json!([{"type": "tool_use", "id": id, "name": "Read", "input": {"file": id}}]);
    let result = |id: &str| json!([{"type": "tool_result", "tool_use_id": id, "content": format!("text of {id}")}]);
    let log = jsonl(&[
        user("u1", None, json!("Read both")),
        assistant("a1", Some("u1"), "msg_1", call("t1")),
        assistant("a2", Some("a1"), "msg_1", call("t2")),
        // Each answer hangs off the call line it answers: only one is on the walked chain.
        user("r1", Some("a1"), result("t1")),
        user("r2", Some("a2"), result("t2")),
        assistant(
            "a3",
            Some("r2"),
            "msg_2",
            json!([{"type": "text", "text": "Both read"}]),
        ),
    ]);
    let imported = support::imported(&log, Some(Source::ClaudeCode));
    support::assert_valid(&imported);
    assert_eq!(
        texts(&imported),
        [
            "user: Read both",
            "assistant: call Read + call Read",
            "tool: result text of t1 + result text of t2",
            "assistant: Both read"
        ]
    );
}

#[test]
fn a_compaction_ends_the_chain_and_old_logs_are_in_file_order() {
    let log = jsonl(&[
        user("u1", None, json!("Before")),
        assistant(
            "a1",
            Some("u1"),
            "m1",
            json!([{"type": "text", "text": "Old"}]),
        ),
        json!({"type": "system", "subtype": "compact_boundary", "uuid": "c", "parentUuid": null, "logicalParentUuid": "a1", "sessionId": "s"}),
        {
            let mut summary = user("u2", Some("c"), json!("This session is being continued…"));
            summary["isMeta"] = json!(true);
            summary
        },
        assistant(
            "a2",
            Some("u2"),
            "m2",
            json!([{"type": "text", "text": "After"}]),
        ),
    ]);
    let imported = support::imported(&log, None);
    assert_eq!(
        texts(&imported),
        ["user: This session is being continued…", "assistant: After"]
    );
    let said = warnings(&imported);
    assert!(said.contains(&"warning $: 2 lines before the last compaction left out: the last request did not hold them".to_owned()), "{said:?}");

    let old = jsonl(&[
        user("u1", None, json!("One")),
        assistant("a1", None, "m1", json!("Two")),
        user("u2", None, json!("Three")),
    ]);
    assert_eq!(
        texts(&support::imported(&old, None)),
        ["user: One", "assistant: Two", "user: Three"]
    );
}

#[test]
fn a_sub_agent_log_is_its_own_chain_and_no_conversation_is_an_error() {
    let mut first = user("u1", None, json!("Task"));
    first["isSidechain"] = json!(true);
    let mut second = assistant(
        "a1",
        Some("u1"),
        "m1",
        json!([{"type": "text", "text": "Done"}]),
    );
    second["isSidechain"] = json!(true);
    assert_eq!(
        texts(&support::imported(&jsonl(&[first, second]), None)),
        ["user: Task", "assistant: Done"]
    );

    let none = jsonl(&[
        json!({"type": "summary", "summary": "x", "leafUuid": "y", "sessionId": "s"}),
        json!({"type": "file-history-snapshot", "messageId": "m", "sessionId": "s", "snapshot": {}}),
    ]);
    assert_eq!(
        support::import_errors(&none, None),
        ["error $: nothing to import: the log has no user or assistant line"]
    );
}

#[test]
fn a_response_streamed_around_its_results_is_one_message_and_redacted_input_is_raw() {
    let call = |id: &str| json!([{"type": "tool_use", "id": id, "name": "Read", "input": {}, "caller": {"type": "direct"}}]);
    let result = |id: &str| json!([{"type": "tool_result", "tool_use_id": id, "content": "ok"}]);
    let log = jsonl(&[
        user("u1", None, json!("Go")),
        assistant("a1", Some("u1"), "msg_1", call("t1")),
        user("r1", Some("a1"), result("t1")),
        assistant("a2", Some("r1"), "msg_1", call("t2")),
        user("r2", Some("a2"), result("t2")),
        // A redacted log: the input is no object (a request import would refuse it).
        assistant(
            "a3",
            Some("r2"),
            "msg_2",
            json!([{"type": "text", "text": "Next"}, {"type": "tool_use", "id": "t3", "name": "Bash", "input": "[redacted]"}]),
        ),
        assistant("a4", Some("a3"), "msg_3", json!([])),
    ]);
    let imported = support::imported(&log, None);
    support::assert_valid(&imported);
    assert_eq!(
        texts(&imported),
        [
            "user: Go",
            "assistant: call Read + call Read",
            "tool: result ok + result ok",
            "assistant: Next + call Bash"
        ]
    );
    assert_eq!(
        imported.to_value()["messages"][3]["segments"][1]["arguments"],
        json!({"raw": "[redacted]"})
    );
    let said = warnings(&imported);
    assert_eq!(
        said[..2],
        [
            "warning line 6.message.content[1].input: the logged arguments are not a JSON object \
             (the log may be redacted or cut); they are kept as {\"raw\": the text}"
                .to_owned(),
            "warning line 7: left out of the envelope: a message with nothing an envelope can hold"
                .to_owned(),
        ],
        "{said:?}"
    );
    assert!(!said.iter().any(|w| w.contains("caller")), "{said:?}");
}

#[test]
fn a_cut_envelope_is_not_mistaken_for_a_log_and_a_bom_is_read_past() {
    let cut = "{\"version\":\"1.0\",\"messages\":[\n{\"id\":\"m-1\",\"role\":\"user\",\"timestamp\":1,\"segments\":[]}";
    let errors = support::import_errors(cut, None);
    assert!(errors[0].contains("invalid JSON"), "{errors:?}");
    let bom = format!(
        "\u{feff}{}",
        jsonl(&[
            user("u1", None, json!("Hi")),
            assistant("a1", Some("u1"), "m", json!("Yo"))
        ])
    );
    assert_eq!(support::imported(&bom, None).source, Source::ClaudeCode);
}

#[test]
fn anything_else_on_many_lines_is_still_not_json() {
    let errors = support::import_errors("{\"a\":1}\n{\"b\":2}", None);
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("error $: invalid JSON at line 2"),
        "{errors:?}"
    );
    // Named, a log of one line is read as one.
    let one = user("u1", None, json!("Only me")).to_string();
    assert_eq!(
        texts(&support::imported(&one, Some(Source::ClaudeCode))),
        ["user: Only me"]
    );
    assert!(
        import(&one, None).is_err(),
        "one JSON object is not detected as a log"
    );
}

/// Linear (DECISIONS §9): a chain of n turns with parallel calls, each answered by its own
/// line, and a sidechain beside every turn, at n and 4n; a Codex rollout of n turns.
#[test]
fn long_logs_import_in_linear_time() {
    let claude = |n: usize| {
        let mut lines = Vec::with_capacity(n * 6);
        let mut parent: Option<String> = None;
        for i in 0..n {
            let (u, a1, a2, r1, r2) = (
                format!("u{i}"),
                format!("a{i}"),
                format!("b{i}"),
                format!("r{i}"),
                format!("s{i}"),
            );
            lines.push(user(&u, parent.as_deref(), json!(format!("turn {i}"))));
            let call =
                |id: String| json!([{"type": "tool_use", "id": id, "name": "Read", "input": {}}]);
            lines.push(assistant(
                &a1,
                Some(&u),
                &format!("msg{i}"),
                call(format!("t{i}")),
            ));
            lines.push(assistant(
                &a2,
                Some(&a1),
                &format!("msg{i}"),
                call(format!("v{i}")),
            ));
            let answer =
                |id: String| json!([{"type": "tool_result", "tool_use_id": id, "content": "ok"}]);
            lines.push(user(&r1, Some(&a1), answer(format!("t{i}"))));
            lines.push(user(&r2, Some(&a2), answer(format!("v{i}"))));
            let mut side = assistant(&format!("x{i}"), Some(&u), "side", json!("aside"));
            side["isSidechain"] = json!(true);
            lines.push(side);
            parent = Some(r2);
        }
        jsonl(&lines)
    };
    let work = |text: &str| {
        std::hint::black_box(import(text, None).is_ok());
    };
    assert_scales("claude code log", 500, 10, claude, work);
    let codex = |n: usize| {
        let line = |payload: Value| {
            json!({"timestamp": "2025-09-01T10:00:00.000Z", "type": "response_item", "payload": payload}).to_string()
        };
        let mut lines = vec![json!({"timestamp": "2025-09-01T10:00:00.000Z", "type": "session_meta", "payload": {"instructions": "x"}}).to_string()];
        for i in 0..n {
            lines.push(line(json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": format!("t{i}")}]})));
            lines.push(line(json!({"type": "function_call", "name": "shell", "arguments": "{}", "call_id": format!("c{i}")})));
            lines.push(line(
                json!({"type": "function_call_output", "call_id": format!("c{i}"), "output": "ok"}),
            ));
        }
        lines.join("\n")
    };
    assert_scales("codex log", 1_000, 10, codex, work);
}
