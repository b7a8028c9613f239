//! Reading an input file (or standard input) as UTF-8 text, with plain-worded failures.

use std::io::{ErrorKind, Read};

/// Reads `name` (`-` is standard input). The error is a complete sentence naming the input.
pub fn read(name: &str) -> Result<String, String> {
    let bytes = if name == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        bytes
    } else {
        match std::fs::metadata(name) {
            Ok(meta) if meta.is_dir() => {
                return Err(format!("{name}: is a directory, not a file"));
            }
            Ok(_) => {}
            Err(e) => return Err(describe(name, &e)),
        }
        std::fs::read(name).map_err(|e| describe(name, &e))?
    };
    let shown = if name == "-" { "standard input" } else { name };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let valid = &e.as_bytes()[..at];
        let line = valid.iter().filter(|b| **b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        format!(
            "{shown}: not valid UTF-8 (byte 0x{:02x} at line {line}, column {column}, offset {at}); \
             envelopes must be UTF-8 text",
            e.as_bytes()[at]
        )
    })
}

fn describe(name: &str, error: &std::io::Error) -> String {
    match error.kind() {
        ErrorKind::NotFound => format!("{name}: no such file"),
        ErrorKind::PermissionDenied => format!("{name}: permission denied"),
        _ => format!("{name}: cannot read: {error}"),
    }
}
