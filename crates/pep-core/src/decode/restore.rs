//! Putting exponent numbers back as written (`1E5`, not serde_json's `1e+5`).
//!
//! The text of a value and the `Value` serde_json parsed from it are walked in lockstep, so no
//! path is stored per number: memory stays that of the tree itself. A key written twice is the
//! one place where text and tree differ (the tree holds the last value, at the first key's
//! position). Every occurrence is walked against the tree's value for that key, and a number is
//! written only where the tree holds a number; since the last occurrence is walked last and is
//! exactly what the tree holds, it overwrites whatever an earlier occurrence put there.
//!
//! Only text serde_json has accepted is walked, so the recursion is bounded by its nesting
//! limit (128).

use serde_json::{Number, Value};

use super::lex;

/// Restores the number spellings of `value`, parsed from `text` (one JSON value, which may be
/// surrounded by whitespace).
pub(crate) fn restore_numbers(text: &str, value: &mut Value) {
    let mut walker = Walker {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    walker.value(Some(value));
}

struct Walker<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
}

impl Walker<'_> {
    fn value(&mut self, value: Option<&mut Value>) {
        self.at = lex::skip_space(self.bytes, self.at);
        match self.bytes.get(self.at) {
            Some(b'{') => {
                let map = match value {
                    Some(Value::Object(map)) => Some(map),
                    _ => None,
                };
                self.object(map);
            }
            Some(b'[') => {
                let items = match value {
                    Some(Value::Array(items)) => Some(items),
                    _ => None,
                };
                self.array(items);
            }
            Some(b'"') => self.at = lex::string_end(self.bytes, self.at).0,
            Some(b'-' | b'0'..=b'9') => {
                let end = lex::number_end(self.bytes, self.at);
                let lexeme = self.text.get(self.at..end).unwrap_or_default();
                self.at = end;
                if let Some(Value::Number(number)) = value
                    && number.as_str() != lexeme
                {
                    // serde_json keeps arbitrary-precision numbers as their text; this swaps
                    // its normalised spelling for the user's.
                    *number = Number::from_string_unchecked(lexeme.to_owned());
                }
            }
            Some(_) => self.at = lex::literal_end(self.bytes, self.at),
            None => {}
        }
    }

    fn object(&mut self, mut map: Option<&mut serde_json::Map<String, Value>>) {
        self.at += 1;
        loop {
            self.at = lex::skip_space(self.bytes, self.at);
            match self.bytes.get(self.at) {
                Some(b'}') | None => {
                    self.at += 1;
                    return;
                }
                Some(b',') => self.at += 1,
                Some(_) => {
                    let (end, escaped) = lex::string_end(self.bytes, self.at);
                    let key = lex::string_text(self.text, self.at, end, escaped);
                    self.at = lex::skip_space(self.bytes, end) + 1; // ':'
                    let child = map.as_deref_mut().and_then(|map| map.get_mut(key.as_ref()));
                    self.value(child);
                }
            }
        }
    }

    fn array(&mut self, mut items: Option<&mut Vec<Value>>) {
        self.at += 1;
        let mut index = 0;
        loop {
            self.at = lex::skip_space(self.bytes, self.at);
            match self.bytes.get(self.at) {
                Some(b']') | None => {
                    self.at += 1;
                    return;
                }
                Some(b',') => {
                    self.at += 1;
                    index += 1;
                }
                Some(_) => {
                    let child = items.as_deref_mut().and_then(|items| items.get_mut(index));
                    self.value(child);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Value {
        let mut value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        restore_numbers(text, &mut value);
        value
    }

    #[test]
    fn exponent_spelling_survives() {
        let text = r#"{"a":[1E5,1e3,1.5e-3,2E+2,1.0,-0,12345678901234567890],"s":"1E5 \" e"}"#;
        assert_eq!(parse(text).to_string(), text);
        let spaced = " [ 1E5 , { \"k\" : 2E0 } ] ";
        assert_eq!(parse(spaced).to_string(), r#"[1E5,{"k":2E0}]"#);
    }

    #[test]
    fn duplicate_keys_never_shift_spellings_onto_other_fields() {
        for (text, expected) in [
            (r#"{"a":1E5,"a":2E5}"#, r#"{"a":2E5}"#),
            (r#"{"a":"s","b":1E5,"a":7}"#, r#"{"a":7,"b":1E5}"#),
            (r#"{"a":1E5,"a":7,"c":[2E0]}"#, r#"{"a":7,"c":[2E0]}"#),
            (
                r#"{"a":{"n":1E1},"a":{"m":2},"x":1}"#,
                r#"{"a":{"m":2},"x":1}"#,
            ),
            (r#"{"x":1,"x":2,"y":1E5}"#, r#"{"x":2,"y":1E5}"#),
            (r#"{"a":[1E5,3E0],"a":[7]}"#, r#"{"a":[7]}"#),
            (r#"{"a":2E5,"a":200000}"#, r#"{"a":200000}"#),
            (
                r#"{"a":{"b":1E1,"b":2E2},"a":{"b":3E3,"b":4}}"#,
                r#"{"a":{"b":4}}"#,
            ),
        ] {
            assert_eq!(parse(text).to_string(), expected, "{text}");
        }
    }
}
