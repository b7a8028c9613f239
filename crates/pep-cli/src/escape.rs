//! Control characters in anything the CLI prints about an envelope (DECISIONS §9).
//!
//! Issue messages quote user strings (roles, kinds, ids, URLs, keys, file names), and a raw
//! ESC or carriage return in them could rewrite the user's terminal. Every such line goes
//! through [`line`], which writes each control character as `\u{1b}` instead.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;

/// `text` with every control character (Unicode `Cc`: C0, DEL, C1) written as `\u{…}`.
pub fn controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Writes `text`, escaped, and a newline. Output errors are ignored: there is nowhere left to
/// report them, and the exit status still says how the run went.
pub fn line(out: &mut impl Write, text: impl std::fmt::Display) {
    let text = text.to_string();
    let _ = writeln!(out, "{}", controls(&text));
}

#[cfg(test)]
mod tests {
    use super::controls;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(controls("plain 文字"), "plain 文字");
        assert_eq!(controls("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(
            controls("\r\n\t\u{7f}\u{85}"),
            "\\u{d}\\u{a}\\u{9}\\u{7f}\\u{85}"
        );
    }
}
