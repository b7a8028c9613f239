//! Helpers shared by the browser test files: a fresh container per test, queries that panic
//! with the page's HTML when nothing matches, and a settle step for Leptos' effects.
#![allow(dead_code)]

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A fresh container in the page, so tests do not see each other's DOM.
pub fn container() -> HtmlElement {
    let document = document();
    let div = document
        .create_element("div")
        .ok()
        .and_then(|e| e.dyn_into::<HtmlElement>().ok());
    let Some(div) = div else {
        panic!("cannot create a container")
    };
    if let Some(body) = document.body() {
        let _ = body.append_child(&div);
    }
    div
}

/// The first element matching `selector`, or a panic showing the HTML.
pub fn find(root: &Element, selector: &str) -> Element {
    match root.query_selector(selector) {
        Ok(Some(element)) => element,
        _ => panic!("nothing matches {selector} in:\n{}", root.outer_html()),
    }
}

/// How many elements match `selector`.
pub fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector)
        .map(|list| list.length())
        .unwrap_or(0)
}

/// The text content of the first match.
pub fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

/// Clicks the first match.
pub fn click(root: &Element, selector: &str) {
    match find(root, selector).dyn_into::<HtmlElement>() {
        Ok(element) => element.click(),
        Err(_) => panic!("{selector} is not clickable"),
    }
}

/// Lets Leptos run its effects and the browser its timers.
pub async fn settle() {
    leptos::task::tick().await;
    gloo_timers::future::sleep(Duration::from_millis(0)).await;
}

/// The models of the segments of a one-message envelope, made by the engine as the worker
/// makes them (variables from its static_var segments).
pub fn segment_models(segments: &[&str]) -> Vec<pep_view::model::SegmentView> {
    let text = format!(
        r#"{{"version":"1.0","messages":[{{"id":"m","role":"user","timestamp":1,"segments":[{}]}}]}}"#,
        segments.join(",")
    );
    let loaded = pep_core::load(&text, pep_core::Mode::Strict);
    let Some(envelope) = loaded.envelope else {
        panic!("not an envelope: {:?}", loaded.issues)
    };
    let variables: std::collections::HashMap<String, String> =
        pep_core::template::Variables::collect(&envelope)
            .iter()
            .map(|(name, definition)| (name.to_owned(), definition.value.to_owned()))
            .collect();
    match envelope.messages.first() {
        Some(entry) => match pep_view::engine::message_view(entry, &variables) {
            pep_view::model::MessageView::Valid(message) => message.segments,
            other => panic!("message invalid: {other:?}"),
        },
        None => panic!("no message"),
    }
}

/// How long [`until`] waits: far more than any step takes on an idle machine, so that a
/// loaded one (a debug build, one core busy) never fails a test by being slow.
const PATIENCE_MS: f64 = 10_000.0;

/// Waits until `ready` holds, looking every 20 ms for up to [`PATIENCE_MS`]. It does not
/// fail by itself: the assertion after it says what was expected and what was found.
pub async fn until(ready: impl Fn() -> bool) {
    let start = js_sys::Date::now();
    while !ready() && js_sys::Date::now() - start < PATIENCE_MS {
        gloo_timers::future::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits (see [`until`]) until `selector` matches `n` elements.
pub async fn until_count(root: &Element, selector: &str, n: u32) {
    until(|| count(root, selector) == n).await;
}
