//! Browser tests of the views that keep large envelopes fast: the windowed JSON text, the
//! windowed chat list and the search box that stands in for find-in-page.
//! Run by scripts/test.sh: `cargo test --target wasm32-unknown-unknown --test large_views`.
#![cfg(target_arch = "wasm32")]

use std::sync::Arc;
use std::time::Duration;

use leptos::mount::mount_to;
use leptos::prelude::*;
use prompt_envelope::components::shell::{DocumentView, Source};
use prompt_envelope::components::widgets::{JsonText, JsonView};
use prompt_envelope::state::engine::use_local_engine;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod browser;
use browser::{click, container, count, find, settle, text, until};

/// Types `query` into the search box and waits until the search has run and `found` holds.
async fn search_for(root: &Element, query: &str, found: impl Fn() -> bool) {
    let input: HtmlInputElement = find(root, "[data-testid=search]")
        .dyn_into()
        .unwrap_or_else(|_| panic!("search is an input"));
    input.set_value(query);
    let _ = input.dispatch_event(&web_sys::Event::new("input").unwrap_or_else(|_| panic!()));
    until(|| text(root, "[data-testid=search-status]").contains(" / ") && found()).await;
}

/// Shows `source` as the app does (through the engine, here in this page), and returns the
/// container, once the first view is rendered, and the mount (it unmounts when dropped).
async fn show(source: String) -> (Element, impl Sized) {
    use_local_engine();
    let root = container();
    let text: Arc<str> = Arc::from(source);
    let handle = mount_to(root.clone(), move || {
        let text = Arc::clone(&text);
        let source = Signal::derive(move || {
            Some(Source {
                text: Arc::clone(&text),
                recognise: false,
            })
        });
        view! { <DocumentView source=source id="test" file_stem="test" /> }
    });
    let root: Element = root.into();
    until(|| count(&root, ".pe-message") > 0).await;
    frames().await;
    (root, handle)
}

async fn frames() {
    settle().await;
    gloo_timers::future::sleep(Duration::from_millis(80)).await;
    settle().await;
}

#[wasm_bindgen_test]
async fn small_json_is_exact_text_and_large_json_is_windowed() {
    let small = "{\n  \"a\": [1, true]\n}".to_owned();
    let mut large = String::from("[\n");
    for line in 0..30_000 {
        large.push_str(&format!("  {line},\n"));
    }
    large.push_str(&format!("  \"{}\"\n]", "x".repeat(10_000)));
    let lines = large.lines().count();
    let root = container();
    let (small_view, large_view) = (small.clone(), large.clone());
    let _handle = mount_to(root.clone(), move || {
        view! {
            <div class="small"><JsonView json=JsonText::plain(small_view.clone()) testid="small" /></div>
            <div class="large"><JsonView json=JsonText::plain(large_view.clone()) testid="large" /></div>
        }
    });
    settle().await;
    let root: Element = root.into();
    assert_eq!(
        text(&root, "[data-testid=small]"),
        small,
        "text is exactly the JSON"
    );
    assert_eq!(count(&root, ".small .pe-json-key"), 1);
    assert_eq!(count(&root, ".small .pe-json-number"), 1);

    let large_box = find(&root, "[data-testid=large]");
    assert_eq!(
        large_box.get_attribute("data-lines"),
        Some(lines.to_string())
    );
    let shown = count(&root, ".large .pe-json__line");
    assert!(
        shown > 0 && shown <= 80,
        "only the first screen is rendered: {shown}"
    );
    assert_eq!(text(&root, ".large .pe-json__line"), "[");
    assert!(
        count(&root, ".large .pe-json-number") > 0,
        "visible lines are highlighted"
    );

    // Scroll the box: the lines around the new position replace the old ones.
    let _ = large_box.set_attribute("style", "height:360px;overflow:auto");
    large_box.set_scroll_top(18 * 1000);
    let _ = large_box.dispatch_event(&web_sys::Event::new("scroll").unwrap_or_else(|_| panic!()));
    let expected_first = format!("  {},", 1000 - 1 - 12);
    until(|| text(&root, ".large .pe-json__line") == expected_first).await;
    let first = text(&root, ".large .pe-json__line");
    assert_eq!(
        first,
        format!("  {},", 1000 - 1 - 12),
        "first rendered line after scrolling"
    );
    assert!(count(&root, ".large .pe-json__line") <= 80);

    // The very long last value is cut, with the count of what was left out.
    large_box.set_scroll_top(i32::MAX);
    let _ = large_box.dispatch_event(&web_sys::Event::new("scroll").unwrap_or_else(|_| panic!()));
    until(|| text(&root, ".large .pe-json__window").contains("… +8004")).await;
    let all = text(&root, ".large .pe-json__window");
    assert!(
        all.contains("… +8004"),
        "cut marker in: {}",
        &all[all.len().saturating_sub(200)..]
    );
    assert!(all.len() < 20_000, "the long line is not in the DOM whole");
}

/// An envelope of `count` messages, each with a text and a folded tool call.
fn long_envelope(count: usize) -> String {
    let messages: Vec<String> = (0..count)
        .map(|index| {
            format!(
                r#"{{"id":"m{index}","role":"assistant","timestamp":{index},"segments":[
                {{"kind":"text","content":"message number {index} says hello"}},
                {{"kind":"tool_call_request","toolName":"t","arguments":{{"n":{index}}},"collapsed":true}}]}}"#
            )
        })
        .collect();
    format!(
        r#"{{"version":"1.0","model":"m","messages":[{}]}}"#,
        messages.join(",")
    )
}

#[wasm_bindgen_test]
async fn a_long_chat_renders_a_window_and_search_jumps_into_it() {
    // Other tests' jumps scroll the page; start from the top.
    window().scroll_to_with_x_and_y(0.0, 0.0);
    let source = long_envelope(2_000);
    let (root, _mounted) = show(source).await;
    let rendered = count(&root, ".pe-message");
    assert!(
        rendered > 0 && rendered <= 60,
        "a window of messages: {rendered}"
    );
    assert_eq!(count(&root, ".pe-messages__spacer"), 2);
    assert_eq!(
        find(&root, ".pe-message")
            .get_attribute("data-index")
            .as_deref(),
        Some("0")
    );

    // Search finds a message far below the window and brings it in, unfolded and marked.
    let hit_index = |root: &Element| {
        root.query_selector(".pe-hit")
            .ok()
            .flatten()
            .and_then(|hit| hit.closest("[data-index]").ok().flatten())
            .and_then(|m| m.get_attribute("data-index"))
    };
    search_for(&root, "number 1500 says", || {
        hit_index(&root).as_deref() == Some("1500")
    })
    .await;
    assert_eq!(text(&root, "[data-testid=search-status]"), "1 / 1");
    let hit = find(&root, ".pe-hit");
    let message = hit.closest("[data-index]").ok().flatten();
    assert_eq!(
        message
            .and_then(|m| m.get_attribute("data-index"))
            .as_deref(),
        Some("1500")
    );
    assert!(count(&root, ".pe-message") <= 60);

    // A search hit inside a folded segment unfolds it.
    search_for(&root, "\"n\":1499", || {
        root.query_selector(".pe-hit[data-kind=tool_call_request][data-collapsed=false]")
            .is_ok_and(|hit| hit.is_some())
    })
    .await;
    let hit = find(&root, ".pe-hit");
    assert_eq!(
        hit.get_attribute("data-kind").as_deref(),
        Some("tool_call_request")
    );
    assert_eq!(
        hit.get_attribute("data-collapsed").as_deref(),
        Some("false")
    );

    // A large source's raw text is made only when its tab is first opened.
    assert_eq!(count(&root, "[data-testid=export-raw]"), 0);
    click(&root, "#pe-tab-raw");
    until(|| count(&root, "[data-testid=export-raw]") == 1).await;
    let raw = find(&root, "[data-testid=export-raw]");
    assert!(
        raw.get_attribute("data-lines")
            .is_some_and(|n| n.parse::<usize>().unwrap_or(0) > 20_000)
    );

    // Expand all still reaches every rendered segment.
    click(&root, "[data-testid=expand-all]");
    until(|| count(&root, ".pe-message [data-collapsed=true]") == 0).await;
    assert_eq!(count(&root, ".pe-message [data-collapsed=true]"), 0);
}

#[wasm_bindgen_test]
async fn linking_works_in_the_windowed_list_and_the_windowed_json() {
    window().scroll_to_with_x_and_y(0.0, 0.0);
    let source = long_envelope(2_000);
    let (root, _mounted) = show(source).await;
    let json = find(&root, "[data-testid=export-openai]");
    assert!(json.class_list().contains("pe-json--windowed"));
    // No style sheet in these tests: give the box its height, as panel.css does.
    let _ = json.set_attribute("style", "height:360px;overflow:auto");
    // A large envelope's line links are made after the first render: wait for them.
    until(|| count(&json, "[data-link]") > 0).await;
    assert!(
        count(&json, "[data-link]") > 0,
        "the OpenAI lines are linked"
    );

    // Hovering the tool call of message 5 brings its lines into the JSON's window, marked.
    let call = find(
        &root,
        "[data-index=\"5\"] .pe-message__body > :nth-child(2)",
    );
    let over = web_sys::MouseEvent::new_with_mouse_event_init_dict("mouseover", &{
        let init = web_sys::MouseEventInit::new();
        init.set_bubbles(true);
        init
    })
    .unwrap_or_else(|_| panic!("mouseover"));
    let _ = call.dispatch_event(&over);
    until(|| count(&json, ".pe-json__row--linked") > 0).await;
    let marked = json
        .query_selector_all(".pe-json__row--linked")
        .map_or(0, |l| l.length());
    assert!(marked > 0, "the call's lines are rendered and marked");
    let marked_text = text(&json, ".pe-json__row--linked");
    assert!(
        marked_text.contains('{') || marked_text.contains("call_6"),
        "{marked_text}"
    );

    // Clicking a line near the end of the JSON jumps to a message far below the list's window.
    let top_line = text(&json, ".pe-json__line");
    json.set_scroll_top(json.scroll_height());
    let _ = json.dispatch_event(&web_sys::Event::new("scroll").unwrap_or_else(|_| panic!()));
    // The window has moved when its first rendered line is another one.
    until(|| text(&json, ".pe-json__line") != top_line).await;
    let lines = json
        .query_selector_all("[data-link]")
        .unwrap_or_else(|_| panic!("rows"));
    let last = lines
        .item(lines.length().saturating_sub(1))
        .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .unwrap_or_else(|| panic!("a linked row at the end"));
    last.click();
    let hit_message = || {
        root.query_selector(".pe-hit")
            .ok()
            .flatten()
            .and_then(|hit| hit.closest("[data-index]").ok().flatten())
            .and_then(|m| m.get_attribute("data-index"))
            .and_then(|i| i.parse::<usize>().ok())
            .unwrap_or(0)
    };
    until(|| hit_message() >= 1_990).await;
    let message = hit_message();
    assert!(message >= 1_990, "jumped to message {message}");
    assert!(count(&root, ".pe-message") <= 60, "the list stays windowed");
}

#[wasm_bindgen_test]
async fn a_short_chat_renders_every_message() {
    let source = long_envelope(40);
    let (root, _mounted) = show(source).await;
    assert_eq!(count(&root, ".pe-message"), 40);
    assert_eq!(count(&root, ".pe-messages__spacer"), 0);
}

/// The rendered message rows that overlap the viewport.
fn rows_in_view(root: &Element) -> Vec<usize> {
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let Ok(rows) = root.query_selector_all(".pe-message") else {
        return Vec::new();
    };
    (0..rows.length())
        .filter_map(|i| rows.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
        .filter(|row| {
            let rect = row.get_bounding_client_rect();
            rect.bottom() > 0.0 && rect.top() < height
        })
        .filter_map(|row| row.get_attribute("data-index")?.parse().ok())
        .collect()
}

#[wasm_bindgen_test]
async fn scrolling_keeps_the_window_on_the_viewport() {
    let source = long_envelope(3_000);
    let (root, _mounted) = show(source).await;
    let list = find(&root, ".pe-messages");
    let list_top = list.get_bounding_client_rect().top() + window().scroll_y().unwrap_or(0.0);
    // Down in steps, as a wheel would, then back up. Rows are always under the viewport, and
    // the same scroll position shows the same rows both ways: rows that left the window kept
    // their measured heights (a height lost on the way down would shift everything after it).
    let positions: Vec<f64> = (0..40).map(|step| f64::from(step) * 700.0).collect();
    let mut down = Vec::new();
    for y in &positions {
        window().scroll_to_with_x_and_y(0.0, list_top + y);
        frames().await;
        until(|| !rows_in_view(&root).is_empty()).await;
        let seen = rows_in_view(&root);
        assert!(!seen.is_empty(), "no message under the viewport at {y}");
        down.push(seen[0]);
    }
    assert!(
        down.windows(2).all(|w| w[0] <= w[1]),
        "the window moves down: {down:?}"
    );
    for (y, first_down) in positions.iter().zip(&down).rev() {
        window().scroll_to_with_x_and_y(0.0, list_top + y);
        frames().await;
        until(|| {
            rows_in_view(&root)
                .first()
                .is_some_and(|first| first.abs_diff(*first_down) <= 1)
        })
        .await;
        let seen = rows_in_view(&root);
        assert!(
            !seen.is_empty(),
            "no message under the viewport at {y} going up"
        );
        assert!(
            seen[0].abs_diff(*first_down) <= 1,
            "at {y}: {} going up, {first_down} going down",
            seen[0]
        );
    }
    assert_eq!(rows_in_view(&root).first(), Some(&0), "back at the top");
    window().scroll_to_with_x_and_y(0.0, 0.0);
}

#[wasm_bindgen_test]
async fn a_message_with_many_segments_renders_them_in_chunks() {
    let segments: Vec<String> = (0..450)
        .map(|n| format!(r#"{{"kind":"text","content":"segment {n} here"}}"#))
        .collect();
    let source = format!(
        r#"{{"version":"1.0","model":"m","messages":[{{"id":"a","role":"tool","timestamp":1,"segments":[{}]}}]}}"#,
        segments.join(",")
    );
    let (root, _mounted) = show(source).await;
    assert_eq!(count(&root, "[data-kind=text]"), 200, "the first chunk");
    assert!(text(&root, "[data-testid=more-segments]").contains("250"));
    click(&root, "[data-testid=more-segments]");
    until(|| count(&root, "[data-kind=text]") == 400).await;
    assert_eq!(count(&root, "[data-kind=text]"), 400, "one more chunk");

    // A search hit beyond what is shown brings in its chunk and marks the right segment.
    search_for(&root, "segment 430 here", || {
        // The status answers first; the mark follows a frame or two later.
        root.query_selector(".pe-hit")
            .ok()
            .flatten()
            .and_then(|hit| hit.text_content())
            .is_some_and(|hit| hit.contains("segment 430 here"))
    })
    .await;
    assert_eq!(count(&root, "[data-kind=text]"), 450);
    assert_eq!(count(&root, "[data-testid=more-segments]"), 0);
    assert!(text(&root, ".pe-hit").contains("segment 430 here"));
    window().scroll_to_with_x_and_y(0.0, 0.0);
}
