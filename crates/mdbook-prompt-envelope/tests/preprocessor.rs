//! mdBook's preprocessor protocol, driven as mdBook drives it: `supports RENDERER`, then the
//! `[context, book]` JSON on standard input, the book on standard output. Books of mdBook 0.4
//! (`sections`) and 0.5 (`items`), a fenced envelope, an included one, an invalid one, iframe
//! mode. (A real `mdbook build` is not run: mdBook would have to be compiled from crates.io
//! on every fresh machine; see docs/mdbook.md.)

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use base64::Engine;
use serde_json::{Value, json};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mdbook-prompt-envelope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run the preprocessor: {e}"));
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.as_bytes());
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("the preprocessor did not finish: {e}"))
}

fn repo(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A book folder with `src/envelopes/b.json` (demo b), for the include.
fn book_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("mdbook-pe-{}-{name}", std::process::id()));
    let envelopes = root.join("src/envelopes");
    std::fs::create_dir_all(&envelopes).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(root.join("src/guide")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(envelopes.join("b.json"), read(&repo("demos/demo-b.json")))
        .unwrap_or_else(|e| panic!("{e}"));
    root
}

fn chapter(name: &str, path: &str, content: &str) -> Value {
    json!({"Chapter": {"name": name, "content": content, "number": [1], "sub_items": [],
        "path": path, "source_path": path, "parent_names": []}})
}

const UNTOUCHED: &str = "# Plain\n\nNo envelope here.\n\n```json\n{\"a\": 1}\n```\n";

fn chapters() -> Vec<Value> {
    let demo_a = read(&repo("demos/demo-a.json"));
    let invalid = r#"{"version":"1.0","messages":[{"id":"1","role":"user","timestamp":1,"segments":[{"kind":"citation","content":"x"}]}]}"#;
    vec![
        chapter(
            "Fenced",
            "fenced.md",
            &format!("# Fenced\n\nBefore.\n\n```prompt-envelope\n{demo_a}```\nAfter.\n"),
        ),
        json!("Separator"),
        json!({"PartTitle": "Part"}),
        chapter(
            "Included",
            "guide/included.md",
            "# Included\n\n- A list item:\n\n  {{#prompt-envelope ../envelopes/b.json panel=anthropic step=2}}\nAfter.\n",
        ),
        chapter(
            "Invalid",
            "invalid.md",
            &format!("# Invalid\n\n```prompt-envelope\n{invalid}\n```\n"),
        ),
        chapter("Plain", "plain.md", UNTOUCHED),
    ]
}

fn context(root: &Path, table: Value) -> Value {
    json!({"root": root, "config": {"book": {"src": "src", "title": "T"},
        "preprocessor": {"prompt-envelope": table}}, "renderer": "html", "mdbook_version": "0.4.52"})
}

/// Runs the preprocessor on `book`; the book that came back, and stderr.
fn preprocess(context: &Value, book: &Value) -> (Value, String) {
    let out = run(&[], &json!([context, book]).to_string());
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let book = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    (book, stderr)
}

fn content(book: &Value, list: &str, index: usize) -> String {
    book[list][index]["Chapter"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The one line of inserted HTML in `content` (the line that starts with `start`).
fn inserted<'a>(content: &'a str, start: &str) -> &'a str {
    content
        .lines()
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("no {start} line in {content}"))
}

#[test]
fn supports_only_html() {
    assert_eq!(run(&["supports", "html"], "").status.code(), Some(0));
    assert_ne!(run(&["supports", "latex"], "").status.code(), Some(0));
}

#[test]
fn a_0_4_book_gets_static_renders_an_alert_and_keeps_the_rest() {
    let root = book_root("v04");
    let book = json!({"sections": chapters(), "__non_exhaustive": null});
    let (out, stderr) = preprocess(&context(&root, json!({})), &book);
    assert!(
        out.get("items").is_none() && out.get("__non_exhaustive").is_some(),
        "0.4 shape"
    );
    let fenced = content(&out, "sections", 0);
    assert!(
        fenced.starts_with("# Fenced\n\nBefore.\n\n<style>")
            && fenced.ends_with("</div>\n\nAfter.\n"),
        "{:?}",
        &fenced[fenced.len().saturating_sub(60)..]
    );
    let line = inserted(&fenced, "<style>");
    assert_eq!(line.matches("<style>").count(), 1);
    assert!(line.contains("<div class=\"pe-static pe-static--fragment\""));
    assert!(
        line.contains("data-path=\"messages[0].segments[0]\"")
            && line.contains("data-testid=\"export-openai\"")
    );
    // No page of its own inside the chapter's: no <main>, <html> or title heading.
    let body = line.split("</style>").nth(1).unwrap_or_default();
    assert!(
        !body.contains("<main") && !body.contains("<html") && !body.contains("pe-static__title")
    );
    let included = content(&out, "sections", 3);
    // The include keeps its indent (its list item) and the text after it is markdown again.
    assert!(
        included.contains("\n  <style>") && included.ends_with("</div>\n\nAfter.\n"),
        "{included}"
    );
    let line = inserted(&included, "  <style>");
    assert!(
        line.contains("data-testid=\"export-anthropic\"")
            && line.contains("data-index=\"1\"")
            && !line.contains("data-index=\"2\"")
    );
    let invalid = content(&out, "sections", 4);
    let line = inserted(&invalid, "<style>");
    assert!(
        line.contains("role=\"alert\"") && line.contains("messages[0].segments[0].kind"),
        "{line}"
    );
    assert!(
        stderr.contains("invalid.md, line 3") && stderr.contains("citation"),
        "{stderr}"
    );
    assert_eq!(
        content(&out, "sections", 5),
        UNTOUCHED,
        "a chapter without blocks is unchanged"
    );
    assert_eq!(out["sections"][1], json!("Separator"));
    assert_eq!(out["sections"][2], json!({"PartTitle": "Part"}));
}

#[test]
fn a_0_5_book_comes_back_in_its_own_shape() {
    let root = book_root("v05");
    let book = json!({"items": chapters()});
    let (out, _) = preprocess(&context(&root, json!({})), &book);
    assert!(out.get("sections").is_none() && out["items"].as_array().is_some_and(|i| i.len() == 6));
    assert!(content(&out, "items", 0).contains("pe-static--fragment"));
    assert_eq!(content(&out, "items", 5), UNTOUCHED);
}

#[test]
fn iframe_mode_puts_the_envelope_in_the_share_fragment_or_names_the_demo() {
    let root = book_root("iframe");
    let table = json!({"mode": "iframe", "app-url": "https://example.org/pe/"});
    let demo = chapter("Demo", "demo.md", "{{#prompt-envelope demo=b panel=mcp}}\n");
    let book = json!({"items": [chapters()[3].clone(), demo]});
    let (out, _) = preprocess(&context(&root, table), &book);
    let included = content(&out, "items", 0);
    let line = inserted(&included, "  <iframe");
    let src = line
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap_or_default();
    assert!(
        src.starts_with("https://example.org/pe/?embed=1&amp;panel=anthropic&amp;step=2#envelope="),
        "{src}"
    );
    assert!(line.contains("title=\"") && line.contains("loading=\"lazy\""));
    let encoded = src.split("#envelope=").nth(1).unwrap_or_default();
    let deflated = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(encoded)
        .unwrap_or_default();
    let mut text = String::new();
    let _ = flate_inflate(&deflated)
        .as_slice()
        .read_to_string(&mut text);
    assert_eq!(
        text,
        read(&repo("demos/demo-b.json")),
        "the fragment holds the envelope"
    );
    let demo = content(&out, "items", 1);
    assert!(
        demo.contains("src=\"https://example.org/pe/?embed=1&amp;demo=b&amp;panel=mcp\""),
        "{demo}"
    );
}

#[test]
fn iframe_mode_without_an_app_url_renders_statically_with_a_warning() {
    let root = book_root("no-url");
    let book = json!({"items": [chapters()[0].clone()]});
    let (out, stderr) = preprocess(&context(&root, json!({"mode": "iframe"})), &book);
    assert!(content(&out, "items", 0).contains("pe-static--fragment"));
    assert!(stderr.contains("app-url"), "{stderr}");
}

#[test]
fn a_missing_file_or_a_bad_option_is_an_alert_not_a_failed_book() {
    let root = book_root("problems");
    let book = json!({"items": [chapter("P", "p.md", "{{#prompt-envelope nowhere.json}}\n\n```prompt-envelope step=x\n{}\n```\n")]});
    let (out, stderr) = preprocess(&context(&root, json!({})), &book);
    let text = content(&out, "items", 0);
    assert_eq!(text.matches("role=\"alert\"").count(), 2, "{text}");
    assert!(
        stderr.contains("nowhere.json") && stderr.contains("step=x"),
        "{stderr}"
    );
}

fn flate_inflate(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::inflate::decompress_to_vec(bytes).unwrap_or_default()
}

#[test]
fn includes_stay_inside_the_book_and_iframe_options_are_checked() {
    let root = book_root("confined");
    let outside = root.with_extension("outside.json");
    std::fs::write(&outside, read(&repo("demos/demo-a.json"))).unwrap_or_else(|e| panic!("{e}"));
    let escape = format!(
        "{{{{#prompt-envelope ../../../{}}}}}\n",
        outside
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default()
    );
    let book = json!({"items": [chapter("Out", "guide/out.md", &escape)]});
    let (out, stderr) = preprocess(&context(&root, json!({})), &book);
    assert!(
        content(&out, "items", 0).contains("outside the book"),
        "{stderr}"
    );
    assert!(
        !stderr.contains(&root.display().to_string()),
        "no machine path: {stderr}"
    );
    let table = json!({"mode": "iframe", "app-url": "https://example.org/pe/"});
    let book = json!({"items": [
        chapter("Step", "s.md", "{{#prompt-envelope envelopes/b.json step=99}}\n"),
        chapter("Both", "b.md", "{{#prompt-envelope envelopes/b.json demo=a}}\n"),
    ]});
    let (out, stderr) = preprocess(&context(&root, table), &book);
    assert!(content(&out, "items", 0).contains("role=\"alert\"") && stderr.contains("step=99"));
    assert!(content(&out, "items", 1).contains("not both"), "{stderr}");
    let script = json!({"mode": "iframe", "app-url": "javascript:alert(1)"});
    let book = json!({"items": [chapter("S", "s.md", "{{#prompt-envelope envelopes/b.json}}\n")]});
    let (out, stderr) = preprocess(&context(&root, script), &book);
    assert!(!content(&out, "items", 0).contains("javascript:") && stderr.contains("app-url"));
}
