//! The engine's answers for real sources: the demos, a large one, broken ones; and every
//! answer survives the wire unchanged.
#![cfg(feature = "engine")]

use pep_core::export::{Format, Options};
use pep_view::engine::{Engine, RAW_EAGER_UP_TO};
use pep_view::model::{Markdown, MarkdownKey, MessageView, Opened, Request, Response};
use pep_view::panel_tab::PanelTab;
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

/// Every response to `request`, each checked to come back from the wire as it went.
fn ask(engine: &mut Engine, request: Request) -> Vec<Response> {
    assert_eq!(decode::<Request>(&encode(&request)).as_ref(), Ok(&request));
    let mut responses = Vec::new();
    engine.handle(request, &mut |response| responses.push(response));
    for response in &responses {
        assert_eq!(decode::<Response>(&encode(response)).as_ref(), Ok(response));
    }
    responses
}

fn open(doc: u32, source: &str, tab: PanelTab) -> Request {
    Request::Open {
        doc,
        source: source.to_owned(),
        recognise: false,
        tab,
        first: 12,
    }
}

#[test]
fn a_demo_opens_with_its_visible_tab_then_the_rest() {
    for name in [
        "demo-a.json",
        "demo-b.json",
        "demo-c.json",
        "demo-d.json",
        "demo-e.json",
        "demo-f.json",
    ] {
        let source = demo(name);
        let mut engine = Engine::new();
        let responses = ask(
            &mut engine,
            open(1, &source, PanelTab::Export(Format::Anthropic)),
        );
        let kinds: Vec<&str> = responses
            .iter()
            .map(|r| match r {
                Response::Opened { .. } => "opened",
                Response::Export { .. } => "export",
                Response::Budget { .. } => "budget",
                Response::Raw { .. } => "raw",
                _ => "other",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "opened", "export", "export", "export", "export", "export", "budget", "raw"
            ],
            "{name}"
        );
        let Response::Opened {
            opened: Opened::Envelope(first),
            ..
        } = &responses[0]
        else {
            panic!("{name}: not an envelope")
        };
        assert!(first.issues.is_empty(), "{name}");
        assert_eq!(
            first.messages.len(),
            first.heights.len(),
            "a demo is small: every message"
        );
        let exports = std::iter::once(first.export.clone().unwrap_or_else(|| panic!("no export")))
            .chain(responses.iter().filter_map(|r| match r {
                Response::Export { export, .. } => Some(export.clone()),
                _ => None,
            }));
        let mut seen = Vec::new();
        for export in exports {
            let cli = pep_core::export_text(&source, export.format, Options::default());
            let Ok(cli) = cli else {
                panic!("{name}: the CLI refuses it")
            };
            assert_eq!(&*export.text, cli.text, "{name} {:?}", export.format);
            assert_eq!(
                export.line_starts.len(),
                export.text.lines().count(),
                "{name}"
            );
            seen.push(export.format);
        }
        assert_eq!(
            seen,
            [
                Format::Anthropic,
                Format::OpenAi,
                Format::Responses,
                Format::Mcp,
                Format::Otel,
                Format::Gemini
            ]
        );
        assert_eq!(engine.open_docs(), 1);
    }
}

#[test]
fn a_large_source_gives_the_same_views_and_its_raw_text_on_request() {
    let small = demo("demo-b.json");
    let large = format!("{small}{}", " ".repeat(RAW_EAGER_UP_TO));
    let mut engine = Engine::new();
    let tab = PanelTab::Export(Format::OpenAi);
    let a = ask(&mut engine, open(1, &small, tab));
    let b = ask(&mut engine, open(2, &large, tab));
    // The same views, without the raw text: that is asked for.
    let Response::Raw { text, .. } = &a[a.len() - 1] else {
        panic!("small: raw last")
    };
    assert_eq!(b.len(), a.len() - 1);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            encode(x)[2..],
            encode(y)[2..],
            "the same but for the doc id"
        );
    }
    let raw = ask(&mut engine, Request::Raw { doc: 2 });
    assert_eq!(
        raw,
        [Response::Raw {
            doc: 2,
            text: text.clone()
        }]
    );
}

#[test]
fn broken_sources_are_one_error_panel_and_keep_nothing() {
    let mut engine = Engine::new();
    for source in ["{ not json", "[1, 2]", r#"{"version":"1.0"}"#] {
        let responses = ask(&mut engine, open(3, source, PanelTab::Raw));
        let [
            Response::Opened {
                opened: Opened::Unreadable(issues),
                ..
            },
        ] = responses.as_slice()
        else {
            panic!("{source}: {responses:?}")
        };
        assert!(issues.errors > 0, "{source}");
        assert_eq!(engine.open_docs(), 0);
    }
    let responses = ask(&mut engine, open(3, "{ not json", PanelTab::Raw));
    let [
        Response::Opened {
            opened: Opened::Unreadable(issues),
            ..
        },
    ] = responses.as_slice()
    else {
        panic!()
    };
    assert!(
        issues.listed[0].en.contains("line 1, column 3"),
        "{:?}",
        issues.listed[0]
    );
    assert!(
        issues.listed[0].zh.contains("第 1 行第 3 列"),
        "{:?}",
        issues.listed[0]
    );
}

#[test]
fn later_requests_about_an_open_document() {
    let mut engine = Engine::new();
    let source = demo("demo-f.json");
    ask(&mut engine, open(7, &source, PanelTab::Raw));
    let messages = ask(
        &mut engine,
        Request::Messages {
            doc: 7,
            start: 1,
            end: 3,
        },
    );
    let [
        Response::Messages {
            start: 1, messages, ..
        },
    ] = messages.as_slice()
    else {
        panic!("{messages:?}")
    };
    assert_eq!(messages.len(), 2);
    assert!(messages.iter().all(|m| matches!(m, MessageView::Valid(_))));
    let hits = ask(
        &mut engine,
        Request::Search {
            doc: 7,
            seq: 4,
            query: "SKILL".into(),
        },
    );
    let [Response::Hits { seq: 4, total, .. }] = hits.as_slice() else {
        panic!("{hits:?}")
    };
    assert!(*total > 0);
    let key = MarkdownKey::Skill("webapp-testing".to_owned());
    let body = ask(&mut engine, Request::Markdown { doc: 7, key });
    let [
        Response::Markdown {
            markdown: Markdown::Html(html),
            ..
        },
    ] = body.as_slice()
    else {
        panic!("{body:?}")
    };
    assert!(html.contains("<h1>"), "{html}");
    ask(&mut engine, Request::Close { doc: 7 });
    assert_eq!(engine.open_docs(), 0);
    assert!(
        ask(
            &mut engine,
            Request::Messages {
                doc: 7,
                start: 0,
                end: 1
            }
        )
        .is_empty()
    );
}

#[test]
fn a_request_is_imported_before_it_opens() {
    let mut engine = Engine::new();
    let request = r#"{"model":"gpt-4o","messages":[{"role":"user","content":"Hi"}]}"#;
    let responses = ask(
        &mut engine,
        Request::Open {
            doc: 1,
            source: request.to_owned(),
            recognise: true,
            tab: PanelTab::Export(Format::OpenAi),
            first: 12,
        },
    );
    let Response::Recognised { text, summary, .. } = &responses[0] else {
        panic!("{responses:?}")
    };
    assert_eq!(summary.source, pep_core::import::Source::OpenAi);
    assert!(text.contains("\"version\": \"1.0\""));
    assert!(matches!(
        responses[1],
        Response::Opened {
            opened: Opened::Envelope(_),
            ..
        }
    ));
}

/// A demo's bundle carries only the first tab's export: the page keeps the text with the
/// worker after its first paint and asks for the others, which come as the CLI prints them.
#[test]
fn a_kept_demo_prints_the_exports_asked_for() {
    let source = demo("demo-f.json");
    let mut engine = Engine::new();
    let exports = vec![Format::Anthropic, Format::Otel];
    let request = Request::Keep {
        doc: 3,
        source: source.clone(),
        exports: exports.clone(),
    };
    let responses = ask(&mut engine, request);
    let printed: Vec<Format> = responses
        .iter()
        .filter_map(|r| match r {
            Response::Export { doc: 3, export } => {
                let cli = pep_core::export_text(&source, export.format, Options::default());
                assert_eq!(cli.map(|c| c.text).ok().as_deref(), Some(&*export.text));
                Some(export.format)
            }
            _ => None,
        })
        .collect();
    assert_eq!(printed, exports);
    assert_eq!(responses.len(), 2, "nothing else is answered");
    assert_eq!(engine.open_docs(), 1);
}
