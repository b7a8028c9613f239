//! JSON string escaping, byte for byte as serde_json writes it: `"` and `\` escaped, the
//! controls below U+0020 as `\b \f \n \r \t` or `\u00xx` (lower-case hex), everything else
//! (DEL, non-ASCII) raw. Runs of bytes that need nothing are found eight at a time, and the
//! first byte that does is read off the word's mask, so the usual text costs one copy.

/// Appends `text` to `out` as a quoted JSON string.
pub(crate) fn push_quoted(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('"');
    push_escaped(out, text);
    out.push('"');
}

/// Appends `text` to `out` escaped as inside a JSON string, without the quotes.
pub(crate) fn push_escaped(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut start = 0;
    while let Some(found) = next_special(bytes, start) {
        // `found` is an ASCII byte, so both cuts are on character boundaries.
        out.push_str(text.get(start..found).unwrap_or_default());
        push_escape(out, bytes[found]);
        start = found + 1;
    }
    out.push_str(text.get(start..).unwrap_or_default());
}

/// The escape of one byte that needs one.
fn push_escape(out: &mut String, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match byte {
        b'"' => out.push_str("\\\""),
        b'\\' => out.push_str("\\\\"),
        b'\n' => out.push_str("\\n"),
        b'\r' => out.push_str("\\r"),
        b'\t' => out.push_str("\\t"),
        0x08 => out.push_str("\\b"),
        0x0c => out.push_str("\\f"),
        _ => {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
    }
}

/// Whether `byte` must be escaped.
fn special(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// The position of the first byte at or after `from` that must be escaped.
fn next_special(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut at = from;
    let rest = bytes.get(from..)?;
    let mut chunks = rest.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let v = u64::from_le_bytes(word);
        // A byte below 0x20, or equal to `"` or `\`, sets its high bit in `hit`
        // (the classic "has less than" and "has zero byte" tests).
        let below = v.wrapping_sub(ONES * 0x20) & !v;
        let quote = v ^ (ONES * u64::from(b'"'));
        let slash = v ^ (ONES * u64::from(b'\\'));
        let hit =
            (below | (quote.wrapping_sub(ONES) & !quote) | (slash.wrapping_sub(ONES) & !slash))
                & HIGHS;
        // The test never misses a byte, and can flag one only above a real hit (a borrow
        // runs upwards from it): the lowest flagged byte is always a real one. Texts escape
        // often (a newline or a quote every ~20 bytes in the benchmark's), so no rescan.
        if hit != 0 {
            return Some(at + (hit.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|b| special(*b))
        .map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(text: &str) -> String {
        let mut out = String::new();
        push_quoted(&mut out, text);
        out
    }

    #[test]
    fn escapes_like_serde_json() {
        let mut samples: Vec<String> = vec![
            String::new(),
            "plain text that is long enough to use whole words".to_owned(),
            "\"quoted\" \\ back\\slash".to_owned(),
            "tab\there\nnew line\r\u{8}\u{c}\u{1}\u{1f}\u{7f}".to_owned(),
            "日本語と emoji 🎉 and </script>".to_owned(),
            // Multi-byte characters beside escapes within one 8-byte word: bytes ≥ 0x80 are
            // never flagged, and the first escape of a word is read off its mask.
            "é\"ü\n€\\🎉\t日\u{1}x\"é".to_owned(),
            "\u{7ff}\n\u{800}\"\u{ffff}\\\u{10000}\u{1f}".repeat(3),
        ];
        // Every byte value below 0x80 at every position of a word, and runs around it.
        for byte in 0u8..0x80 {
            for position in 0..17 {
                let mut text = "x".repeat(position);
                text.push(char::from(byte));
                text.push_str("yyyyyyyyy");
                samples.push(text);
            }
        }
        for sample in &samples {
            let expected = serde_json::to_string(sample).unwrap_or_default();
            assert_eq!(quoted(sample), expected, "{sample:?}");
        }
    }
}
