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
