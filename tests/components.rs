//! Component tests in a real browser (headless Chromium through wasm-bindgen-test): each
//! segment kind through `SegmentView`, from the model the engine makes of it, and the fold
//! logic; whole documents (bodies asked of the engine, fallback cards, an unreadable source)
//! are in `components/documents.rs`, the JSON views' wrapping in `components/wrapping.rs`.
//! Run by scripts/test.sh: `cargo test --target wasm32-unknown-unknown --features local-engine
//! --test components`.
#![cfg(target_arch = "wasm32")]

use leptos::mount::mount_to;
use leptos::prelude::*;
use pep_view::SegmentRef;
use prompt_envelope::components::segments::SegmentView;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

mod browser;
#[path = "components/documents.rs"]
mod documents;
#[path = "components/wrapping.rs"]
mod wrapping;
use browser::{click, container, count, find, segment_models, settle, text, until_count};

/// Mounts every segment of a one-message envelope with `SegmentView`, each with its own fold
/// signal, and returns the container and the mount (which unmounts when dropped).
async fn mount_segments(segments: &[&str]) -> (Element, impl Sized) {
    let root = container();
    let models = segment_models(segments);
    let handle = mount_to(root.clone(), move || {
        models
            .iter()
            .enumerate()
            .map(|(index, model)| {
                let folded = match model {
                    pep_view::model::SegmentView::Valid(valid) => valid.collapsed(),
                    pep_view::model::SegmentView::Invalid(_) => None,
                };
                view! {
                    <SegmentView
                        key=SegmentRef::new(0, index)
                        segment=model.clone()
                        collapsed=folded.map(RwSignal::new)
                    />
                }
            })
            .collect_view()
    });
    settle().await;
    (root.into(), handle)
}

#[wasm_bindgen_test]
async fn text_renders_markdown_tables_code_and_escapes_html() {
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"text","content":"| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx()\n```\n\n<img src=x onerror=alert(1)>"}"#,
    ])
    .await;
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
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"static_var","name":"current_date","value":"2026年6月7日","description":"当前日期"}"#,
    ])
    .await;
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
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"static_var","name":"date","value":"6月7日"}"#,
        r#"{"kind":"system_prompt","content":"日期：{{date}}，{{ nope }}","collapsed":true}"#,
    ])
    .await;
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
async fn memory_and_tools_fold_and_expand_their_items() {
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"memory","description":"关于你","items":[{"title":"身份","content":"研究生"},{"title":"偏好","content":"先结论"}],"collapsed":false}"#,
        r#"{"kind":"tool_overview","items":[{"name":"search","description":"搜索","parameters":"q: string","schema":{"type":"object","properties":{"q":{"type":"string"}}}},{"name":"now","description":"时间","parameters":""}],"collapsed":false}"#,
    ])
    .await;
    assert_eq!(count(&root, "[data-kind=memory] .pe-memory__item"), 2);
    assert_eq!(
        text(&root, "[data-kind=memory] .pe-seg__description"),
        "关于你"
    );
    click(&root, "[data-kind=memory] > button");
    settle().await;
    assert_eq!(
        count(&root, "[data-kind=memory] .pe-memory__item"),
        0,
        "folded"
    );
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
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"tool_call_request","toolName":"search","arguments":{"query":"LLM","limit":5,"exact":1.0,"tags":["a"]},"collapsed":false}"#,
        r#"{"kind":"tool_call_result","toolName":"search","result":"Found 5","success":true,"collapsed":true}"#,
        r#"{"kind":"tool_call_result","toolName":"fetch","result":"HTTP 403","success":false,"collapsed":false}"#,
    ])
    .await;
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
    // The user view's one-line summaries are there too, one per tool segment.
    assert_eq!(count(&root, ".pe-tool-seg"), 3);
}

#[wasm_bindgen_test]
async fn long_text_and_media() {
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"long_text","content":"line 1\nline 2\nline 3\nline 4","charCount":27,"collapsed":true}"#,
        r#"{"kind":"media","mediaType":"image","url":"javascript:alert(1)","altText":"x"}"#,
        r#"{"kind":"media","mediaType":"image","url":"/no/such/image.png","altText":"猫"}"#,
        r#"{"kind":"media","mediaType":"audio","url":"data:audio/wav;base64,AA=="}"#,
    ])
    .await;
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
    until_count(&root, ".pe-media__failed", 1).await;
    assert_eq!(
        count(&root, ".pe-media__failed"),
        1,
        "broken image placeholder"
    );
}

#[wasm_bindgen_test]
async fn segment_view_uses_the_fold_signal_it_is_given() {
    let root = container();
    let models = segment_models(&[
        r#"{"kind":"memory","items":[{"title":"t","content":"c"}],"collapsed":true}"#,
    ]);
    let signal = RwSignal::new(true);
    let _handle = mount_to(root.clone(), move || {
        view! {
            <SegmentView key=SegmentRef::new(0, 0) segment=models[0].clone() collapsed=Some(signal) />
        }
    });
    settle().await;
    let root: Element = root.into();
    let expanded =
        |root: &Element| find(root, "[data-kind=memory] > button").get_attribute("aria-expanded");
    assert_eq!(expanded(&root).as_deref(), Some("false"));
    signal.set(false);
    settle().await;
    assert_eq!(expanded(&root).as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn an_invalid_segment_is_a_fallback_card_with_its_path_and_json() {
    let (root, _mounted) = mount_segments(&[
        r#"{"kind":"text","content":"fine"}"#,
        r#"{"kind":"text","content":42}"#,
    ])
    .await;
    assert_eq!(count(&root, "[data-kind=text]"), 1);
    let card = find(&root, "[data-kind=invalid]");
    assert_eq!(
        card.get_attribute("data-invalid-kind").as_deref(),
        Some("text")
    );
    let shown = card.text_content().unwrap_or_default();
    assert!(shown.contains("messages[0].segments[1]"), "{shown}");
    assert!(shown.contains("\"content\": 42"), "raw JSON shown: {shown}");
}
