//! Import of OpenAI Responses requests (DECISIONS §10): what each item becomes, what is
//! warned, what is refused, and the export's own rules.

#[path = "import/support.rs"]
mod support;

use pep_core::export::{Format, Options};
use pep_core::import::Source;
use serde_json::json;
use support::{golden, import_errors, imported};

fn message(id: usize, role: &str, segments: serde_json::Value) -> serde_json::Value {
    json!({"id": format!("m-{id}"), "role": role, "segments": segments, "timestamp": id})
}

#[test]
fn a_string_input_and_instructions_are_a_system_prompt_and_a_user_text() {
    let request = r#"{"model":"gpt-5","instructions":"Be brief.","input":"Hi!","temperature":0.2}"#;
    let warnings = golden(
        request,
        Source::Responses,
        &json!({"version": "1.0", "model": "gpt-5", "messages": [
            message(1, "system", json!([{"kind": "system_prompt", "content": "Be brief.", "collapsed": true}])),
            message(2, "user", json!([{"kind": "text", "content": "Hi!"}])),
        ]}),
    );
    assert_eq!(
        warnings,
        ["warning temperature: left out of the envelope: the key `temperature`"]
    );
}

#[test]
fn calls_join_the_assistant_message_they_follow_and_outputs_make_one_tool_message() {
    let request = json!({"model": "gpt-5", "input": [
        {"role": "developer", "content": [{"type": "input_text", "text": "Use tools."}]},
        {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "Weather?"},
            {"type": "input_image", "image_url": "https://x.test/a.png", "detail": "high"}
        ]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Looking."}]},
        {"type": "function_call", "call_id": "c1", "name": "weather", "arguments": "{\"city\":\"Paris\"}"},
        {"type": "function_call", "call_id": "c2", "name": "weather", "arguments": "{\"city\":\"Rome\"}"},
        {"type": "function_call_output", "call_id": "c2", "output": "20"},
        {"type": "function_call_output", "call_id": "c1", "output": [
            {"type": "input_text", "text": "14"}, {"type": "input_text", "text": "sunny"}
        ]},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "function_call", "call_id": "c3", "name": "weather", "arguments": "{}"}
    ]});
    let call = |id: &str, city: serde_json::Value| json!({"kind": "tool_call_request", "toolName": "weather", "arguments": city, "collapsed": false, "callId": id});
    let result = |id: &str, text: &str| json!({"kind": "tool_call_result", "toolName": "weather", "result": text, "success": true, "collapsed": true, "callId": id});
    let warnings = golden(
        &request.to_string(),
        Source::Responses,
        &json!({"version": "1.0", "model": "gpt-5", "messages": [
            message(1, "system", json!([{"kind": "system_prompt", "content": "Use tools.", "collapsed": true}])),
            message(2, "user", json!([
                {"kind": "text", "content": "Weather?"},
                {"kind": "media", "mediaType": "image", "url": "https://x.test/a.png"}
            ])),
            message(3, "assistant", json!([
                {"kind": "text", "content": "Looking."},
                call("c1", json!({"city": "Paris"})),
                call("c2", json!({"city": "Rome"}))
            ])),
            message(4, "tool", json!([result("c2", "20"), result("c1", "14\n\nsunny")])),
            // After a left-out item, a call opens an assistant message of its own.
            message(5, "assistant", json!([call("c3", json!({}))])),
        ]}),
    );
    assert_eq!(
        warnings,
        [
            "warning input[0].role: a developer message is imported as a system message",
            "warning input[1].content[1].detail: left out of the envelope: the key `detail`",
            "warning input[7]: left out of the envelope: an input item of type `reasoning`",
        ]
    );
}

#[test]
fn server_state_other_tools_and_strict_are_warned() {
    let request = json!({
        "model": "gpt-5",
        "previous_response_id": "resp_1",
        "input": [{"role": "user", "content": "And now?"}],
        "store": true,
        "tools": [
            {"type": "web_search_preview"},
            {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": true},
            {"type": "function", "name": "g", "description": "", "strict": false}
        ]
    });
    let imported = imported(&request.to_string(), None);
    support::assert_valid(&imported);
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "warning previous_response_id: left out of the envelope: the key `previous_response_id`; the request relied on earlier turns the server keeps, and the file does not hold them",
            "warning store: left out of the envelope: the key `store`",
            "warning tools[0]: left out of the envelope: a tool of type `web_search_preview` (only function tools are imported)",
            "warning tools[1].strict: left out of the envelope: the key `strict`",
        ]
    );
    let items = imported.to_value()["messages"][0]["segments"][0]["items"].clone();
    assert_eq!(items[0]["name"], "f");
    assert_eq!(items[1]["name"], "g");
    assert_eq!(items[1]["description"], "");
}

#[test]
fn files_follow_the_rule_for_files() {
    let request = json!({"input": [{"role": "user", "content": [
        {"type": "input_file", "filename": "a.pdf", "file_data": "data:application/pdf;base64,JVBERi0x"},
        {"type": "input_file", "file_id": "file-123"},
        {"type": "input_file", "file_url": "https://x.test/docs/b.pdf"},
        {"type": "input_image", "file_id": "file-456"}
    ]}]});
    let imported = imported(&request.to_string(), Some(Source::Responses));
    support::assert_valid(&imported);
    let segments = imported.to_value()["messages"][0]["segments"].clone();
    let docs: Vec<(String, String, u64)> = (0..4)
        .map(|k| {
            let s = &segments[k];
            (
                s["fileName"].as_str().unwrap_or("").to_owned(),
                s["mimeType"].as_str().unwrap_or("").to_owned(),
                s["sizeBytes"].as_u64().unwrap_or(99),
            )
        })
        .collect();
    let octets = "application/octet-stream".to_owned();
    assert_eq!(
        docs,
        [
            ("a.pdf".to_owned(), "application/pdf".to_owned(), 6),
            ("file-123".to_owned(), octets.clone(), 0),
            ("b.pdf".to_owned(), octets.clone(), 0),
            ("file-456".to_owned(), octets, 0),
        ]
    );
    assert_eq!(imported.warnings.len(), 4, "{:?}", imported.warnings);
}

#[test]
fn bad_items_are_errors_at_their_paths() {
    let errors =
        |input: serde_json::Value| import_errors(&json!({ "input": input }).to_string(), None);
    assert_eq!(
        errors(json!([{"type": "function_call", "call_id": "c", "name": "f", "arguments": "[1]"}])),
        ["error input[0].arguments: not a JSON object, found an array"]
    );
    assert_eq!(
        errors(json!([{"role": "critic", "content": "x"}])),
        [
            "error input[0].role: unknown role \"critic\" (expected system, developer, user or assistant)"
        ]
    );
    assert_eq!(
        errors(json!([{"type": "message", "content": "x"}])),
        ["error input[0]: missing required field `role`"]
    );
    assert_eq!(
        errors(json!(7)),
        ["error input: must be a string or an array, found a number"]
    );
    assert_eq!(
        import_errors(r#"{"instructions":"x"}"#, Some(Source::Responses)),
        ["error $: missing required field `input`"]
    );
}

#[test]
fn an_output_without_its_call_is_unknown_with_a_warning() {
    let request =
        json!({"input": [{"type": "function_call_output", "call_id": "zz", "output": "ok"}]});
    let imported = imported(&request.to_string(), None);
    assert_eq!(
        imported.to_value()["messages"][0]["segments"][0]["toolName"],
        "unknown"
    );
    assert_eq!(
        imported.warnings[0].to_string(),
        "warning input[0].call_id: no earlier tool call has the id \"zz\"; the result is imported with toolName \"unknown\""
    );
}

#[test]
fn an_embeddings_request_says_what_it_is() {
    let refused = [
        json!({"model": "text-embedding-3-small", "input": "The food was delicious"}),
        json!({"model": "m", "input": ["a", "b"], "encoding_format": "float"}),
        json!({"model": "m", "input": [[1, 2, 3]], "dimensions": 256}),
    ];
    for request in refused {
        let errors = import_errors(&request.to_string(), None);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].ends_with("an embeddings request: it holds texts to embed, not a conversation, so there is nothing to import"),
            "{errors:?}"
        );
    }
    // Texts alone, without those options or such a model, are a conversation.
    let texts = json!({"model": "gpt-5", "input": "embedding is a word"});
    assert_eq!(imported(&texts.to_string(), None).source, Source::Responses);
}

#[test]
fn the_export_writes_an_empty_input_with_a_warning_and_strict_false() {
    let envelope = json!({"version": "1.0", "model": "m", "messages": [
        message(1, "system", json!([
            {"kind": "system_prompt", "content": "S", "collapsed": true},
            {"kind": "tool_overview", "collapsed": true, "items": [{"name": "f", "description": "", "parameters": ""}]}
        ]))
    ]});
    let export =
        match pep_core::export_text(&envelope.to_string(), Format::Responses, Options::default()) {
            Ok(export) => export,
            Err(issues) => panic!("{issues:?}"),
        };
    assert_eq!(
        export.request(),
        json!({"model": "m", "instructions": "S\n\n- f(): ", "input": [], "tools": [
            {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": false}
        ]})
    );
    let warnings: Vec<String> = export.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "warning input: the request has no input item; the Responses API rejects an empty `input`"
        ]
    );
}
