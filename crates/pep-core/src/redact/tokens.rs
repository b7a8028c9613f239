//! Keys and tokens recognised by their prefix: OpenAI, Anthropic, AWS, GitHub, Slack, Google,
//! and JSON Web Tokens.
//!
//! Each prefix is searched for on its own ([`memmem`], linear). A match starts only where the
//! byte before it cannot belong to the token (`task-…` and `disk-…` are no `sk-`), runs over
//! the bytes the token is made of, and is kept only when that run has the token's shape. The
//! byte before a match and the run are of one class, so no run is scanned twice: linear.

use memchr::memmem;

use super::{Hit, SecretKind};

/// One prefix: the kind it names, the bytes its tokens are made of, and the test of a whole
/// run (prefix included) that gives the token's length, or `None` when it is no token.
struct Prefix {
    text: &'static [u8],
    kind: SecretKind,
    class: fn(u8) -> bool,
    shape: fn(&[u8]) -> Option<usize>,
}

const PREFIXES: [Prefix; 18] = [
    prefix(b"sk-ant-", SecretKind::AnthropicKey, key_byte, long_key),
    prefix(b"sk-proj-", SecretKind::OpenAiKey, key_byte, long_key),
    prefix(b"sk-", SecretKind::OpenAiKey, key_byte, plain_openai_key),
    prefix(b"AKIA", SecretKind::AwsKey, alnum, aws_key),
    prefix(b"ASIA", SecretKind::AwsKey, alnum, aws_key),
    prefix(b"ghp_", SecretKind::GitHubToken, word_byte, github_token),
    prefix(b"gho_", SecretKind::GitHubToken, word_byte, github_token),
    prefix(b"ghu_", SecretKind::GitHubToken, word_byte, github_token),
    prefix(b"ghs_", SecretKind::GitHubToken, word_byte, github_token),
    prefix(b"ghr_", SecretKind::GitHubToken, word_byte, github_token),
    prefix(
        b"github_pat_",
        SecretKind::GitHubToken,
        word_byte,
        github_pat,
    ),
    prefix(b"xoxb-", SecretKind::SlackToken, slack_byte, slack_token),
    prefix(b"xoxp-", SecretKind::SlackToken, slack_byte, slack_token),
    prefix(b"xoxa-", SecretKind::SlackToken, slack_byte, slack_token),
    prefix(b"xoxr-", SecretKind::SlackToken, slack_byte, slack_token),
    prefix(b"xoxs-", SecretKind::SlackToken, slack_byte, slack_token),
    prefix(b"AIza", SecretKind::GoogleKey, key_byte, google_key),
    prefix(b"eyJ", SecretKind::Jwt, jwt_byte, jwt),
];

const fn prefix(
    text: &'static [u8],
    kind: SecretKind,
    class: fn(u8) -> bool,
    shape: fn(&[u8]) -> Option<usize>,
) -> Prefix {
    Prefix {
        text,
        kind,
        class,
        shape,
    }
}

/// Adds every prefixed token in `bytes` to `out` (in no particular order).
pub(super) fn find(bytes: &[u8], out: &mut Vec<Hit>) {
    for rule in &PREFIXES {
        for start in memmem::find_iter(bytes, rule.text) {
            if start > 0 && (rule.class)(bytes[start - 1]) {
                continue;
            }
            let run = run_end(bytes, start, rule.class);
            if let Some(len) = (rule.shape)(&bytes[start..run]) {
                out.push(Hit {
                    kind: rule.kind,
                    range: start..start + len,
                });
            }
        }
    }
}

/// The end of the run of `class` bytes that starts at `from`.
pub(super) fn run_end(bytes: &[u8], from: usize, class: impl Fn(u8) -> bool) -> usize {
    bytes[from..]
        .iter()
        .position(|b| !class(*b))
        .map_or(bytes.len(), |n| from + n)
}

fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// `[A-Za-z0-9_-]`: OpenAI, Anthropic and Google keys.
fn key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `[A-Za-z0-9_]`: GitHub tokens.
fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `[A-Za-z0-9-]`: Slack tokens.
fn slack_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// base64url and the dots between a JWT's parts.
fn jwt_byte(b: u8) -> bool {
    key_byte(b) || b == b'.'
}

/// Whether `body` looks generated rather than written: long enough, letters and digits mixed,
/// one stretch of at least `min_run` letters and digits (slugs such as `sk-learn-a-tutorial`
/// are short words), and not a mask like `xxxx…`.
pub(super) fn random(body: &[u8], min_len: usize, min_run: usize) -> bool {
    let mut longest = 0;
    let mut current = 0;
    for &b in body {
        current = if b.is_ascii_alphanumeric() {
            current + 1
        } else {
            0
        };
        longest = longest.max(current);
    }
    body.len() >= min_len
        && longest >= min_run
        && body.iter().any(u8::is_ascii_digit)
        && body.iter().any(u8::is_ascii_alphabetic)
        && !filler(body)
}

/// A mask rather than a value: mostly `x`, `X` or `*`, or one byte repeated.
pub(super) fn filler(body: &[u8]) -> bool {
    let masked = body
        .iter()
        .filter(|b| matches!(b, b'x' | b'X' | b'*'))
        .count();
    masked * 2 >= body.len() || body.windows(2).all(|pair| pair[0] == pair[1])
}

/// `sk-proj-…`, `sk-ant-…`: at least 20 key characters after the prefix.
fn long_key(run: &[u8]) -> Option<usize> {
    let body = run.splitn(3, |b| *b == b'-').nth(2)?;
    random(body, 20, 16).then_some(run.len())
}

/// `sk-…` other than `sk-proj-` and `sk-ant-` (their own prefixes).
fn plain_openai_key(run: &[u8]) -> Option<usize> {
    if run.starts_with(b"sk-proj-") || run.starts_with(b"sk-ant-") {
        return None;
    }
    random(&run[3..], 20, 16).then_some(run.len())
}

/// `AKIA` or `ASIA` and exactly 16 upper-case letters or digits.
fn aws_key(run: &[u8]) -> Option<usize> {
    let body = &run[4..];
    let upper = body
        .iter()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    (run.len() == 20 && upper && !filler(body)).then_some(run.len())
}

/// `ghp_` and its siblings: 36 letters and digits (30 or more accepted).
fn github_token(run: &[u8]) -> Option<usize> {
    let body = &run[4..];
    (body.iter().all(u8::is_ascii_alphanumeric) && random(body, 30, 16)).then_some(run.len())
}

/// `github_pat_` and its 82 letters, digits and underscores (30 or more accepted).
fn github_pat(run: &[u8]) -> Option<usize> {
    random(&run[11..], 30, 16).then_some(run.len())
}

/// `xoxb-` and its siblings: dash-separated numbers and letters.
fn slack_token(run: &[u8]) -> Option<usize> {
    random(&run[5..], 15, 8).then_some(run.len())
}

/// `AIza` and exactly 35 key characters.
fn google_key(run: &[u8]) -> Option<usize> {
    (run.len() == 39 && !filler(&run[4..])).then_some(run.len())
}

/// Three base64url parts joined by dots, the first (a JSON header) starting `eyJ`; a dot
/// ending the run is the sentence's, not the token's.
fn jwt(run: &[u8]) -> Option<usize> {
    let len = run.len() - run.iter().rev().take_while(|b| **b == b'.').count();
    let mut parts = run[..len].split(|b| *b == b'.');
    let (header, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    let shaped = parts.next().is_none()
        && header.len() >= 10
        && payload.len() >= 8
        && signature.len() >= 8
        && !filler(signature);
    shaped.then_some(len)
}
