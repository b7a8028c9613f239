//! DECISIONS §9 for import: time and memory linear in the input. As in `limits.rs`: time by
//! comparing size n with 4n in the same run (the bound is 10×, a quadratic pass takes 16×),
//! memory by counting this binary's allocations on the current thread.

use pep_core::import::{Source, import};

mod common;

use common::alloc::{Counting, peak_bytes};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Imports `text` and prints the envelope, as `pep import` does.
fn run(text: &str) {
    if let Ok(imported) = import(text, None) {
        std::hint::black_box(imported.to_pretty_json());
    }
}

fn assert_linear(name: &str, n: usize, input: impl Fn(usize) -> String) {
    assert!(import(&input(n), None).is_ok(), "{name}: not importable");
    common::scaling::assert_linear(name, n, input, run);
}

/// The most bytes allocated at once while importing and printing `text`.
fn import_peak(text: &str) -> usize {
    peak_bytes(|| run(text))
}

/// Asserts that importing the input of size 4n allocates at most 5 times what size n does
/// (linear growth), and at most `factor` times the input's bytes: serde_json's tree of small
/// tokens costs 20–30× their text, and a schema is held twice (the tree and the envelope).
fn assert_memory(name: &str, n: usize, input: impl Fn(usize) -> String, factor: usize) {
    let (small, large) = (input(n), input(4 * n));
    let (p1, p4) = (import_peak(&small), import_peak(&large));
    assert!(p4 <= 5 * p1, "{name}: {p1} bytes for n = {n}, {p4} for 4n");
    assert!(
        p4 <= factor * large.len(),
        "{name}: {p4} bytes allocated for {} bytes of input (more than {factor}×)",
        large.len()
    );
}

/// n OpenAI turns: a question, a tool call, its result.
fn openai_turns(n: usize) -> String {
    let turns: Vec<String> = (0..n)
        .map(|k| {
            format!(
                r#"{{"role":"user","content":"question {k}"}},{{"role":"assistant","content":null,"tool_calls":[{{"id":"call_{k}","type":"function","function":{{"name":"f","arguments":"{{\"n\":{k},\"x\":1.0}}"}}}}]}},{{"role":"tool","tool_call_id":"call_{k}","content":"ok {k}"}}"#
            )
        })
        .collect();
    format!(
        r#"{{"model":"m","temperature":0,"messages":[{}]}}"#,
        turns.join(",")
    )
}

/// n Gemini turns in snake_case: a question, a call with a thought signature, its response;
/// and one model content of n parts (texts after calls split it).
fn gemini_turns(n: usize) -> String {
    let turns: Vec<String> = (0..n)
        .map(|k| {
            format!(
                r#"{{"role":"user","parts":[{{"text":"question {k}"}}]}},{{"role":"model","parts":[{{"function_call":{{"name":"f","args":{{"n":{k},"x":1.0}}}},"thought_signature":"c2ln"}}]}},{{"role":"user","parts":[{{"function_response":{{"name":"f","response":{{"output":"ok {k}"}}}}}}]}}"#
            )
        })
        .collect();
    let parts: Vec<String> = (0..n)
        .map(|k| format!(r#"{{"text":"t{k}"}},{{"functionCall":{{"name":"g"}}}}"#))
        .collect();
    format!(
        r#"{{"generation_config":{{}},"contents":[{},{{"role":"model","parts":[{}]}}]}}"#,
        turns.join(","),
        parts.join(",")
    )
}

/// One user message with n keys that are left out (each warned).
fn unknown_keys(n: usize) -> String {
    let keys: Vec<String> = (0..n).map(|k| format!(r#""k{k}":{k}"#)).collect();
    format!(
        r#"{{"messages":[{{"role":"user","content":"x",{}}}]}}"#,
        keys.join(",")
    )
}

/// An Anthropic assistant turn alternating texts and tool calls (split into n messages), then
/// one user turn of a text and n results (moved first).
fn anthropic_turns(n: usize) -> String {
    let calls: Vec<String> = (0..n)
        .map(|k| format!(r#"{{"type":"text","text":"t{k}"}},{{"type":"tool_use","id":"u{k}","name":"f","input":{{"k":{k}}}}}"#))
        .collect();
    let results: Vec<String> = (0..n)
        .map(|k| format!(r#"{{"type":"tool_result","tool_use_id":"u{k}","content":[{{"type":"text","text":"r{k}"}}]}}"#))
        .collect();
    format!(
        r#"{{"system":"s","max_tokens":9,"messages":[{{"role":"assistant","content":[{}]}},{{"role":"user","content":[{{"type":"text","text":"here"}},{}]}}]}}"#,
        calls.join(","),
        results.join(",")
    )
}

/// n MCP messages, each an embedded text resource of 300 characters.
fn mcp_resources(n: usize) -> String {
    let text = "é".repeat(300);
    let messages: Vec<String> = (0..n)
        .map(|k| format!(r#"{{"role":"user","content":{{"type":"resource","resource":{{"uri":"file:///r/{k}.txt","text":"{text}"}}}}}}"#))
        .collect();
    format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"messages":[{}]}}}}"#,
        messages.join(",")
    )
}

/// n tools, each with a schema of 20 properties (summarised).
fn many_tools(n: usize) -> String {
    let properties: Vec<String> = (0..20)
        .map(|p| {
            format!(r#""p{p}":{{"anyOf":[{{"type":"string"}},{{"type":["number","null"]}}]}}"#)
        })
        .collect();
    let schema = format!(
        r#"{{"type":"object","properties":{{{}}},"required":["p0","p3"]}}"#,
        properties.join(",")
    );
    let tools: Vec<String> = (0..n)
        .map(|k| {
            format!(r#"{{"type":"function","function":{{"name":"t{k}","parameters":{schema}}}}}"#)
        })
        .collect();
    format!(
        r#"{{"messages":[{{"role":"user","content":"x"}}],"tools":[{}]}}"#,
        tools.join(",")
    )
}

/// n OpenTelemetry turns (a question, a tool call, its response) in `gen_ai.input.messages`
/// written as a JSON string, as the instrumentations write it.
fn otel_turns(n: usize) -> String {
    let turns: Vec<String> = (0..n)
        .map(|k| {
            format!(
                r#"{{"role":"user","parts":[{{"type":"text","content":"q{k}"}}]}},{{"role":"assistant","parts":[{{"type":"tool_call","id":"c{k}","name":"f","arguments":{{"k":{k}}}}}]}},{{"role":"tool","parts":[{{"type":"tool_call_response","id":"c{k}","response":"r{k}"}}]}}"#
            )
        })
        .collect();
    let messages = serde_json::Value::from(format!("[{}]", turns.join(",")));
    format!(r#"{{"gen_ai.request.model":"m","gen_ai.input.messages":{messages}}}"#)
}

/// An OTLP trace of one span whose n messages are an `arrayValue` of `kvlistValue`s (OTLP's
/// typed values, read as JSON), among n other attributes.
fn otlp_typed(n: usize) -> String {
    let text = |s: String| format!(r#"{{"stringValue":"{s}"}}"#);
    let kv = |key: &str, value: String| format!(r#"{{"key":"{key}","value":{value}}}"#);
    let messages: Vec<String> = (0..n)
        .map(|k| {
            let part = format!(
                r#"{{"kvlistValue":{{"values":[{},{}]}}}}"#,
                kv("type", text("text".into())),
                kv("content", text(format!("m{k}")))
            );
            let parts = format!(r#"{{"arrayValue":{{"values":[{part}]}}}}"#);
            format!(
                r#"{{"kvlistValue":{{"values":[{},{}]}}}}"#,
                kv("role", text("user".into())),
                kv("parts", parts)
            )
        })
        .collect();
    let mut attributes: Vec<String> = (0..n)
        .map(|k| kv(&format!("app.k{k}"), r#"{"intValue":"7"}"#.to_owned()))
        .collect();
    let list = format!(r#"{{"arrayValue":{{"values":[{}]}}}}"#, messages.join(","));
    attributes.push(kv("gen_ai.input.messages", list));
    format!(
        r#"{{"resourceSpans":[{{"scopeSpans":[{{"spans":[{{"startTimeUnixNano":"1","attributes":[{}]}}]}}]}}]}}"#,
        attributes.join(",")
    )
}

/// An OTLP trace of n GenAI spans, each a request of a few messages (`pep import --all`).
fn otlp_spans(n: usize) -> String {
    let spans: Vec<String> = (0..n)
        .map(|k| {
            let messages = serde_json::Value::from(format!(
                r#"[{{"role":"user","parts":[{{"type":"text","content":"q{k}"}}]}}]"#
            ));
            format!(
                r#"{{"startTimeUnixNano":"{}","attributes":[{{"key":"gen_ai.input.messages","value":{{"stringValue":{messages}}}}}]}}"#,
                1_000_000 * (n - k)
            )
        })
        .collect();
    format!(
        r#"{{"resourceSpans":[{{"scopeSpans":[{{"spans":[{}]}}]}}]}}"#,
        spans.join(",")
    )
}

// Two tests, so that cargo's two test threads measure side by side.
#[test]
fn linear_time_of_the_request_formats() {
    assert_linear("openai turns", 2_000, openai_turns);
    assert_linear("unknown keys", 20_000, unknown_keys);
    assert_linear("anthropic turns", 2_000, anthropic_turns);
    assert_linear("mcp resources", 1_000, mcp_resources);
    assert_linear("tools", 500, many_tools);
    assert_linear("gemini turns", 2_000, gemini_turns);
}

#[test]
fn linear_time_of_opentelemetry() {
    assert_linear("otel turns", 500, otel_turns);
    assert_linear("otlp typed values", 500, otlp_typed);
    common::scaling::assert_linear("otlp spans", 500, otlp_spans, |text| {
        std::hint::black_box(pep_core::import::import_all(text).map(|r| r.map(|r| r.count)));
    });
}

#[test]
fn linear_memory() {
    assert_memory("openai turns", 5_000, openai_turns, 40);
    assert_memory("unknown keys", 12_000, unknown_keys, 40);
    assert_memory("anthropic turns", 5_000, anthropic_turns, 40);
    assert_memory("mcp resources", 500, mcp_resources, 40);
    assert_memory("tools", 500, many_tools, 80);
    assert_memory("otel turns", 1_000, otel_turns, 60);
    // Its model content's 40-byte part pairs become two messages each (a text after a call
    // starts one), whose pretty envelope is ten times their input: 43× measured.
    assert_memory("gemini turns", 2_000, gemini_turns, 80);
}

/// The generated inputs are what they say: each imports as its format.
#[test]
fn inputs_are_importable() {
    for (text, source) in [
        (openai_turns(3), Source::OpenAi),
        (unknown_keys(3), Source::OpenAi),
        (anthropic_turns(3), Source::Anthropic),
        (mcp_resources(3), Source::Mcp),
        (many_tools(3), Source::OpenAi),
        (otel_turns(3), Source::Otel),
        (otlp_typed(3), Source::Otel),
        (gemini_turns(3), Source::Gemini),
    ] {
        match import(&text, None) {
            Ok(imported) => assert_eq!(imported.source, source),
            Err(errors) => panic!("{errors:#?}\n{text}"),
        }
    }
    let spans = pep_core::import::import_all(&otlp_spans(3));
    assert!(
        matches!(spans, Some(Ok(ref r)) if r.imported.len() == 3),
        "{spans:?}"
    );
}
