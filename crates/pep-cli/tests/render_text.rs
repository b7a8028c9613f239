//! `pep render` keeps every character of the envelope's text as the reader should see it: a
//! leading line break of a `<pre>`, control characters (shown as symbols, never raw), task
//! boxes and footnotes of markdown (no form control, no id of the page's own); and an empty
//! `--title` or a `--step` that is not a number is handled; the raw panel is the envelope as
//! written.

mod common;

use common::{code, panel_text, pep_with_stdin, repo, temp_file, text};

fn envelope(segments: &str) -> String {
    format!(
        r#"{{"version":"1.0","model":"m","messages":[{{"id":"1","role":"user","timestamp":1,"segments":[{segments}]}}]}}"#
    )
}

fn render(name: &str, segments: &str, extra: &[&str]) -> String {
    page(&temp_file(name, envelope(segments).as_bytes()), extra)
}

/// `pep render EXTRA FILE`'s page (it must exit 0).
fn page(file: &str, extra: &[&str]) -> String {
    let mut args = vec!["render"];
    args.extend_from_slice(extra);
    args.push(file);
    let out = pep_with_stdin(&args, b"");
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn a_pre_keeps_its_leading_line_break_and_controls_show_as_symbols() {
    let html = render(
        "lead.json",
        r#"{"kind":"long_text","content":"\nline2 \u0007 \u0000","charCount":12,"collapsed":false}"#,
        &[],
    );
    assert!(
        html.contains("tabindex=\"0\">\n\nline2 \u{2407} \u{2400}</pre>"),
        "{html}"
    );
    assert!(!html.contains('\u{7}') && !html.contains('\u{0}'));
}

#[test]
fn markdown_tasks_are_characters_and_footnotes_keep_to_their_own_ids() {
    let md = r#"{"kind":"text","content":"- [x] done\n\nSee[^pe-static-chat].\n\n[^pe-static-chat]: note"}"#;
    let html = render("md.json", md, &[]);
    assert!(html.contains("☑ done") && !html.contains("<input"));
    assert_eq!(
        html.matches("id=\"pe-static-chat\"").count(),
        1,
        "only the page's own"
    );
    assert!(html.contains("id=\"fn-pe-static-chat\""));
}

#[test]
fn an_empty_title_is_the_default_and_a_step_must_be_a_number() {
    let html = render(
        "title.json",
        r#"{"kind":"text","content":"x"}"#,
        &["--title", " "],
    );
    assert!(html.contains("<title>Prompt Envelope · m</title>"));
    let out = pep_with_stdin(
        &["render", "--step", "abc", &repo("demos/demo-a.json")],
        b"",
    );
    assert_eq!(code(&out), 2);
    assert!(text(&out.stderr).contains("`--step` needs a whole number, not `abc`"));
}

#[test]
fn the_raw_panel_is_the_envelope_pretty_printed_as_written() {
    let file = temp_file(
        "raw.json",
        br#"{"version":"1.0","zeta":1.50,"model":"m","messages":[{"id":"1","role":"user","timestamp":1,"segments":[{"kind":"text","content":"a"}]},{"id":"2","role":"assistant","timestamp":2,"segments":[{"kind":"text","content":"b"}]}]}"#,
    );
    let raw = panel_text(&page(&file, &["--panel", "raw"]), "raw");
    let raw = raw.unwrap_or_default();
    assert!(
        raw.starts_with("{\n  \"version\": \"1.0\",\n  \"zeta\": 1.50,\n"),
        "{raw}"
    );
    assert!(raw.ends_with("}\n"));
    let cut = panel_text(&page(&file, &["--panel", "raw", "--step", "1"]), "raw");
    assert!(cut.is_some_and(|cut| cut.contains("\"a\"") && !cut.contains("\"b\"")));
}
