//! Splits JSON text into classed tokens for syntax highlighting. The tokens concatenate back
//! to the exact input, so the highlighted element's text is the JSON itself (tests and the
//! Copy button rely on that).

/// What a piece of JSON text is, for colouring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenClass {
    /// An object key, quotes included.
    Key,
    /// A string value, quotes included.
    String,
    /// A number.
    Number,
    /// `true`, `false` or `null`.
    Literal,
    /// Braces, brackets, commas, colons and white space.
    Punctuation,
}

impl TokenClass {
    /// The CSS class of the token.
    pub fn css_class(self) -> &'static str {
        match self {
            TokenClass::Key => "pe-json-key",
            TokenClass::String => "pe-json-string",
            TokenClass::Number => "pe-json-number",
            TokenClass::Literal => "pe-json-literal",
            TokenClass::Punctuation => "pe-json-punct",
        }
    }
}

/// Tokenises `json`; any text is accepted, and the pieces always join back to it.
pub fn tokenize(json: &str) -> Vec<(TokenClass, &str)> {
    let bytes = json.as_bytes();
    let mut tokens: Vec<(TokenClass, &str)> = Vec::new();
    let mut at = 0;
    let mut punct_start = 0;
    while at < bytes.len() {
        let (class, end) = match bytes[at] {
            b'"' => {
                let end = string_end(bytes, at);
                let mut next = end;
                while matches!(bytes.get(next), Some(b' ' | b'\n' | b'\r' | b'\t')) {
                    next += 1;
                }
                let class = if bytes.get(next) == Some(&b':') {
                    TokenClass::Key
                } else {
                    TokenClass::String
                };
                (class, end)
            }
            b'-' | b'0'..=b'9' => {
                let mut end = at + 1;
                while matches!(
                    bytes.get(end),
                    Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
                ) {
                    end += 1;
                }
                (TokenClass::Number, end)
            }
            b't' | b'f' | b'n' => {
                let mut end = at;
                while bytes.get(end).is_some_and(u8::is_ascii_lowercase) {
                    end += 1;
                }
                (TokenClass::Literal, end)
            }
            _ => {
                at += 1;
                continue;
            }
        };
        if punct_start < at {
            tokens.push((TokenClass::Punctuation, &json[punct_start..at]));
        }
        tokens.push((class, &json[at..end]));
        at = end;
        punct_start = end;
    }
    if punct_start < json.len() {
        tokens.push((TokenClass::Punctuation, &json[punct_start..]));
    }
    tokens
}

/// The index just past the string starting at `start` (which holds `"`).
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return at + 1,
            _ => at += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::{TokenClass::*, tokenize};

    #[test]
    fn classes_keys_strings_numbers_and_literals() {
        let json = "{\n  \"a\": \"x\\\"y\",\n  \"n\": -1.5e+3,\n  \"t\": [true, null]\n}";
        let tokens = tokenize(json);
        assert_eq!(
            tokens,
            [
                (Punctuation, "{\n  "),
                (Key, "\"a\""),
                (Punctuation, ": "),
                (String, "\"x\\\"y\""),
                (Punctuation, ",\n  "),
                (Key, "\"n\""),
                (Punctuation, ": "),
                (Number, "-1.5e+3"),
                (Punctuation, ",\n  "),
                (Key, "\"t\""),
                (Punctuation, ": ["),
                (Literal, "true"),
                (Punctuation, ", "),
                (Literal, "null"),
                (Punctuation, "]\n}"),
            ]
        );
    }

    #[test]
    fn tokens_always_join_back_to_the_input() {
        for text in [
            "",
            "{}",
            "\"unterminated",
            "{\"中文\": \"值 😀\"}",
            "not json at all",
            "[1,2",
        ] {
            let joined: std::string::String = tokenize(text).iter().map(|(_, t)| *t).collect();
            assert_eq!(joined, text);
        }
    }
}
