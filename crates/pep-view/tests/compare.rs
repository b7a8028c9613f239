//! Comparing two documents the engine keeps (DECISIONS §13): the core's comparison as the
//! compare view has it, with each cache break's lines in both sides' exports; and the view
//! survives the wire.
#![cfg(feature = "engine")]

use pep_core::export::{Format, Options};
use pep_view::engine::Engine;
use pep_view::model::compare::{CompareView, Status};
use pep_view::model::{Request, Response};
use pep_view::wire::{decode, encode};

fn demo(name: &str) -> String {
    // The folder read when the test runs, not the one it was built in (another clone may
    // share the target directory).
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        std::path::PathBuf::from,
    );
    let path = dir.join("../../demos").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn compared(a: &str, b: &str) -> CompareView {
    let mut engine = Engine::new();
    for (doc, source) in [(1, a), (2, b)] {
        let source = source.to_owned();
        let exports = Vec::new();
        engine.handle(
            Request::Keep {
                doc,
                source,
                exports,
            },
            &mut |_| {},
        );
    }
    let mut answers = Vec::new();
    let request = Request::Compare { doc: 9, a: 1, b: 2 };
    engine.handle(request, &mut |r| answers.push(r));
    assert_eq!(answers.len(), 1, "{answers:?}");
    let answer = answers.remove(0);
    assert_eq!(decode::<Response>(&encode(&answer)).as_ref(), Ok(&answer));
    match answer {
        Response::Compared { doc: 9, compare } => *compare,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_demo_is_the_same_as_itself() {
    let source = demo("demo-f.json");
    let view = compared(&source, &source);
    assert!(view.same);
    assert_eq!(view.messages[1..], [0, 0, 0]);
    assert!(view.rows.iter().all(|row| row.status == Status::Same));
    assert!(view.caches.iter().all(|cache| cache.cache_break.is_none()));
}

#[test]
fn a_changed_variable_breaks_the_cache_at_the_head_and_its_lines_are_found() {
    let a = demo("demo-f.json");
    let mut value: serde_json::Value = serde_json::from_str(&a).unwrap_or_default();
    let segments = value["messages"][0]["segments"].as_array_mut();
    let var = segments.and_then(|s| s.iter_mut().find(|s| s["kind"] == "static_var"));
    let Some(var) = var else {
        panic!("demo-f has a static_var")
    };
    var["value"] = serde_json::Value::from("2030年1月1日");
    let b = value.to_string();
    let view = compared(&a, &b);
    assert!(!view.same);
    for cache in &view.caches {
        let Some(found) = &cache.cache_break else {
            panic!("{:?}: no break", cache.format)
        };
        let segment = found
            .segment
            .as_ref()
            .map(|s| (s.at.message, s.variable.is_some()));
        assert_eq!(segment, Some((0, true)), "{:?}: {found:?}", cache.format);
        for (source, lines, path) in [(&a, found.lines_a, &found.a), (&b, found.lines_b, &found.b)]
        {
            let text = pep_core::export_text(source, cache.format, Options::default())
                .map(|e| e.text)
                .unwrap_or_default();
            let Some((first, last)) = lines else {
                panic!("{:?}: no lines for {path:?}", cache.format)
            };
            let shown: Vec<&str> = text.lines().collect();
            assert!(first <= last && (last as usize) < shown.len());
            let item = shown[first as usize..=last as usize].join("\n");
            assert!(
                item.contains("2026年6月10日") || item.contains("2030年1月1日"),
                "{item}"
            );
        }
        let expected = match cache.format {
            Format::OpenAi => "messages[0]",
            Format::Responses => "instructions",
            Format::Anthropic => "system",
            Format::Gemini => "systemInstruction",
            Format::Mcp | Format::Otel => unreachable!("no cache report for {:?}", cache.format),
        };
        assert_eq!(found.a.as_deref(), Some(expected));
    }
}

#[test]
fn a_message_appended_holds_the_cache_to_the_end() {
    let a = demo("demo-b.json");
    let mut value: serde_json::Value = serde_json::from_str(&a).unwrap_or_default();
    if let Some(messages) = value["messages"].as_array_mut() {
        messages.push(
            serde_json::json!({"id": "more", "role": "user", "timestamp": 1,
            "segments": [{"kind": "text", "content": "one more question"}]}),
        );
    }
    let view = compared(&a, &value.to_string());
    assert_eq!(view.messages[2], 1, "one added");
    let last = view
        .rows
        .last()
        .map(|row| (row.status, row.a, row.segments.len()));
    assert_eq!(last, Some((Status::Added, None, 1)));
    let openai = view.caches.iter().find(|c| c.format == Format::OpenAi);
    let found = openai.and_then(|c| c.cache_break.clone());
    assert_eq!(
        found.as_ref().and_then(|f| f.a.clone()),
        None,
        "A ends before the break"
    );
    assert!(found.and_then(|f| f.lines_b).is_some());
}

#[test]
fn documents_the_engine_lacks_get_no_answer() {
    let mut engine = Engine::new();
    let mut answers = Vec::new();
    engine.handle(Request::Compare { doc: 1, a: 2, b: 3 }, &mut |r| {
        answers.push(r)
    });
    assert!(answers.is_empty());
}
