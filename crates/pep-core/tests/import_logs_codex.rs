//! Codex CLI rollouts (DECISIONS §11) on small logs written for each rule: both shapes,
//! items read as Responses input, what is counted, leniency. The real rollouts are in
//! `import_log_fixtures.rs`.

#[path = "import/logs_support.rs"]
mod logs_support;
#[path = "import/support.rs"]
mod support;

use logs_support::{jsonl, texts, warnings};

use pep_core::import::Source;
use serde_json::{Value, json};

#[test]
fn codex_rollouts_read_items_as_responses_input() {
    let line = |kind: &str, payload: Value| json!({"timestamp": "2025-09-01T10:00:00.000Z", "type": kind, "payload": payload});
    let log = jsonl(&[
        line(
            "session_meta",
            json!({"id": "x", "cwd": "/w", "base_instructions": {"text": "You are Codex."}}),
        ),
        line(
            "turn_context",
            json!({"cwd": "/w", "model": "gpt-5-codex", "approval_policy": "never"}),
        ),
        line(
            "response_item",
            json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "List files"}]}),
        ),
        line(
            "event_msg",
            json!({"type": "user_message", "message": "List files"}),
        ),
        line(
            "response_item",
            json!({"type": "reasoning", "summary": [], "encrypted_content": "gAAA"}),
        ),
        line(
            "response_item",
            json!({"type": "function_call", "name": "shell", "arguments": "{\"command\":[\"ls\"]", "call_id": "c1"}),
        ),
        line(
            "response_item",
            json!({"type": "function_call_output", "call_id": "c1", "output": "a.txt"}),
        ),
        line(
            "response_item",
            json!({"type": "custom_tool_call", "name": "apply_patch", "input": "*** Begin", "call_id": "c2"}),
        ),
        line(
            "response_item",
            json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "One file."}]}),
        ),
    ]);
    let imported = support::imported(&log, None);
    assert_eq!(imported.source, Source::Codex);
    support::assert_valid(&imported);
    assert_eq!(
        texts(&imported),
        [
            "system: system You are Codex.",
            "user: List files",
            "assistant: call shell",
            "tool: result a.txt",
            "assistant: One file."
        ]
    );
    let value = imported.to_value();
    assert_eq!(value["model"], "gpt-5-codex");
    assert_eq!(
        value["messages"][2]["segments"][0]["arguments"],
        json!({"raw": "{\"command\":[\"ls\"]"})
    );
    assert_eq!(
        warnings(&imported),
        [
            "warning line 6.payload.arguments: the logged arguments are not a JSON object (the log may be redacted or cut); they are kept as {\"raw\": the text}",
            "warning $: 1 item of type `custom_tool_call` left out",
            "warning $: 1 line of type `event_msg` left out",
            "warning $: 1 thinking or reasoning block left out",
            "warning $: this log holds no tool declarations: the model was sent those too",
        ]
    );
}

#[test]
fn the_older_codex_shape_counts_too() {
    let log = jsonl(&[
        json!({"id": "5973b6c0", "timestamp": "2025-04-18T09:00:00.000Z", "instructions": null}),
        json!({"record_type": "state"}),
        json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Hello"}]}),
        json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Hi there"}]}),
    ]);
    let imported = support::imported(&log, None);
    assert_eq!(imported.source, Source::Codex);
    assert_eq!(texts(&imported), ["user: Hello", "assistant: Hi there"]);
    assert!(warnings(&imported).contains(&"warning $: 1 line of type `state` left out".to_owned()));
}

#[test]
fn a_rollout_is_read_leniently_and_its_notice_is_true() {
    let line = |payload: Value| json!({"timestamp": "2025-09-01T10:00:00.000Z", "type": "response_item", "payload": payload});
    let log = jsonl(&[
        line(
            json!({"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "Be careful."}]}),
        ),
        line(json!({"type": "message", "role": "user", "content": "Go"})),
        line(json!({"type": "function_call", "call_id": "c1", "arguments": "{}"})),
        line(json!({"type": "message", "role": "narrator", "content": "x"})),
        line(
            json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Done"}]}),
        ),
    ]);
    let imported = support::imported(&log, Some(Source::Codex));
    support::assert_valid(&imported);
    assert_eq!(
        texts(&imported),
        ["system: system Be careful.", "user: Go", "assistant: Done"]
    );
    let said = warnings(&imported);
    assert!(
        said.contains(
            &"warning line 3.payload: left out: missing required field `name`".to_owned()
        ),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|w| w.starts_with("warning line 4.payload.role: left out: unknown role")),
        "{said:?}"
    );
    assert_eq!(
        said.last().map(String::as_str),
        Some("warning $: this log holds no tool declarations: the model was sent those too")
    );
}
