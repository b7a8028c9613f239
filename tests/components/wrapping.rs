//! The reader's wrap switch (DECISIONS §15) in the JSON views, with the panel's own stylesheet
//! (`style/panel.css`, `.pe-panel--wrap`) in the page: a windowed text's lines really wrap
//! and are laid out for it (the probe measures a character, lines take several rows), it stays
//! a window of numbered lines, the line at the top stays in view when the switch turns, and
//! the small text is the same text wrapped.

use std::time::Duration;

use leptos::mount::mount_to;
use leptos::prelude::*;
use prompt_envelope::components::widgets::{JsonText, JsonView};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

use crate::browser::{container, count, find, settle, text};

async fn frames() {
    settle().await;
    gloo_timers::future::sleep(Duration::from_millis(120)).await;
    settle().await;
}

/// Puts the panel's stylesheet in the page (component tests load none), once.
fn panel_css() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        panic!("a document")
    };
    if document.get_element_by_id("panel-css").is_some() {
        return;
    }
    let style = document
        .create_element("style")
        .unwrap_or_else(|_| panic!("a style element"));
    style.set_id("panel-css");
    style.set_text_content(Some(concat!(
        include_str!("../../style/segments.css"),
        include_str!("../../style/panel.css")
    )));
    if let Some(head) = document.head() {
        let _ = head.append_child(&style);
    }
}

/// The first rendered line of the box that reaches below its top.
fn top_line(large_box: &Element) -> usize {
    let top = large_box.get_bounding_client_rect().top();
    let lines = large_box
        .query_selector_all(".pe-json__line")
        .unwrap_or_else(|_| panic!("lines"));
    (0..lines.length())
        .filter_map(|at| lines.item(at))
        .filter_map(|node| wasm_bindgen::JsCast::dyn_into::<Element>(node).ok())
        .find(|line| line.get_bounding_client_rect().bottom() > top + 1.0)
        .and_then(|line| line.get_attribute("data-line")?.parse().ok())
        .unwrap_or(usize::MAX)
}

/// Whether line `number` is rendered and at least partly inside the box.
fn in_view(large_box: &Element, number: usize) -> bool {
    let Ok(Some(line)) =
        large_box.query_selector(&format!(".pe-json__line[data-line=\"{number}\"]"))
    else {
        return false;
    };
    let (a, b) = (
        line.get_bounding_client_rect(),
        large_box.get_bounding_client_rect(),
    );
    a.bottom() > b.top() && a.top() < b.bottom()
}

/// Mounts a small and a large text in a panel 600 px wide whose lines wrap with the signal
/// returned (off at first), with the panel's stylesheet; the container and the mount.
async fn mount(small: String, large: String) -> (Element, RwSignal<bool>, impl Sized) {
    panel_css();
    let root = container();
    let wrap = std::rc::Rc::new(std::cell::Cell::new(None));
    let keep = std::rc::Rc::clone(&wrap);
    let handle = mount_to(root.clone(), move || {
        let on = RwSignal::new(false);
        keep.set(Some(on));
        view! {
            <section class="pe-panel" class:pe-panel--wrap=on style="width:600px">
                <div class="small"><JsonView json=JsonText::plain(small.clone()) testid="small" wrap=on /></div>
                <div class="large"><JsonView json=JsonText::plain(large.clone()) testid="large" wrap=on /></div>
            </section>
        }
    });
    settle().await;
    let Some(on) = wrap.get() else {
        panic!("the view mounted")
    };
    (root.into(), on, handle)
}

#[wasm_bindgen_test]
async fn wrapping_keeps_the_text_and_the_window() {
    let small = format!("{{\n  \"prompt\": \"{}\"\n}}", "word ".repeat(400));
    let mut large = String::from("[\n");
    for line in 0..5_000 {
        large.push_str(&format!("  \"line {line} {}\",\n", "long ".repeat(60)));
    }
    large.push_str("  0\n]");
    let (root, on, _mounted) = mount(small.clone(), large).await;
    let large_box = find(&root, "[data-testid=large]");
    let lines: f64 = large_box
        .get_attribute("data-lines")
        .and_then(|lines| lines.parse().ok())
        .unwrap_or(0.0);
    assert_eq!(
        lines, 5_003.0,
        "the brackets, 5,000 lines and the last value"
    );
    let _ = large_box.set_attribute("style", "height:360px;overflow:auto");
    large_box.set_scroll_top(18 * 2_000);
    let _ = large_box.dispatch_event(&web_sys::Event::new("scroll").unwrap_or_else(|_| panic!()));
    frames().await;
    let before = top_line(&large_box);
    assert!(
        (1_990..2_010).contains(&before),
        "scrolled to line {before}"
    );

    on.set(true);
    frames().await;
    frames().await;
    assert_eq!(
        text(&root, "[data-testid=small]"),
        small,
        "the text is unchanged"
    );
    let probe = find(&root, ".large .pe-json__probe")
        .get_bounding_client_rect()
        .width();
    assert!(probe > 40.0, "the probe measures 40 characters: {probe} px");
    let shown = count(&root, ".large .pe-json__line");
    assert!(shown > 0 && shown <= 80, "still a window: {shown} lines");
    assert_eq!(
        count(&root, ".large .pe-json__line[data-line]"),
        shown,
        "each line says which it is"
    );
    let tall = find(&root, ".large .pe-json__line[data-line]")
        .get_bounding_client_rect()
        .height();
    assert!(
        tall > 2.0 * 18.0,
        "a line of 300 characters takes rows: {tall} px"
    );
    assert!(
        sizer_height(&root) > 2.0 * 18.0 * lines,
        "the scroll area is laid out for the rows: {}",
        sizer_height(&root)
    );
    assert!(
        in_view(&large_box, before),
        "line {before} stays in view (the top shows line {}, scrolled {} px)",
        top_line(&large_box),
        large_box.scroll_top()
    );

    on.set(false);
    frames().await;
    frames().await;
    assert!(count(&root, ".large .pe-json__line") <= 80);
    assert_eq!(sizer_height(&root), 18.0 * lines, "one row a line again");
    assert!(
        in_view(&large_box, before),
        "line {before} in view, unwrapped again"
    );
}

/// The windowed view's scroll height, in px.
fn sizer_height(root: &Element) -> f64 {
    find(root, ".large .pe-json__sizer")
        .get_attribute("style")
        .and_then(|style| {
            let height = style.split("height:").nth(1)?;
            height
                .trim()
                .trim_end_matches(';')
                .trim_end_matches("px")
                .parse()
                .ok()
        })
        .unwrap_or(0.0)
}
