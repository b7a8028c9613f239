//! Step k (DECISIONS §13): what the engine shows for the envelope cut to its first k
//! messages is exactly what `pep export` prints for that cut envelope, in every format, for
//! every demo and every k; the budget is the cut envelope's; and the envelope is whole again
//! after each step.
#![cfg(feature = "engine")]

use pep_core::export::{Format, Options};
use pep_view::engine::Engine;
use pep_view::model::{Request, Response};
use pep_view::panel_tab::PanelTab;

const DEMOS: [&str; 6] = [
    "demo-a.json",
    "demo-b.json",
    "demo-c.json",
    "demo-d.json",
    "demo-e.json",
    "demo-f.json",
];

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

/// `source` with only its first `k` messages, as a user would cut the file.
fn cut(source: &str, k: usize) -> String {
    let mut value: serde_json::Value = serde_json::from_str(source).unwrap_or_default();
    if let Some(messages) = value.get_mut("messages").and_then(|m| m.as_array_mut()) {
        messages.truncate(k);
    }
    value.to_string()
}

fn keep(engine: &mut Engine, source: &str) {
    let request = Request::Keep {
        doc: 1,
        source: source.to_owned(),
        exports: Vec::new(),
    };
    engine.handle(request, &mut |_| {});
}

fn step(engine: &mut Engine, k: usize, tab: PanelTab) -> Vec<Response> {
    let mut responses = Vec::new();
    let request = Request::Step {
        doc: 1,
        step: k,
        tab,
    };
    engine.handle(request, &mut |response| responses.push(response));
    responses
}

#[test]
fn every_step_of_every_demo_is_the_export_of_the_cut_envelope() {
    for name in DEMOS {
        let source = demo(name);
        let count = serde_json::from_str::<serde_json::Value>(&source)
            .ok()
            .and_then(|v| v["messages"].as_array().map(Vec::len))
            .unwrap_or(0);
        assert!(count > 1, "{name}");
        let mut engine = Engine::new();
        keep(&mut engine, &source);
        for k in 1..=count {
            let responses = step(&mut engine, k, PanelTab::Export(Format::Anthropic));
            let formats: Vec<Format> = responses
                .iter()
                .filter_map(|r| match r {
                    Response::Stepped { export, step, .. } if *step == k => Some(export.format),
                    _ => None,
                })
                .collect();
            assert_eq!(
                formats[0],
                Format::Anthropic,
                "{name} step {k}: the tab in view first"
            );
            assert_eq!(formats.len(), Format::ALL.len(), "{name} step {k}");
            let cut = cut(&source, k);
            for response in &responses {
                let Response::Stepped { export, .. } = response else {
                    continue;
                };
                let expected = pep_core::export_text(&cut, export.format, Options::default());
                let expected = expected.map(|e| e.text).unwrap_or_default();
                assert_eq!(
                    &*export.text, expected,
                    "{name} step {k} {:?}",
                    export.format
                );
            }
            assert!(
                matches!(responses.last(), Some(Response::SteppedBudget { step, .. }) if *step == k),
                "{name} step {k}: the budget last"
            );
        }
    }
}

#[test]
fn steps_leave_the_envelope_whole_and_out_of_range_steps_are_clamped() {
    let source = demo("demo-f.json");
    let mut engine = Engine::new();
    keep(&mut engine, &source);
    let text_of = |responses: &[Response]| match responses.first() {
        Some(Response::Stepped { export, step, .. }) => (*step, export.text.to_string()),
        _ => (0, String::new()),
    };
    let tab = PanelTab::Export(Format::OpenAi);
    let first = text_of(&step(&mut engine, 2, tab));
    let whole = text_of(&step(&mut engine, 9_999, tab));
    let again = text_of(&step(&mut engine, 2, tab));
    assert_eq!(first, again, "a step does not change the envelope it cuts");
    let full = pep_core::export_text(&source, Format::OpenAi, Options::default());
    assert_eq!(whole.1, full.map(|e| e.text).unwrap_or_default());
    assert_eq!(text_of(&step(&mut engine, 0, tab)).0, 1);
    // A document the engine does not have gets no answer.
    let mut none = Vec::new();
    let request = Request::Step {
        doc: 7,
        step: 1,
        tab,
    };
    engine.handle(request, &mut |r| none.push(r));
    assert!(none.is_empty());
}

#[test]
fn the_raw_tab_gets_every_export_and_the_budget_of_the_cut() {
    let source = demo("demo-b.json");
    let mut engine = Engine::new();
    keep(&mut engine, &source);
    let responses = step(&mut engine, 2, PanelTab::Raw);
    let exports = responses
        .iter()
        .filter(|r| matches!(r, Response::Stepped { .. }))
        .count();
    assert_eq!(exports, Format::ALL.len());
    let Some(Response::SteppedBudget { budget, .. }) = responses.last() else {
        panic!("no budget: {responses:?}")
    };
    assert!(
        budget.messages.iter().all(|row| row.message < 2),
        "{budget:?}"
    );
}
