//! Component tests in a real browser (headless Chromium through wasm-bindgen-test): each
//! segment component, the collapse logic, and the fallback cards for a broken envelope.
//! Run by scripts/test.sh: `cargo test --target wasm32-unknown-unknown --test components`.
#![cfg(target_arch = "wasm32")]

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use leptos::mount::mount_to;
use leptos::prelude::*;
use pep_core::model::{Entry, Segment};
use prompt_envelope::components::EnvelopeView;
use prompt_envelope::components::segments::{
    DocumentCard, LongTextView, MediaView, MemoryView, SegmentView, SkillsView, StaticVarBadge,
    SystemPromptView, TextView, ToolCallRequestView, ToolCallResultView, ToolOverviewView,
};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

mod browser;
use browser::{click, container, count, find, settle, text};

/// The first segment of `kind` in a one-segment envelope.
fn segment(json: &str) -> Segment {
    let text = format!(
        r#"{{"version":"1.0","messages":[{{"id":"m","role":"user","timestamp":1,"segments":[{json}]}}]}}"#
    );
    let loaded = pep_core::load(&text, pep_core::Mode::Strict);
    match loaded.envelope.and_then(|e| e.messages.into_iter().next()) {
        Some(Entry::Valid(message)) => match message.segments.into_iter().next() {
            Some(Entry::Valid(segment)) => segment,
            other => panic!("segment invalid: {other:?} {:?}", loaded.issues),
        },
        other => panic!("message invalid: {other:?}"),
    }
}

macro_rules! as_kind {
    ($segment:expr, $variant:ident) => {
        match $segment {
            Segment::$variant(inner) => inner,
            other => panic!("expected {}, got {other:?}", stringify!($variant)),
        }
    };
}

#[wasm_bindgen_test]
async fn text_renders_markdown_tables_code_and_escapes_html() {
    let root = container();
    let seg = as_kind!(
        segment(
            r#"{"kind":"text","content":"| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx()\n```\n\n<img src=x onerror=alert(1)>"}"#
        ),
        Text
    );
    let _handle = mount_to(
        root.clone(),
        move || view! { <TextView segment=seg.clone() /> },
    );
    settle().await;
    let root: Element = root.into();
    assert_eq!(
        find(&root, "[data-kind]")
            .get_attribute("data-kind")
            .as_deref(),
        Some("text")
    );
    assert_eq!(count(&root, "table td"), 2);
    assert_eq!(text(&root, "pre code"), "x()\n");
    assert_eq!(
        count(&root, "img"),
        0,
        "raw HTML must not become an element"
    );
    assert!(text(&root, ".pe-md").contains("<img src=x onerror=alert(1)>"));
}

#[wasm_bindgen_test]
async fn static_var_is_a_pill_with_a_described_tooltip() {
    let root = container();
    let seg = as_kind!(
        segment(
            r#"{"kind":"static_var","name":"current_date","value":"2026年6月7日","description":"当前日期"}"#
        ),
        StaticVar
    );
    let _handle = mount_to(
        root.clone(),
        move || view! { <StaticVarBadge key=pep_core::SegmentRef::new(0, 0) segment=seg.clone() /> },
    );
    settle().await;
    let root: Element = root.into();
    let pill = find(&root, "[data-kind=static_var]");
    assert_eq!(
        pill.text_content().unwrap_or_default(),
        "current_date = 2026年6月7日当前日期"
    );
    let tip = find(&root, "[role=tooltip]");
    assert_eq!(
        pill.get_attribute("aria-describedby"),
        tip.get_attribute("id")
    );
    assert_eq!(
        pill.get_attribute("tabindex").as_deref(),
        Some("0"),
        "focusable for keyboard users"
    );
}

#[wasm_bindgen_test]
async fn system_prompt_folds_marks_placeholders_and_expands_values() {
    let root = container();
    let seg = as_kind!(
        segment(
            r#"{"kind":"system_prompt","content":"日期：{{date}}，{{ nope }}","collapsed":true}"#
        ),
        SystemPrompt
    );
    let variables = Arc::new(HashMap::from([("date".to_owned(), "6月7日".to_owned())]));
    let collapsed = RwSignal::new(seg.collapsed);
    let _handle = mount_to(root.clone(), move || {
        view! { <SystemPromptView key=pep_core::SegmentRef::new(0, 0) segment=seg.clone() collapsed=collapsed variables=variables.clone() /> }
    });
    settle().await;
    let root: Element = root.into();
    let toggle = find(&root, "[data-kind=system_prompt] > button");
    assert_eq!(
        toggle.get_attribute("aria-expanded").as_deref(),
        Some("false")
    );
    assert_eq!(
        count(&root, ".pe-prompt"),
        0,
        "a folded segment renders no body"
    );
    click(&root, "[data-kind=system_prompt] > button");
    settle().await;
    assert_eq!(
        toggle.get_attribute("aria-expanded").as_deref(),
        Some("true")
    );
    assert_eq!(text(&root, "mark.pe-var"), "{{date}}");
    assert_eq!(text(&root, ".pe-var__value"), "6月7日");
    let unknown = text(&root, "mark.pe-var--unknown");
    assert!(
        unknown.starts_with("{{ nope }}") && unknown.contains("undefined"),
        "{unknown}"
    );
    click(&root, ".pe-toggle-group button:nth-child(2)");
    settle().await;
    assert!(text(&root, ".pe-prompt").starts_with("日期：6月7日，{{ nope }}"));
}

#[wasm_bindgen_test]
async fn memory_skills_and_tools_fold_and_expand_their_items() {
    let root = container();
    let memory = as_kind!(
        segment(
            r#"{"kind":"memory","description":"关于你","items":[{"title":"身份","content":"研究生"},{"title":"偏好","content":"先结论"}],"collapsed":false}"#
        ),
        Memory
    );
    let skills = as_kind!(
        segment(
            r#"{"kind":"skills","items":[{"name":"pdf","description":"PDF"},{"name":"made-up","description":"?"}],"collapsed":false}"#
        ),
        Skills
    );
    let tools = as_kind!(
        segment(
            r#"{"kind":"tool_overview","items":[{"name":"search","description":"搜索","parameters":"q: string","schema":{"type":"object","properties":{"q":{"type":"string"}}}},{"name":"now","description":"时间","parameters":""}],"collapsed":false}"#
        ),
        ToolOverview
    );
    let _handle = mount_to(root.clone(), move || {
        view! {
            <MemoryView key=pep_core::SegmentRef::new(0, 0) segment=memory.clone() collapsed=RwSignal::new(false) />
            <SkillsView key=pep_core::SegmentRef::new(0, 1) segment=skills.clone() collapsed=RwSignal::new(false) />
            <ToolOverviewView key=pep_core::SegmentRef::new(0, 2) segment=tools.clone() collapsed=RwSignal::new(false) />
        }
    });
    settle().await;
    let root: Element = root.into();
    assert_eq!(count(&root, "[data-kind=memory] .pe-memory__item"), 2);
    assert_eq!(
        text(&root, "[data-kind=memory] .pe-seg__description"),
        "关于你"
    );
    // pdf is in the registry: its L2 body opens on demand; made-up is not.
    assert_eq!(count(&root, "[data-kind=skills] .pe-skills__body"), 0);
    click(&root, "[data-kind=skills] .pe-link-button");
    settle().await;
    assert!(text(&root, "[data-kind=skills] .pe-skills__body").contains("pypdf"));
    assert_eq!(count(&root, "[data-kind=skills] .pe-skills__missing"), 1);
    click(&root, "[data-kind=tool_overview] .pe-link-button");
    settle().await;
    let schema = text(&root, "[data-kind=tool_overview] .pe-tools__schema");
    assert!(schema.contains("\"properties\""), "{schema}");
    assert_eq!(
        count(&root, "[data-kind=tool_overview] .pe-tools__no-schema"),
        1
    );
}

#[wasm_bindgen_test]
async fn tool_calls_show_arguments_and_status_colours() {
    let root = container();
    let request = as_kind!(
        segment(
            r#"{"kind":"tool_call_request","toolName":"search","arguments":{"query":"LLM","limit":5,"exact":1.0,"tags":["a"]},"collapsed":false}"#
        ),
        ToolCallRequest
    );
    let ok = as_kind!(
        segment(
            r#"{"kind":"tool_call_result","toolName":"search","result":"Found 5","success":true,"collapsed":true}"#
        ),
        ToolCallResult
    );
    let failed = as_kind!(
        segment(
            r#"{"kind":"tool_call_result","toolName":"fetch","result":"HTTP 403","success":false,"collapsed":false}"#
        ),
        ToolCallResult
    );
    let _handle = mount_to(root.clone(), move || {
        view! {
            <ToolCallRequestView key=pep_core::SegmentRef::new(0, 0) segment=request.clone() collapsed=RwSignal::new(false) />
            <ToolCallResultView key=pep_core::SegmentRef::new(0, 1) segment=ok.clone() collapsed=RwSignal::new(true) />
            <ToolCallResultView key=pep_core::SegmentRef::new(0, 2) segment=failed.clone() collapsed=RwSignal::new(false) />
        }
    });
    settle().await;
    let root: Element = root.into();
    let keys: Vec<String> = (0..4)
        .map(|i| text(&root, &format!(".pe-kv:nth-child({}) .pe-kv__key", i + 1)))
        .collect();
    assert_eq!(keys, ["query", "limit", "exact", "tags"]);
    assert_eq!(
        text(&root, ".pe-kv:nth-child(3) .pe-kv__value"),
        "1.0",
        "numbers as written"
    );
    assert_eq!(
        count(&root, ".pe-result--success .pe-result__text"),
        0,
        "success starts folded"
    );
    assert_eq!(
        text(&root, ".pe-result--failure .pe-result__text"),
        "HTTP 403"
    );
    click(&root, ".pe-result--success > button");
    settle().await;
    assert_eq!(
        text(&root, ".pe-result--success .pe-result__text"),
        "Found 5"
    );
}

#[wasm_bindgen_test]
async fn document_long_text_and_media() {
    let root = container();
    let document = as_kind!(
        segment(
            r#"{"kind":"document","fileName":"报告.pdf","mimeType":"application/pdf","snippet":"摘要","sizeBytes":2845000,"parsedContent":"| k | v |\n|---|---|\n| a | b |"}"#
        ),
        Document
    );
    let long = as_kind!(
        segment(
            r#"{"kind":"long_text","content":"line 1\nline 2\nline 3\nline 4","charCount":27,"collapsed":true}"#
        ),
        LongText
    );
    let blocked = as_kind!(
        segment(
            r#"{"kind":"media","mediaType":"image","url":"javascript:alert(1)","altText":"x"}"#
        ),
        Media
    );
    let broken = as_kind!(
        segment(
            r#"{"kind":"media","mediaType":"image","url":"/no/such/image.png","altText":"猫"}"#
        ),
        Media
    );
    let audio = as_kind!(
        segment(r#"{"kind":"media","mediaType":"audio","url":"data:audio/wav;base64,AA=="}"#),
        Media
    );
    let collapsed = RwSignal::new(true);
    let _handle = mount_to(root.clone(), move || {
        view! {
            <DocumentCard key=pep_core::SegmentRef::new(0, 0) segment=document.clone() />
            <LongTextView key=pep_core::SegmentRef::new(0, 1) segment=long.clone() collapsed=collapsed />
            <MediaView segment=blocked.clone() />
            <MediaView segment=broken.clone() />
            <MediaView segment=audio.clone() />
        }
    });
    settle().await;
    let root: Element = root.into();
    assert_eq!(text(&root, ".pe-doc__icon"), "📕");
    assert_eq!(text(&root, ".pe-doc__details"), "2.7 MB · application/pdf");
    assert_eq!(count(&root, ".pe-doc__parsed"), 0);
    click(&root, "[data-kind=document] .pe-link-button");
    settle().await;
    assert_eq!(count(&root, ".pe-doc__parsed table"), 1);

    assert_eq!(
        text(&root, ".pe-long__text"),
        "line 1\nline 2…",
        "two lines, marked as cut"
    );
    assert!(text(&root, "[data-kind=long_text] .pe-fold__summary").starts_with("27 "));
    click(&root, "[data-kind=long_text] > button");
    settle().await;
    assert_eq!(
        text(&root, ".pe-long__text"),
        "line 1\nline 2\nline 3\nline 4"
    );

    assert_eq!(
        count(&root, ".pe-media__blocked"),
        1,
        "unsafe scheme is not loaded"
    );
    assert_eq!(count(&root, "img[src^=javascript]"), 0);
    assert_eq!(count(&root, "audio[controls]"), 1);
    // The missing image fails to load and leaves a placeholder of fixed size.
    for _ in 0..50 {
        if count(&root, ".pe-media__failed") == 1 {
            break;
        }
        gloo_timers::future::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        count(&root, ".pe-media__failed"),
        1,
        "broken image placeholder"
    );
}

#[wasm_bindgen_test]
async fn segment_view_dispatches_every_kind_and_uses_the_collapse_signal() {
    let root = container();
    let seg =
        segment(r#"{"kind":"memory","items":[{"title":"t","content":"c"}],"collapsed":true}"#);
    let signal = RwSignal::new(true);
    let _handle = mount_to(root.clone(), move || {
        view! {
            <SegmentView key=pep_core::SegmentRef::new(0, 0) entry=Entry::Valid(seg.clone()) collapsed=Some(signal) variables=Arc::new(HashMap::new()) />
        }
    });
    settle().await;
    let root: Element = root.into();
    assert_eq!(
        find(&root, "[data-kind=memory] > button")
            .get_attribute("aria-expanded")
            .as_deref(),
        Some("false")
    );
    signal.set(false);
    settle().await;
    assert_eq!(
        find(&root, "[data-kind=memory] > button")
            .get_attribute("aria-expanded")
            .as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn a_broken_envelope_renders_fallback_cards_and_everything_else() {
    let root = container();
    let source = include_str!("fixtures/viewer/broken-segments.json");
    let _handle = mount_to(
        root.clone(),
        move || view! { <EnvelopeView source=source file_stem="broken" id="broken" /> },
    );
    settle().await;
    let root: Element = root.into();
    // Two bad segments and one bad message become cards; the good segments still render.
    assert_eq!(count(&root, "[data-kind=invalid]"), 3);
    assert_eq!(count(&root, "[data-kind=text]"), 2);
    assert_eq!(count(&root, "[data-kind=media]"), 1);
    let first = find(&root, "[data-kind=invalid]");
    let card = first.text_content().unwrap_or_default();
    assert!(card.contains("messages[0].segments[1]"), "{card}");
    assert!(card.contains("must be a string, found a number"), "{card}");
    assert!(card.contains("\"content\": 42"), "raw JSON shown: {card}");
    assert_eq!(
        first.get_attribute("data-invalid-kind").as_deref(),
        Some("text")
    );
    // Repairs: missing collapsed / charCount are filled in and reported.
    assert_eq!(count(&root, "[data-kind=long_text]"), 1);
    assert_eq!(count(&root, "[data-kind=system_prompt]"), 1);
    let issues = text(&root, "[data-testid=validation-issues]");
    assert!(issues.contains("repaired"), "{issues}");
    // The export lists what it left out and still exports the rest.
    let warnings = text(&root, "[data-testid=export-warnings]");
    assert!(warnings.contains("messages[0].segments[1]"), "{warnings}");
    assert!(warnings.contains("messages[1]"), "{warnings}");
    let export = text(&root, "[data-testid=export-openai]");
    assert!(
        export.contains("第一段是好的。") && export.contains("最后一段也是好的。"),
        "{export}"
    );
    // Expand all reaches the repaired segments too.
    click(&root, "[data-testid=expand-all]");
    settle().await;
    assert_eq!(
        count(&root, ".pe-fold > button[aria-expanded=false]"),
        0,
        "{}",
        root.outer_html()
    );
}

#[wasm_bindgen_test]
async fn a_non_json_source_shows_one_error_panel_and_keeps_the_input() {
    let root = container();
    let source = "{ \"version\": \"1.0\", oops";
    let _handle = mount_to(
        root.clone(),
        move || view! { <EnvelopeView source=source file_stem="broken" id="broken" /> },
    );
    settle().await;
    let root: Element = root.into();
    // The alert holds the message only, not the (possibly long) source below it.
    let alert = find(&root, ".pe-fatal [role=alert]");
    assert!(!alert.text_content().unwrap_or_default().contains("oops"));
    assert!(text(&root, ".pe-fatal").contains("line 1, column"));
    assert_eq!(
        text(&root, ".pe-fatal__source"),
        "{ \"version\": \"1.0\", oops"
    );
}
