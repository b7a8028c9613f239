//! DECISIONS §12's fine points, one input each: what the OpenTelemetry import and export do
//! with event mode, repeated attributes, calls without ids, output roles, typed values, and
//! a `data:` url that is not base64.

mod common;
#[path = "import/support.rs"]
mod support;

use pep_core::export::{Format, Options, export};
use pep_core::import::{Source, import_all};
use serde_json::{Value, json};

fn messages(text: &str) -> Value {
    Value::from(json!([{"role":"user","parts":[{"type":"text","content":text}]}]).to_string())
}

fn span(attributes: Value, events: Value) -> String {
    json!({"resourceSpans":[{"scopeSpans":[{"spans":[
        {"startTimeUnixNano":"1767225600000000000","attributes":attributes,"events":events}]}]}]})
    .to_string()
}

#[test]
fn in_event_mode_the_span_keeps_its_model_and_the_event_gives_the_messages() {
    let text = span(
        json!([{"key":"gen_ai.request.model","value":{"stringValue":"gpt-4o"}}]),
        json!([{"name":"gen_ai.client.inference.operation.details","attributes":[
            {"key":"gen_ai.input.messages","value":{"stringValue":messages("hi")}}]}]),
    );
    let imported = support::imported(&text, None);
    assert_eq!(imported.source, Source::Otel);
    let value = imported.to_value();
    assert_eq!(value["model"], "gpt-4o");
    assert_eq!(value["messages"][0]["segments"][0]["content"], "hi");
    assert_eq!(value["messages"][0]["timestamp"], 1_767_225_600_000_i64);
}

#[test]
fn a_repeated_attribute_is_warned_and_the_last_read() {
    let text = span(
        json!([{"key":"gen_ai.input.messages","value":{"stringValue":messages("first")}},
               {"key":"gen_ai.input.messages","value":{"stringValue":messages("second")}}]),
        json!([]),
    );
    let imported = support::imported(&text, None);
    assert_eq!(
        imported.to_value()["messages"][0]["segments"][0]["content"],
        "second"
    );
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "warning resourceSpans[0].scopeSpans[0].spans[0].attributes[1].value.stringValue: key `gen_ai.input.messages` appears more than once in this object; only the last value is used"
        ]
    );
}

#[test]
fn responses_without_ids_answer_the_calls_without_ids_in_order() {
    let input = json!({"gen_ai.input.messages":[
        {"role":"assistant","parts":[{"type":"tool_call","name":"a"},{"type":"tool_call","id":"","name":"b"}]},
        {"role":"tool","parts":[{"type":"tool_call_response","response":"ra"},
                                {"type":"tool_call_response","id":null,"response":{"ok":true}}]}]});
    let imported = support::imported(&input.to_string(), None);
    let value = imported.to_value();
    let results = &value["messages"][1]["segments"];
    assert_eq!(
        (
            results[0]["toolName"].as_str(),
            results[0]["result"].as_str()
        ),
        (Some("a"), Some("ra"))
    );
    assert_eq!(
        (
            results[1]["toolName"].as_str(),
            results[1]["result"].as_str()
        ),
        (Some("b"), Some(r#"{"ok":true}"#))
    );
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
}

#[test]
fn a_null_response_is_none_and_a_result_beside_a_response_is_warned() {
    let null = json!({"gen_ai.input.messages":[{"role":"tool","parts":[
        {"type":"tool_call_response","id":"c","response":null}]}]});
    let errors = support::import_errors(&null.to_string(), None);
    assert_eq!(
        errors,
        [r#"error ["gen_ai.input.messages"][0].parts[0]: missing required field `response`"#]
    );
    let both = json!({"gen_ai.input.messages":[
        {"role":"assistant","parts":[{"type":"tool_call","id":"c","name":"f"}]},
        {"role":"tool","parts":[{"type":"tool_call_response","id":"c","response":"R","result":"X"}]}]});
    let imported = support::imported(&both.to_string(), None);
    assert_eq!(
        imported.to_value()["messages"][1]["segments"][0]["result"],
        "R"
    );
    assert_eq!(
        imported.warnings[0].path,
        r#"["gen_ai.input.messages"][1].parts[0].result"#
    );
}

#[test]
fn output_messages_are_the_assistants_whatever_their_role() {
    let input = json!({"gen_ai.input.messages":[{"role":"user","parts":[{"type":"text","content":"q"}]}],
        "gen_ai.output.messages":[{"role":"user","parts":[{"type":"text","content":"a"}],"finish_reason":"stop"}]});
    let value = support::imported(&input.to_string(), None).to_value();
    assert_eq!(value["messages"][1]["role"], "assistant");
}

#[test]
fn a_role_of_another_type_is_one_error() {
    let input = json!({"gen_ai.input.messages":[{"role":5,"parts":[]}]});
    let errors = support::import_errors(&input.to_string(), None);
    assert_eq!(
        errors,
        [r#"error ["gen_ai.input.messages"][0].role: must be a string, found a number"#]
    );
}

#[test]
fn a_trace_of_one_span_is_a_list_of_one() {
    let text = span(
        json!([{"key":"gen_ai.input.messages","value":{"stringValue":messages("x")}}]),
        json!([]),
    );
    let requests = import_all(&text)
        .and_then(Result::ok)
        .map(|r| r.imported.len());
    assert_eq!(requests, Some(1));
}

#[test]
fn a_data_url_without_base64_is_a_blob_of_its_bytes() {
    let envelope = json!({"version":"1.0","messages":[{"id":"m","role":"user","timestamp":1,"segments":[
        {"kind":"media","mediaType":"image","url":"data:image/svg+xml,%3Csvg%2F%3E"},
        {"kind":"media","mediaType":"image","url":"data:image/png;base64,iVBORw0KGgo="}]}]});
    let text = envelope.to_string();
    let loaded = pep_core::load(&text, pep_core::Mode::Strict);
    let Some(envelope) = loaded.envelope else {
        panic!("{:?}", loaded.issues)
    };
    let request = export(&envelope, Format::Otel, Options::default()).request();
    let parts = &request["gen_ai.input.messages"][0]["parts"];
    assert_eq!(
        parts[0],
        json!({"type":"blob","modality":"image","mime_type":"image/svg+xml","content":"PHN2Zy8+"})
    );
    assert_eq!(parts[1]["content"], "iVBORw0KGgo=");
    // Read back, the base64 blob is the data url it was.
    let again = support::imported(&request.to_string(), Some(Source::Otel)).to_value();
    assert_eq!(
        again["messages"][0]["segments"][1]["url"],
        "data:image/png;base64,iVBORw0KGgo="
    );
}
