//! The reader's wrap switch (DECISIONS §15) in the JSON views (the panel's CSS wraps them;
//! `.pe-panel--wrap`): the text stays the same and a windowed one stays a window of numbered
//! lines, wrapped and back.

use std::time::Duration;

use leptos::mount::mount_to;
use leptos::prelude::*;
use prompt_envelope::components::widgets::{JsonText, JsonView};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

use crate::browser::{container, count, find, settle, text};

async fn frames() {
    settle().await;
    gloo_timers::future::sleep(Duration::from_millis(80)).await;
    settle().await;
}

#[wasm_bindgen_test]
async fn wrapping_keeps_the_text_and_the_window() {
    let small = format!("{{\n  \"prompt\": \"{}\"\n}}", "word ".repeat(400));
    let mut large = String::from("[\n");
    for line in 0..5_000 {
        large.push_str(&format!("  \"line {line} {}\",\n", "long ".repeat(60)));
    }
    large.push_str("  0\n]");
    let root = container();
    let wrap = std::rc::Rc::new(std::cell::Cell::new(None));
    let keep = std::rc::Rc::clone(&wrap);
    let (small_view, large_view) = (small.clone(), large.clone());
    let _handle = mount_to(root.clone(), move || {
        let on = RwSignal::new(false);
        keep.set(Some(on));
        view! {
            <div class="small"><JsonView json=JsonText::plain(small_view.clone()) testid="small" wrap=on /></div>
            <div class="large" style="width:600px"><JsonView json=JsonText::plain(large_view.clone()) testid="large" wrap=on /></div>
        }
    });
    settle().await;
    let root: Element = root.into();
    let Some(on) = wrap.get() else {
        panic!("the view mounted")
    };
    on.set(true);
    frames().await;
    assert_eq!(
        text(&root, "[data-testid=small]"),
        small,
        "the text is unchanged"
    );
    let large_box = find(&root, "[data-testid=large]");
    let _ = large_box.set_attribute("style", "height:360px;overflow:auto");
    large_box.set_scroll_top(18 * 2_000);
    let _ = large_box.dispatch_event(&web_sys::Event::new("scroll").unwrap_or_else(|_| panic!()));
    frames().await;
    let shown = count(&root, ".large .pe-json__line");
    assert!(shown > 0 && shown <= 80, "still a window: {shown} lines");
    assert!(
        count(&root, ".large .pe-json__line[data-line]") == shown,
        "each line says which it is"
    );
    let lines: f64 = large_box
        .get_attribute("data-lines")
        .and_then(|lines| lines.parse().ok())
        .unwrap_or(0.0);
    assert_eq!(
        lines, 5_003.0,
        "the brackets, 5,000 lines and the last value"
    );
    assert!(
        sizer_height(&root) > 2.0 * 18.0 * lines,
        "wrapped lines of 300 characters take several rows each: {}",
        sizer_height(&root)
    );
    on.set(false);
    frames().await;
    assert!(count(&root, ".large .pe-json__line") <= 80);
    assert_eq!(sizer_height(&root), 18.0 * lines, "one row a line again");
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
