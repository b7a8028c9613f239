//! Token boundaries in JSON text, shared by the source scanner and the number restorer.
//!
//! Every function takes any byte offset and never panics or loops: the scanner runs before
//! serde_json has said whether the text is JSON at all.

use std::borrow::Cow;

/// The offset of the first non-whitespace byte at or after `at`.
pub(crate) fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while matches!(bytes.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// The end of the string token starting at `at` (which holds `"`), and whether it has escapes.
/// Strings are most of an envelope's bytes: their runs are skipped with `memchr2`.
pub(crate) fn string_end(bytes: &[u8], start: usize) -> (usize, bool) {
    let mut at = start + 1;
    let mut escaped = false;
    while let Some(found) = bytes
        .get(at..)
        .and_then(|rest| memchr::memchr2(b'"', b'\\', rest))
    {
        at += found + 1;
        if bytes[at - 1] == b'"' {
            return (at, escaped);
        }
        escaped = true;
        at += 1;
    }
    (bytes.len(), escaped)
}

/// The decoded text of the string token `start..end`; borrowed unless it has escapes.
pub(crate) fn string_text(text: &str, start: usize, end: usize, escaped: bool) -> Cow<'_, str> {
    let raw = text.get(start..end).unwrap_or_default();
    if escaped {
        Cow::Owned(serde_json::from_str(raw).unwrap_or_default())
    } else {
        Cow::Borrowed(raw.get(1..raw.len().saturating_sub(1)).unwrap_or_default())
    }
}

/// The end of the number token starting at `at`.
pub(crate) fn number_end(bytes: &[u8], mut at: usize) -> usize {
    while matches!(
        bytes.get(at),
        Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
    ) {
        at += 1;
    }
    at
}

/// The end of `true`, `false` or `null` starting at `at` (at least one byte further).
pub(crate) fn literal_end(bytes: &[u8], at: usize) -> usize {
    let mut end = at + 1;
    while matches!(bytes.get(end), Some(b'a'..=b'z')) {
        end += 1;
    }
    end
}

/// Whether a number lexeme has an exponent, the one spelling serde_json changes.
pub(crate) fn has_exponent(lexeme: &[u8]) -> bool {
    lexeme.iter().any(|b| matches!(b, b'e' | b'E'))
}

/// Whether `text` is one JSON object with a member named `key` at its root, read from the
/// tokens alone (no tree is built; strings are skipped with `memchr2`). Nested values are
/// skipped by counting brackets outside strings, and the object must be all the text: the
/// first line of JSON Lines is no document (a Claude Code log line has a `version`). A text
/// that is not JSON may answer either way; its decoding then says what is wrong.
pub(crate) fn root_has_key(text: &str, key: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return false;
    }
    at += 1;
    // The depth inside the root object, and whether the next string there is a key.
    let mut depth = 0usize;
    let mut expect_key = true;
    let mut found = false;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'"' => {
                let (end, escaped) = string_end(bytes, at);
                if depth == 0 && expect_key && !found {
                    found = string_text(text, at, end, escaped) == key;
                }
                expect_key = false;
                at = end;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' if depth == 0 => return found && skip_space(bytes, at + 1) == bytes.len(),
            b'}' | b']' => depth -= 1,
            b',' if depth == 0 => expect_key = true,
            _ => {}
        }
        at += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::root_has_key;

    #[test]
    fn the_root_key_is_found_from_the_tokens_alone() {
        for text in [
            r#"{"version": "1.0", "messages": []}"#,
            "\u{feff}\n {\"messages\": [], \"version\": 1} \r\n",
            r#"{"vers\u0069on": 1}"#,
            r#"{"a": "{\"version\": 1} ]", "b": [{"version": 2}], "version": 3}"#,
            r#"{"a": "\\", "version": null}"#,
        ] {
            assert!(root_has_key(text, "version"), "{text}");
        }
        for text in [
            r#"{"messages": [{"version": 1}]}"#,
            r#"{"a": "version", "b": {"version": 1}}"#,
            r#"{"a": "\"version\": 1"}"#,
            r#"["version"]"#,
            "{\"version\": 1}\n{\"version\": 1}\n",
            r#"{"version": 1} x"#,
            r#"{"version": 1"#,
            "",
        ] {
            assert!(!root_has_key(text, "version"), "{text}");
        }
    }
}
