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
