//! Secrets recognised by what surrounds them: the token after `Bearer `, and a private key's
//! PEM block from its BEGIN line through its END line.

use memchr::memmem;

use super::tokens::{random, run_end};
use super::{Hit, SecretKind, named};

/// Adds every bearer token and private-key block in `bytes` to `out`.
pub(super) fn find(bytes: &[u8], out: &mut Vec<Hit>) {
    bearer_tokens(bytes, out);
    private_keys(bytes, out);
}

/// RFC 6750's b64token: `[A-Za-z0-9-._~+/]` then `=` padding.
fn token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~+/=".contains(&b)
}

/// `Bearer` (any case) as a word, blanks, then a token: only the token is the secret. Prose
/// ("a Bearer token", "Bearer authentication") has no digits in its next word, and a
/// placeholder (`Bearer <token>`, `Bearer $TOKEN`, `Bearer YOUR_TOKEN_1`) is none.
fn bearer_tokens(bytes: &[u8], out: &mut Vec<Hit>) {
    const WORD: &[u8] = b"bearer";
    // Each `b`/`B` is looked at once; a token run is scanned from its `Bearer` only, and a
    // `bearer` inside a run is not a word (the byte before it is a letter): linear.
    for at in memchr::memchr2_iter(b'b', b'B', bytes) {
        let word_end = at + WORD.len();
        let is_word = bytes
            .get(at..word_end)
            .is_some_and(|word| word.eq_ignore_ascii_case(WORD))
            && (at == 0 || !bytes[at - 1].is_ascii_alphanumeric());
        if !is_word {
            continue;
        }
        let start = run_end(bytes, word_end, |b| b == b' ' || b == b'\t');
        if start == word_end {
            continue;
        }
        let run = run_end(bytes, start, token_byte);
        // A sentence's full stop is not part of the token.
        let end = run
            - bytes[start..run]
                .iter()
                .rev()
                .take_while(|b| **b == b'.')
                .count();
        let token = &bytes[start..end];
        if random(token, 16, 1) && !std::str::from_utf8(token).is_ok_and(named::is_placeholder) {
            out.push(Hit {
                kind: SecretKind::BearerToken,
                range: start..end,
            });
        }
    }
}

/// `-----BEGIN <label> PRIVATE KEY-----` (RSA, EC, OPENSSH, ENCRYPTED, none, or a PGP
/// `PRIVATE KEY BLOCK`) through the end of its `-----END …-----` line, or through the end of
/// the string when the END line is missing (a cut key is still a key). Public keys and
/// certificates are not secrets.
fn private_keys(bytes: &[u8], out: &mut Vec<Hit>) {
    const BEGIN: &[u8] = b"-----BEGIN ";
    const END: &[u8] = b"-----END ";
    const DASHES: &[u8] = b"-----";
    let mut resume = 0;
    for start in memmem::find_iter(bytes, BEGIN) {
        if start < resume {
            continue;
        }
        let label_start = start + BEGIN.len();
        let label_end = run_end(bytes, label_start, label_byte);
        let label = trim_spaces(&bytes[label_start..label_end]);
        let private = label.ends_with(b"PRIVATE KEY") || label.ends_with(b"PRIVATE KEY BLOCK");
        if !private || !bytes[label_end..].starts_with(DASHES) {
            continue;
        }
        let body = label_end + DASHES.len();
        if !key_material(bytes, body) {
            continue;
        }
        let end = match memmem::find(&bytes[body..], END) {
            Some(offset) => {
                let end_label = run_end(bytes, body + offset + END.len(), label_byte);
                if bytes[end_label..].starts_with(DASHES) {
                    end_label + DASHES.len()
                } else {
                    end_label
                }
            }
            None => bytes.len(),
        };
        out.push(Hit {
            kind: SecretKind::PrivateKey,
            range: start..end,
        });
        resume = end;
    }
}

/// Whether a key follows the BEGIN line at `from`: after line breaks (or `\n` written out,
/// in a string of code), a header (`Proc-Type: 4,ENCRYPTED`) or 16 base64 characters. The
/// markers alone, as constants in code, are no key.
fn key_material(bytes: &[u8], from: usize) -> bool {
    let mut at = from;
    loop {
        match bytes.get(at..at + 2) {
            Some([b'\\', b'n' | b'r']) => at += 2,
            _ if bytes.get(at).is_some_and(u8::is_ascii_whitespace) => at += 1,
            _ => break,
        }
    }
    let base64 = run_end(bytes, at, |b| {
        b.is_ascii_alphanumeric() || b"+/=".contains(&b)
    });
    let header = run_end(bytes, at, |b| b.is_ascii_alphabetic() || b == b'-');
    base64 - at >= 16 || (header > at && bytes.get(header) == Some(&b':'))
}

/// The bytes of a PEM label: upper-case letters, digits and spaces.
fn label_byte(b: u8) -> bool {
    b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' '
}

fn trim_spaces(mut label: &[u8]) -> &[u8] {
    while let [rest @ .., b' '] = label {
        label = rest;
    }
    label
}
