//! The viewer's markdown renderer (`crates/pep-view/src/render/markdown.rs`): no panic, no raw
//! HTML from the input, and every link or image URL passes the URL policy (DECISIONS §4).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pep_view::render::markdown;
use pep_core::url::is_allowed_link_url;

/// Tags pulldown-cmark never writes for markdown; raw HTML in the input must come out as text.
const FORBIDDEN: [&str; 8] = [
    "<script", "<iframe", "<object", "<embed", "<svg", "<math", "<style", "<form",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // `None`: the HTML would outgrow the text, which is then shown as plain text.
    let Some(html) = markdown::render(text) else {
        return;
    };
    let lower = html.to_ascii_lowercase();
    for tag in FORBIDDEN {
        assert!(!lower.contains(tag), "{tag} in {html}");
    }
    // The one `<div` pulldown-cmark writes itself: a footnote definition.
    let divs = lower.matches("<div").count();
    let footnotes = html.matches("<div class=\"footnote-definition\"").count();
    assert_eq!(divs, footnotes, "raw <div in {html}");
    // Only inside tags: text may say `href="` too, but never `<` raw.
    for attribute in ["<a href=\"", "<img src=\""] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let url = rest.split('"').next().unwrap_or_default();
            let url = url.replace("&amp;", "&").replace("&quot;", "\"");
            assert!(is_allowed_link_url(&url), "unsafe url {url:?} in {html}");
        }
    }
});
