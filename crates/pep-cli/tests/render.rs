//! `pep render FILE`: one self-contained HTML page, no script (DECISIONS §15). Every `<` of
//! the output is markup (user text is escaped), so a small tag scanner can list every element
//! and attribute the page holds and hold them to an allow-list. The browser half (parsing,
//! axe-core in both themes, hostile envelopes with script switched on, print) is
//! `tests/e2e/render.e2e.mjs`.

mod common;

use std::process::Output;

use common::{code, panel_text, pep_with_stdin, repo, text, unescape};

fn pep(args: &[&str]) -> Output {
    pep_with_stdin(args, b"")
}

/// The inputs that render: every demo, the valid fixtures, one that is repaired, the hostile.
fn renderable() -> Vec<String> {
    let mut files: Vec<String> = ["a", "b", "c", "d", "e", "f"]
        .iter()
        .map(|id| repo(&format!("demos/demo-{id}.json")))
        .collect();
    for name in [
        "01-minimal",
        "02-all-kinds",
        "03-with-schema-key",
        "04-tool-calls",
    ] {
        files.push(repo(&format!("tests/fixtures/valid/{name}.json")));
    }
    files.push(repo(
        "tests/fixtures/invalid/11-system-prompt-missing-collapsed.json",
    ));
    files.push(repo("tests/fixtures/parity/numbers-and-escapes.json"));
    files.push(repo("tests/fixtures/render/hostile.json"));
    files
}

/// Renders `file` with `extra` options; the page, or a panic with what `pep` said.
fn render(file: &str, extra: &[&str]) -> String {
    let mut args = vec!["render"];
    args.extend_from_slice(extra);
    args.push(file);
    let out = pep(&args);
    assert_eq!(code(&out), 0, "{file}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// One start tag: its name and its attributes (name, unescaped value).
#[derive(Debug)]
struct Tag {
    name: String,
    attributes: Vec<(String, String)>,
}

/// Every start tag of `html`, in order (end tags, the doctype and comments skipped).
fn tags(html: &str) -> Vec<Tag> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let Some(end) = rest.find('>') else { break };
        let inside = &rest[..end];
        rest = &rest[end + 1..];
        if inside.starts_with('/') || inside.starts_with('!') {
            continue;
        }
        let (name, mut attrs) = inside.split_once(' ').unwrap_or((inside, ""));
        let mut attributes = Vec::new();
        while !attrs.trim().is_empty() {
            attrs = attrs.trim_start();
            let name_end = attrs.find(['=', ' ']).unwrap_or(attrs.len());
            let attribute = attrs[..name_end].to_owned();
            attrs = &attrs[name_end..];
            let value = if let Some(quoted) = attrs.strip_prefix("=\"") {
                let close = quoted.find('"').unwrap_or(quoted.len());
                attrs = quoted.get(close + 1..).unwrap_or("");
                unescape(&quoted[..close])
            } else {
                String::new()
            };
            attributes.push((attribute, value));
        }
        found.push(Tag {
            name: name.to_ascii_lowercase(),
            attributes,
        });
    }
    found
}

const ELEMENTS: &[&str] = &[
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "main",
    "header",
    "section",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "ol",
    "ul",
    "li",
    "div",
    "span",
    "time",
    "details",
    "summary",
    "pre",
    "code",
    "mark",
    "strong",
    "em",
    "del",
    "dl",
    "dt",
    "dd",
    "article",
    "figure",
    "figcaption",
    "img",
    "audio",
    "video",
    "a",
    "blockquote",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
];

/// Whether a URL attribute's value is one the page may hold (DECISIONS §1, §4, §15).
fn allowed_url(tag: &str, value: &str) -> bool {
    let lower = value.trim().to_ascii_lowercase();
    let scheme = lower.split_once(':').map(|(scheme, _)| scheme);
    let relative = scheme.is_none_or(|s| s.contains(['/', '?', '#']));
    let media = ["data:image/", "data:audio/", "data:video/"]
        .iter()
        .any(|prefix| lower.starts_with(prefix));
    relative
        || matches!(scheme, Some("http" | "https"))
        || (tag == "a" && scheme == Some("mailto"))
        || (tag != "a" && media)
}

/// The §15 shell and the allow-list of elements and attributes, for one page.
fn assert_safe_page(file: &str, html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>\n"), "{file}: the doctype");
    let head = &html[..html.len().min(1024)];
    assert!(head.contains("<meta charset=\"utf-8\">"), "{file}: charset");
    assert!(
        html.contains("<meta name=\"color-scheme\" content=\"light dark\">"),
        "{file}: color-scheme"
    );
    assert!(html.contains("<html lang=\"en\">") || html.contains("<html lang=\"zh\">"));
    let all = tags(html);
    let count = |name: &str| all.iter().filter(|tag| tag.name == name).count();
    assert_eq!(count("style"), 1, "{file}: one <style>");
    assert_eq!(count("title"), 1, "{file}: one <title>");
    for tag in &all {
        assert!(
            ELEMENTS.contains(&tag.name.as_str()),
            "{file}: element <{}> is not allowed",
            tag.name
        );
        for (name, value) in &tag.attributes {
            assert!(
                !name.starts_with("on") && name != "style" && name != "http-equiv",
                "{file}: <{} {name}> is not allowed",
                tag.name
            );
            if matches!(name.as_str(), "href" | "src") {
                assert!(
                    allowed_url(&tag.name, value),
                    "{file}: <{} {name}=\"{value}\">",
                    tag.name
                );
            }
        }
    }
}

#[test]
fn every_demo_and_fixture_renders_a_safe_self_contained_page() {
    for file in renderable() {
        let html = render(&file, &[]);
        assert_safe_page(&file, &html);
        assert_eq!(html, render(&file, &[]), "{file}: the same bytes twice");
    }
}

#[test]
fn hostile_text_stays_text_in_every_field_and_option() {
    let file = repo("tests/fixtures/render/hostile.json");
    let title = "</title><script>window.__pwned='title'</script>";
    for extra in [
        &["--title", title][..],
        &["--panel", "raw", "--lang", "zh"],
        &["--view", "user", "--panel", "anthropic"],
    ] {
        let html = render(&file, extra);
        assert_safe_page(&file, &html);
        assert!(!html.contains("<script"), "{extra:?}: a script element");
        // `javascript:` stays as text (a blocked URL is shown); no attribute holds one.
        assert!(
            html.contains("javascript:"),
            "{extra:?}: the blocked URL is shown"
        );
    }
    assert!(render(&file, &["--title", title]).contains("<title>&lt;/title&gt;&lt;script&gt;"));
}

#[test]
fn the_panel_is_pep_export_byte_for_byte() {
    for file in renderable() {
        for format in ["openai", "responses", "anthropic", "mcp", "otel"] {
            let html = render(&file, &["--panel", format]);
            let export = pep(&["export", "--to", format, &file]);
            // The repaired fixture does not export strictly: its panel is the repaired export.
            if code(&export) != 0 {
                assert!(file.contains("missing-collapsed"), "{file}: {format}");
                continue;
            }
            assert_eq!(
                panel_text(&html, format).as_deref(),
                Some(text(&export.stdout).as_str()),
                "{file}: --panel {format}"
            );
        }
        let none = render(&file, &["--panel", "none"]);
        assert!(!none.contains("data-testid=\"export-"), "{file}: no panel");
    }
}

#[test]
fn folds_are_details_open_unless_collapsed_and_paths_are_the_originals() {
    let html = render(&repo("tests/fixtures/valid/02-all-kinds.json"), &[]);
    let all = tags(&html);
    let attr = |tag: &Tag, name: &str| {
        tag.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let segments: Vec<&Tag> = all
        .iter()
        .filter(|tag| attr(tag, "data-path").is_some())
        .collect();
    let kinds: Vec<String> = segments
        .iter()
        .filter_map(|t| attr(t, "data-kind"))
        .collect();
    for kind in pep_core::SegmentKind::ALL.map(pep_core::SegmentKind::as_str) {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
    for tag in segments {
        let collapsed = attr(tag, "data-collapsed");
        let folds = collapsed.is_some();
        assert_eq!(tag.name == "details", folds, "{tag:?}");
        if let Some(collapsed) = collapsed {
            assert_eq!(attr(tag, "open").is_some(), collapsed == "false", "{tag:?}");
        }
    }
    // A document's parsed content folds apart, closed.
    assert!(html.contains("<details class=\"pe-doc__fold\"><summary"));
}

#[test]
fn the_user_view_leaves_the_hidden_kinds_out_and_a_step_cuts() {
    let file = repo("demos/demo-b.json");
    let user = render(&file, &["--view", "user"]);
    for hidden in [
        "static_var",
        "system_prompt",
        "memory",
        "skills",
        "tool_overview",
    ] {
        assert!(
            !user.contains(&format!("data-kind=\"{hidden}\"")),
            "{hidden}"
        );
    }
    assert!(user.contains("data-kind=\"tool_call_request\""));
    let model_panel = panel_text(&render(&file, &[]), "openai");
    assert_eq!(
        panel_text(&user, "openai"),
        model_panel,
        "the panel is the same"
    );
    let step = render(&file, &["--step", "2"]);
    assert!(step.contains("data-index=\"1\"") && !step.contains("data-index=\"2\""));
    assert!(step.contains("data-path=\"messages[1].segments[0]\""));
}

#[test]
fn problems_exit_with_their_place_and_print_nothing() {
    let bad = pep(&[
        "render",
        &repo("tests/fixtures/invalid/07-unknown-kind.json"),
    ]);
    assert_eq!(code(&bad), 1);
    assert!(bad.stdout.is_empty());
    assert!(text(&bad.stderr).contains("messages[0].segments[0].kind"));
    let not_json = pep_with_stdin(&["render", "-"], b"{\n  \"version\": \"1.0\",\n  oops\n}");
    assert_eq!(code(&not_json), 1);
    assert!(not_json.stdout.is_empty());
    assert!(
        text(&not_json.stderr).contains("line 3, column 3"),
        "{}",
        text(&not_json.stderr)
    );
    let step = pep(&["render", "--step", "9", &repo("demos/demo-a.json")]);
    assert_eq!(code(&step), 2);
    assert!(step.stdout.is_empty());
    assert!(
        text(&step.stderr).contains("outside 1..5"),
        "{}",
        text(&step.stderr)
    );
    let zero = pep(&["render", "--step", "0", &repo("demos/demo-a.json")]);
    assert_eq!(code(&zero), 2);
    let panel = pep(&["render", "--panel", "cohere", &repo("demos/demo-a.json")]);
    assert_eq!(code(&panel), 2);
    let repaired = pep(&[
        "render",
        &repo("tests/fixtures/invalid/11-system-prompt-missing-collapsed.json"),
    ]);
    assert_eq!(code(&repaired), 0);
    assert!(text(&repaired.stderr).contains("collapsed"));
}
