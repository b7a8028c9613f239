//! The request list (DECISIONS §13) as the engine answers it: a file of many requests opened
//! is said to be one, its list has a row per request with the cache prefix against the one
//! before, and a request picked comes back as its envelope; every answer survives the wire.
#![cfg(feature = "engine")]

use pep_core::export::Format;
use pep_core::import::Source;
use pep_core::model::SegmentKind;
use pep_view::engine::Engine;
use pep_view::model::{Opened, Request, RequestListView, Response};
use pep_view::panel_tab::PanelTab;
use pep_view::wire::{decode, encode};

fn ask(engine: &mut Engine, request: Request) -> Vec<Response> {
    assert_eq!(decode::<Request>(&encode(&request)).as_ref(), Ok(&request));
    let mut responses = Vec::new();
    engine.handle(request, &mut |response| responses.push(response));
    for response in &responses {
        assert_eq!(decode::<Response>(&encode(response)).as_ref(), Ok(response));
    }
    responses
}

/// Three Chat Completions calls of one agent loop (the history grows, then the system prompt
/// changes), a line that is no request, and a Responses call.
const LOOP: &str = r#"{"model":"gpt-4o","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Weather in Paris?"}]}
{"model":"gpt-4o","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Weather in Paris?"},{"role":"assistant","content":"Sunny."},{"role":"user","content":"And Rome?"}]}
{"model":"gpt-4o","messages":[{"role":"system","content":"Be very brief."},{"role":"user","content":"Weather in Paris?"}]}
{"model":"text-embedding-3-small","input":"not a conversation"}
{"model":"gpt-5","instructions":"Be brief.","input":"Hi"}
"#;

fn listed(responses: Vec<Response>) -> RequestListView {
    match responses.as_slice() {
        [Response::Listed { list, .. }] => match decode::<RequestListView>(list) {
            Ok(list) => list,
            Err(error) => panic!("{error}"),
        },
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_many_request_file_opens_as_a_list_and_each_row_says_what_it_is() {
    let mut engine = Engine::new();
    let open = Request::Open {
        doc: 1,
        source: LOOP.to_owned(),
        recognise: true,
        tab: PanelTab::Export(Format::OpenAi),
        first: 12,
    };
    let responses = ask(&mut engine, open);
    assert!(
        matches!(
            responses.as_slice(),
            [Response::Opened {
                opened: Opened::Requests(issues),
                ..
            }] if issues.errors == 1 && issues.listed[0].en.contains("holds 5 requests")
        ),
        "{responses:?}"
    );
    let source = LOOP.to_owned();
    let list = listed(ask(&mut engine, Request::List { doc: 7, source }));
    assert_eq!(list.count, 5);
    let numbers: Vec<usize> = list.rows.iter().map(|r| r.number).collect();
    assert_eq!(numbers, [1, 2, 3, 5]);
    assert_eq!(
        list.issues.warnings, 1,
        "the embeddings line is skipped, named"
    );
    assert_eq!(list.issues.listed[0].path, "line 4");
    let [first, second, third, fifth] = &list.rows[..] else {
        panic!("{list:?}")
    };
    assert_eq!((first.source, first.messages), (Source::OpenAi, 2));
    assert_eq!(first.model.as_deref(), Some("gpt-4o"));
    assert!(first.tokens > 0 && first.cache.is_none());
    // The history grew: everything of request 1 is reused, and the break is where 2 goes on.
    let cache = second
        .cache
        .as_ref()
        .unwrap_or_else(|| panic!("{second:?}"));
    assert_eq!(cache.format, Format::OpenAi);
    assert!(cache.prefix_tokens > 0);
    let broke = cache.broke.as_ref().unwrap_or_else(|| panic!("{cache:?}"));
    assert_eq!(broke.item.as_deref(), Some("messages[2]"));
    // The system prompt changed: nothing is reused, and the segment is named.
    let cache = third.cache.as_ref().unwrap_or_else(|| panic!("{third:?}"));
    assert_eq!(cache.prefix_tokens, 0);
    let broke = cache.broke.as_ref().unwrap_or_else(|| panic!("{cache:?}"));
    assert_eq!(broke.item.as_deref(), Some("messages[0]"));
    let segment = broke
        .segment
        .as_ref()
        .unwrap_or_else(|| panic!("{broke:?}"));
    assert_eq!(segment.kind, SegmentKind::SystemPrompt);
    assert_eq!(segment.path, "messages[0].segments[0]");
    // A Responses call is compared in its own provider's order; the model differs.
    let cache = fifth.cache.as_ref().unwrap_or_else(|| panic!("{fifth:?}"));
    assert_eq!(
        (fifth.source, cache.format),
        (Source::Responses, Format::Responses)
    );
    assert_eq!(
        cache.broke.as_ref().and_then(|b| b.item.as_deref()),
        Some("model")
    );
}

/// The list reuses the requests opening the file read; it is the same list as one read anew,
/// after the opening document closed, or for another text.
#[test]
fn the_list_after_opening_is_the_list_read_anew() {
    let open = |doc: u32| Request::Open {
        doc,
        source: LOOP.to_owned(),
        recognise: true,
        tab: PanelTab::Export(Format::OpenAi),
        first: 12,
    };
    let list = |doc: u32, source: &str| Request::List {
        doc,
        source: source.to_owned(),
    };
    let anew = listed(ask(&mut Engine::new(), list(7, LOOP)));
    let mut engine = Engine::new();
    ask(&mut engine, open(1));
    assert_eq!(listed(ask(&mut engine, list(7, LOOP))), anew);
    ask(&mut engine, open(2));
    ask(&mut engine, Request::Close { doc: 2 });
    assert_eq!(listed(ask(&mut engine, list(8, LOOP))), anew);
    ask(&mut engine, open(3));
    let other = LOOP.lines().take(2).collect::<Vec<_>>().join("\n");
    let two = listed(ask(&mut engine, list(9, &other)));
    assert_eq!((two.count, two.rows.len()), (2, 2));
}

#[test]
fn a_picked_request_comes_back_as_its_envelope() {
    let mut engine = Engine::new();
    let source = LOOP.to_owned();
    listed(ask(&mut engine, Request::List { doc: 7, source }));
    let pick = Request::Pick {
        doc: 7,
        number: 2,
        show: true,
    };
    let [
        Response::Picked {
            number,
            show,
            text,
            summary,
            ..
        },
    ] = &ask(&mut engine, pick)[..]
    else {
        panic!("no pick")
    };
    assert_eq!((*number, *show, summary.messages), (2, true, 4));
    assert_eq!(summary.source, Source::OpenAi);
    assert!(text.contains("And Rome?"), "{text}");
    // Another list's id, or a request that is not there, has no answer.
    let elsewhere = Request::Pick {
        doc: 8,
        number: 2,
        show: true,
    };
    assert!(ask(&mut engine, elsewhere).is_empty());
    let skipped = Request::Pick {
        doc: 7,
        number: 4,
        show: false,
    };
    assert!(ask(&mut engine, skipped).is_empty());
}

#[test]
fn a_trace_of_genai_spans_lists_its_spans_with_their_times() {
    // The folder read when the test runs, not the one it was built in (another clone may
    // share the target directory).
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        std::path::PathBuf::from,
    );
    let path = dir.join("../../tests/fixtures/import/otel-many/latitude-agent-steps.json");
    let source =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut engine = Engine::new();
    let list = listed(ask(&mut engine, Request::List { doc: 1, source }));
    assert_eq!(list.count, 4);
    assert!(
        list.rows
            .iter()
            .all(|r| r.source == Source::Otel && r.time_ms.is_some())
    );
    let reused = list.rows[1].cache.as_ref().map_or(0, |c| c.prefix_tokens);
    assert!(reused > 0, "{:?}", list.rows[1]);
}

#[test]
fn what_is_no_file_of_many_requests_says_why() {
    let mut engine = Engine::new();
    for source in ["{\"version\":\"1.0\",\"messages\":[]}", "not json", ""] {
        let request = Request::List {
            doc: 1,
            source: source.to_owned(),
        };
        let list = listed(ask(&mut engine, request));
        assert!(
            list.rows.is_empty() && list.issues.errors > 0,
            "{source}: {list:?}"
        );
    }
}

#[path = "../../pep-core/tests/common/scaling.rs"]
mod scaling;

/// The list is one pass: each request imported and lowered once, and compared with the one
/// before it only (an agent loop whose history grows makes every neighbour share a prefix).
#[test]
fn the_list_of_many_requests_is_linear() {
    let loop_of = |n: usize| {
        (0..n)
            .map(|k| {
                let turns = k % 8;
                let history: Vec<String> = (0..turns)
                    .map(|t| format!(r#"{{"role":"user","content":"turn {t} of {}"}}"#, k / 8))
                    .collect();
                format!(
                    r#"{{"model":"gpt-4o","messages":[{{"role":"system","content":"Be brief."}}{}{}]}}"#,
                    if turns > 0 { "," } else { "" },
                    history.join(",")
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    scaling::assert_linear("request list", 500, loop_of, |source| {
        let mut engine = Engine::new();
        let request = Request::List {
            doc: 1,
            source: source.to_owned(),
        };
        engine.handle(request, &mut |response| {
            std::hint::black_box(response);
        });
    });
}
