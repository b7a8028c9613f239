//! Named secrets: the value of a key or variable called like password, token, secret or
//! api_key — as a JSON key, a `static_var`'s name, or `key: value` / `key=value` /
//! `"key": "value"` inside text.
//!
//! A name is judged by its last words, so `access_token`, `GITHUB_TOKEN`, `apiKey` and
//! `x-api-key` are secret-like while `max_tokens`, `token_count`, `secret_name` and
//! `password_reset_url` are not. Inside text a value must also look like a credential, because
//! prose says "Password: at least 8 characters" and code `paren_token: parenthesized!` too.

use std::ops::Range;

use memchr::memmem;

use super::tokens::{filler, run_end};
use super::{Hit, SecretKind};

/// Last words that make a name secret-like.
const SECRET_WORDS: [&str; 6] = [
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
];

/// Words before `key` that make a name secret-like (`api_key`, `secret_key`, …).
const SECRET_KEYS: [&str; 4] = ["api", "secret", "private", "access"];

/// Words before `token` that name something else: pagination, a tokenizer's special tokens,
/// token counts.
const NOT_SECRET_TOKENS: [&str; 22] = [
    "page",
    "next",
    "prev",
    "previous",
    "continuation",
    "pagination",
    "cursor",
    "sync",
    "eos",
    "bos",
    "pad",
    "unk",
    "sep",
    "cls",
    "mask",
    "stop",
    "special",
    "max",
    "min",
    "num",
    "total",
    "count",
];

/// Whether a key, field or variable called `name` holds a secret: its last word is password,
/// passwd, passphrase, secret, token or apikey (not a page token or a tokenizer's special
/// token), or its last two are api, secret, private or access and then key. Words are split at
/// `_`, `-`, `.`, spaces and camelCase.
pub fn is_secret_name(name: &str) -> bool {
    // Most names hold none of the words: they are answered without splitting.
    let lower = |b: &u8| b.to_ascii_lowercase();
    let candidate = name.as_bytes().windows(3).any(|w| {
        let w = [lower(&w[0]), lower(&w[1]), lower(&w[2])];
        matches!(&w, b"pas" | b"tok" | b"sec" | b"key")
    });
    if !candidate {
        return false;
    }
    let words = words(name);
    let Some((last, before)) = words.split_last() else {
        return false;
    };
    let before = before.last();
    let is = |word: &str, list: &[&str]| list.iter().any(|w| word.eq_ignore_ascii_case(w));
    if last.eq_ignore_ascii_case("key") {
        return before.is_some_and(|word| is(word, &SECRET_KEYS));
    }
    if last.eq_ignore_ascii_case("token") && before.is_some_and(|w| is(w, &NOT_SECRET_TOKENS)) {
        return false;
    }
    is(last, &SECRET_WORDS)
}

/// The words of a name: split at every byte that is not a letter or digit, and where a
/// lower-case letter or a digit is followed by an upper-case one (`apiKey`, `oauth2Token`) or
/// an upper-case run by a word (`APIKey`).
pub(super) fn words(name: &str) -> Vec<&str> {
    let bytes = name.as_bytes();
    let mut words = Vec::new();
    let mut start = None;
    for (i, &b) in bytes.iter().enumerate() {
        if !b.is_ascii_alphanumeric() {
            if let Some(s) = start.take() {
                words.push(&name[s..i]);
            }
            continue;
        }
        let camel = i > 0
            && b.is_ascii_uppercase()
            && (bytes[i - 1].is_ascii_lowercase()
                || bytes[i - 1].is_ascii_digit()
                || (bytes[i - 1].is_ascii_uppercase()
                    && bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase)));
        match start {
            Some(s) if camel => {
                words.push(&name[s..i]);
                start = Some(i);
            }
            Some(_) => {}
            None => start = Some(i),
        }
    }
    if let Some(s) = start {
        words.push(&name[s..]);
    }
    words
}

/// Whether a value only stands for a secret: empty, a mask (`***`, `xxxx`, `••••`, `sk-...`),
/// a template or variable (`<your key>`, `${API_KEY}`, `{{token}}`, `$TOKEN`, `%TOKEN%`), a
/// secret-like name of up to three words (`OPENAI_API_KEY`), an instruction
/// (`your-api-key-here`), a null word, or already redacted.
pub fn is_placeholder(value: &str) -> bool {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    let wrapped = |open: &str, close: &str| value.starts_with(open) && value.ends_with(close);
    let variable = value.strip_prefix('$').is_some_and(|name| {
        name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    });
    let words_only = value
        .bytes()
        .all(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'-');
    value.is_empty()
        || filler(value.as_bytes())
        || value.contains("...")
        || value.contains('…')
        || value.contains('•')
        || wrapped("<", ">")
        || wrapped("${", "}")
        || wrapped("{{", "}}")
        || wrapped("%", "%")
        || variable
        || (words_only && words(value).len() <= 3 && is_secret_name(value))
        || lower.starts_with("your")
        || ["_here", "-here", " here"]
            .iter()
            .any(|here| lower.contains(here))
        || lower.contains("redacted")
        || [
            "null",
            "none",
            "nil",
            "undefined",
            "n/a",
            "changeme",
            "example",
        ]
        .contains(&lower.as_str())
}

/// Adds `key: value`, `key=value` and `"key": "value"` inside `text` whose key is secret-like
/// and whose value looks like a credential; the range is the value's, quotes excluded.
///
/// Separators are rare next to letters, so they are searched for ([`memchr::memchr2`]) and
/// the key read backwards from each: a key is read once, for the separator that follows it,
/// and after a secret-like key the search resumes past its value: linear.
pub(super) fn in_text(text: &str, out: &mut Vec<Hit>) {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(offset) = memchr::memchr2(b':', b'=', &bytes[from..]) {
        let at = from + offset;
        from = at + 1;
        let Some(key) = key_before(bytes, at) else {
            continue;
        };
        let Some(value_start) = value_start(bytes, at) else {
            continue;
        };
        if !is_secret_name(&text[key]) {
            continue;
        }
        let (value, next) = value(bytes, value_start);
        from = next.max(from);
        if let Some(value) = value.filter(|value| credential(&text[value.clone()])) {
            out.push(Hit {
                kind: SecretKind::NamedSecret,
                range: value,
            });
        }
    }
}

/// The bytes of a name in text: letters, digits, `_`, `-`, `.`.
fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.'
}

fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The name before the separator at `at`: blanks, an optional closing quote (`\"` in escaped
/// JSON too), then the name's bytes, read backwards.
fn key_before(bytes: &[u8], at: usize) -> Option<Range<usize>> {
    let mut end = at;
    while end > 0 && blank(bytes[end - 1]) {
        end -= 1;
    }
    if end > 0 && matches!(bytes[end - 1], b'"' | b'\'') {
        end -= 1;
        if end > 0 && bytes[end - 1] == b'\\' {
            end -= 1;
        }
    }
    let mut start = end;
    while start > 0 && name_byte(bytes[start - 1]) {
        start -= 1;
    }
    (start < end).then_some(start..end)
}

/// Where the value after the separator at `at` starts: past `:`, `:=`, `=` or `=>` and
/// blanks. `None` for what is no separator: `::` (a path in code), `==`, the `=` of `:=`.
fn value_start(bytes: &[u8], at: usize) -> Option<usize> {
    let next = bytes.get(at + 1).copied();
    let previous = at.checked_sub(1).map(|i| bytes[i]);
    let skip = match (bytes[at], next) {
        (b':', Some(b':')) | (b'=', Some(b'=')) => return None,
        _ if previous == Some(b':') => return None,
        (b':', Some(b'=')) | (b'=', Some(b'>')) => 2,
        _ => 1,
    };
    Some(run_end(bytes, at + skip, blank))
}

/// The value starting at `start` (its range without quotes) and where reading resumes. A
/// quoted value ends at its quote (an unclosed one at the line's end); a bare one at a blank
/// or a delimiter, a final full stop excluded. A bare value that is code (`parse(x)`,
/// `Token![pub]`, `Option<String>`, `crate::secret`, the type in `TOKEN: u64x2 = 0`) is
/// `None`.
fn value(bytes: &[u8], start: usize) -> (Option<Range<usize>>, usize) {
    let escaped = bytes.get(start) == Some(&b'\\');
    let quote_at = start + usize::from(escaped);
    if let Some(&quote) = bytes.get(quote_at).filter(|q| matches!(q, b'"' | b'\'')) {
        let open = quote_at + 1;
        let close = run_end(bytes, open, |b| b != quote && b != b'\n');
        let end = if escaped && close > open && bytes[close - 1] == b'\\' {
            close - 1
        } else {
            close
        };
        return (Some(open..end), close);
    }
    // ASCII only: a password is, and prose in another script after `Token:` then is no value.
    let end = run_end(bytes, start, |b| {
        b.is_ascii_graphic() && !b",;&\"'<>()[]{}`|\\".contains(&b)
    });
    // After blanks, `=` (not `==`) makes the value a type: `TOKEN: _bindgen_ty_7 = 7`.
    let after = run_end(bytes, end, blank);
    let declared = bytes.get(after) == Some(&b'=') && bytes.get(after + 1) != Some(&b'=');
    let code = matches!(bytes.get(end), Some(b'(' | b'[' | b'<' | b'{'))
        || declared
        || memmem::find(&bytes[start..end], b"::").is_some();
    let trimmed = end - usize::from(end > start && bytes[end - 1] == b'.');
    ((!code).then_some(start..trimmed), end)
}

/// Whether a value found in text looks like a credential: six or more characters, no blanks,
/// letters and digits mixed (not a word: "Password: self-service", `paren_token: parenthesized!`,
/// a logprob's `"token": "Hello"`), not a number, and not a placeholder.
fn credential(value: &str) -> bool {
    let bytes = value.as_bytes();
    // A number in code (`Secret => 0x0017`) up to 64 bits (longer hex can be a key), or a
    // colour (`Token: '#ABB2BF'` in a syntax theme).
    let hex = |digits: &str, max: usize| {
        digits.len() <= max && digits.bytes().all(|b| b.is_ascii_hexdigit())
    };
    let number = value
        .strip_prefix("0x")
        .is_some_and(|digits| hex(digits, 16))
        || value.strip_prefix('#').is_some_and(|digits| hex(digits, 8));
    !number
        && bytes.len() >= 6
        && !bytes.iter().any(u8::is_ascii_whitespace)
        && bytes.iter().any(u8::is_ascii_digit)
        && bytes.iter().any(u8::is_ascii_alphabetic)
        && !is_placeholder(value)
}
