//! Whole documents through the engine in this page (feature `local-engine`), as the app shows
//! them: bodies asked for when opened, fallback cards of a broken envelope, the export's
//! warnings, and the one panel of a source that is not an envelope.

use std::sync::Arc;

use leptos::mount::mount_to;
use leptos::prelude::*;
use prompt_envelope::components::shell::{DocumentView, Source};
use prompt_envelope::state::engine::use_local_engine;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

use crate::browser::{click, container, count, find, settle, text, until_count};

/// Shows `source` as the app does, and returns the container and the mount (it unmounts
/// when dropped).
async fn show(source: &'static str) -> (Element, impl Sized) {
    use_local_engine();
    let root = container();
    let handle = mount_to(root.clone(), move || {
        let source = Signal::derive(move || {
            Some(Source {
                text: Arc::from(source),
                recognise: false,
            })
        });
        view! { <DocumentView source=source id="test" file_stem="test" /> }
    });
    settle().await;
    settle().await;
    (root.into(), handle)
}

#[wasm_bindgen_test]
async fn skill_bodies_and_parsed_documents_arrive_when_opened() {
    let (root, _mounted) = show(
        r#"{"version":"1.0","messages":[{"id":"m","role":"user","timestamp":1,"segments":[
            {"kind":"skills","items":[{"name":"pdf","description":"PDF"},{"name":"made-up","description":"?"}],"collapsed":false},
            {"kind":"document","fileName":"报告.pdf","mimeType":"application/pdf","snippet":"摘要","sizeBytes":2845000,"parsedContent":"| k | v |\n|---|---|\n| a | b |"}
        ]}]}"#,
    )
    .await;
    // pdf is in the registry: its L2 body is asked for when opened; made-up is not.
    assert_eq!(count(&root, "[data-kind=skills] .pe-skills__body"), 0);
    assert_eq!(count(&root, "[data-kind=skills] .pe-skills__missing"), 1);
    click(&root, "[data-kind=skills] .pe-link-button");
    settle().await;
    until_count(&root, "[data-kind=skills] .pe-skills__body .pe-md", 1).await;
    assert!(text(&root, "[data-kind=skills] .pe-skills__body").contains("pypdf"));

    assert_eq!(text(&root, ".pe-doc__icon"), "📕");
    assert_eq!(text(&root, ".pe-doc__details"), "2.7 MB · application/pdf");
    assert_eq!(count(&root, ".pe-doc__parsed"), 0);
    click(&root, "[data-kind=document] .pe-link-button");
    settle().await;
    until_count(&root, ".pe-doc__parsed table", 1).await;
    assert_eq!(count(&root, ".pe-doc__parsed table"), 1);
}

#[wasm_bindgen_test]
async fn a_broken_envelope_renders_fallback_cards_and_everything_else() {
    let (root, _mounted) = show(include_str!("../fixtures/viewer/broken-segments.json")).await;
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
    let (root, _mounted) = show("{ \"version\": \"1.0\", oops").await;
    // The alert holds the message only, not the (possibly long) source below it.
    let alert = find(&root, ".pe-fatal [role=alert]");
    assert!(!alert.text_content().unwrap_or_default().contains("oops"));
    assert!(text(&root, ".pe-fatal").contains("line 1, column"));
    assert_eq!(
        text(&root, ".pe-fatal__source"),
        "{ \"version\": \"1.0\", oops"
    );
}
