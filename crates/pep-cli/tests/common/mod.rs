//! Running the `pep` binary as users do, shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A path below the repository root, found when the test runs (cargo sets
/// `CARGO_MANIFEST_DIR` then too): a test binary built in another clone that shares the target
/// directory would otherwise read that clone's files.
pub fn repo(relative: &str) -> String {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .join("../..")
        .join(relative)
        .display()
        .to_string()
}

/// Runs `pep` with `args`, `stdin` on its standard input.
pub fn pep_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pep"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run pep: {e}"));
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin);
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("pep did not finish: {e}"))
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The exit code (-1 when killed).
pub fn code(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

/// Writes `bytes` to a file of this test process's temporary folder.
pub fn temp_file(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("pep-cli-test-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path.display().to_string()
}

/// The text of the `<pre data-testid="export-NAME">` of a `pep render` page, as a browser reads
/// it: the spans' text, entities decoded, without the line break right after `<pre>` (the
/// HTML parser drops it).
pub fn panel_text(html: &str, name: &str) -> Option<String> {
    let start = html.find(&format!("data-testid=\"export-{name}\""))?;
    let open_end = start + html[start..].find('>')? + 1;
    let open_end = open_end + usize::from(html[open_end..].starts_with('\n'));
    let close = open_end + html[open_end..].find("</pre>")?;
    let mut inner = String::new();
    let mut in_tag = false;
    for c in html[open_end..close].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => inner.push(c),
            _ => {}
        }
    }
    Some(unescape(&inner))
}

/// Text with the HTML writer's five entities (and the markdown renderer's) decoded.
pub fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}
