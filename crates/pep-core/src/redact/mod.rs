//! Secrets in an envelope, found and redacted before it is shared (DECISIONS §8, "Redaction
//! before sharing").
//!
//! [`scan`] lists every secret in every string of an envelope: segment contents, variable
//! values, tool arguments and results, URLs, names, unknown fields and the raw JSON of invalid
//! nodes. [`redact`] replaces each one's own characters with `[redacted: KIND]`. Detection is
//! a hand-written scanner over bytes, linear in the input (DECISIONS §9): no regular
//! expressions, so no input can make it backtrack.
//!
//! ```
//! let text = r#"{"version":"1.0","messages":[{"id":"m1","role":"user","timestamp":1,
//!   "segments":[{"kind":"text",
//!     "content":"curl -H 'Authorization: Bearer 9f8e7d6c5b4a3f2e1d0c'"}]}]}"#;
//! let envelope = pep_core::load(text, pep_core::Mode::Strict).envelope.expect("an envelope");
//! let (redacted, findings) = pep_core::redact::redact(envelope);
//! assert_eq!(findings[0].path, "messages[0].segments[0].content");
//! assert_eq!(findings[0].kind.as_str(), "bearer-token");
//! let Some(pep_core::Segment::Text(text)) = redacted.segment_at(0, 0) else { panic!() };
//! assert_eq!(text.content, "curl -H 'Authorization: Bearer [redacted: bearer-token]'");
//! ```

mod blocks;
mod named;
mod text;
mod tokens;
mod walk;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::Range;

use crate::model::{Entry, Envelope, Segment};
use crate::path::{JsonPath, Place, SegmentRef};

pub use named::{is_placeholder, is_secret_name};

/// What kind of secret was found: the names DECISIONS §8 gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SecretKind {
    /// `sk-…` or `sk-proj-…`.
    OpenAiKey,
    /// `sk-ant-…`.
    AnthropicKey,
    /// `AKIA…` or `ASIA…` and 16 upper-case letters or digits.
    AwsKey,
    /// `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` or `github_pat_`.
    GitHubToken,
    /// `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-` or `xoxs-`.
    SlackToken,
    /// `AIza` and 35 characters.
    GoogleKey,
    /// The token after `Bearer `.
    BearerToken,
    /// A `-----BEGIN … PRIVATE KEY-----` block, through its END line.
    PrivateKey,
    /// A JSON Web Token: three base64url parts, the first starting `eyJ`.
    Jwt,
    /// The value of a key or variable named like password, token, secret or api_key.
    NamedSecret,
}

impl SecretKind {
    /// Every kind, in DECISIONS §8 order.
    pub const ALL: [SecretKind; 10] = [
        SecretKind::OpenAiKey,
        SecretKind::AnthropicKey,
        SecretKind::AwsKey,
        SecretKind::GitHubToken,
        SecretKind::SlackToken,
        SecretKind::GoogleKey,
        SecretKind::BearerToken,
        SecretKind::PrivateKey,
        SecretKind::Jwt,
        SecretKind::NamedSecret,
    ];

    /// The name printed and written into the redaction (`openai-key`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            SecretKind::OpenAiKey => "openai-key",
            SecretKind::AnthropicKey => "anthropic-key",
            SecretKind::AwsKey => "aws-key",
            SecretKind::GitHubToken => "github-token",
            SecretKind::SlackToken => "slack-token",
            SecretKind::GoogleKey => "google-key",
            SecretKind::BearerToken => "bearer-token",
            SecretKind::PrivateKey => "private-key",
            SecretKind::Jwt => "jwt",
            SecretKind::NamedSecret => "named-secret",
        }
    }

    /// The kind with this name.
    pub fn from_name(name: &str) -> Option<SecretKind> {
        SecretKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }

    /// What replaces a secret of this kind: `[redacted: KIND]`.
    pub fn replacement(self) -> String {
        format!("[redacted: {}]", self.as_str())
    }
}

impl fmt::Display for SecretKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One secret inside one string: its kind and the byte range of its own characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hit {
    /// What it is.
    pub kind: SecretKind,
    /// Where it is in the string, in bytes (always on character boundaries).
    pub range: Range<usize>,
}

/// One secret in an envelope: where it is, typed and as a path, and what it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Finding {
    /// The message or segment the string lies in, when it lies in one (`None` for the
    /// envelope's own fields such as `model`).
    pub place: Option<Place>,
    /// The JSON path of the string, e.g. `messages[2].segments[0].content`.
    pub path: String,
    /// What was found.
    pub kind: SecretKind,
    /// Where in that string, in bytes (before redaction).
    pub range: Range<usize>,
}

impl Finding {
    fn new(path: &JsonPath<'_>, hit: Hit) -> Finding {
        Finding {
            place: path.place(),
            path: path.to_string(),
            kind: hit.kind,
            range: hit.range,
        }
    }
}

/// `PATH: KIND`, the line `pep redact` prints.
impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.kind)
    }
}

/// Every secret in `envelope`: message by message, each node's strings in the protocol's
/// field order and its unknown fields after them; within a string, by position.
pub fn scan(envelope: &Envelope) -> Vec<Finding> {
    let mut findings = Vec::new();
    walk::shared::envelope(envelope, &mut |path, reading, string| {
        let hits = text::hits(string, reading);
        findings.extend(hits.into_iter().map(|hit| Finding::new(path, hit)));
    });
    findings
}

/// `envelope` with every secret [`scan`] finds replaced by `[redacted: KIND]`, and the
/// findings (their ranges are in the strings as they were). A long_text whose content changed
/// gets its `charCount` recomputed, so a valid envelope stays valid.
pub fn redact(mut envelope: Envelope) -> (Envelope, Vec<Finding>) {
    let mut findings = Vec::new();
    let mut recount = Vec::new();
    walk::unique::envelope(&mut envelope, &mut |path, reading, string| {
        let hits = text::hits(string, reading);
        if hits.is_empty() {
            return;
        }
        *string = text::replace(string, &hits);
        if let Some(at) = long_text_content(path) {
            recount.push(at);
        }
        findings.extend(hits.into_iter().map(|hit| Finding::new(path, hit)));
    });
    for at in recount {
        let segment = envelope
            .messages
            .get_mut(at.message)
            .and_then(|entry| match entry {
                Entry::Valid(message) => message.segments.get_mut(at.segment),
                Entry::Invalid(_) => None,
            });
        if let Some(Entry::Valid(Segment::LongText(long))) = segment {
            // DECISIONS §1 counts Unicode scalar values.
            long.char_count = long.content.chars().count() as u64;
        }
    }
    (envelope, findings)
}

/// The secrets in a string of free text (a segment's content, a tool result), by position.
pub fn scan_text(text: &str) -> Vec<Hit> {
    text::hits(text, walk::Reading::Text)
}

/// The secrets in `value`, the value of a field, key or variable called `name`: the whole
/// value is a `named-secret` when the name is secret-like ([`is_secret_name`]) and the value
/// is not a placeholder, unless it is exactly one secret of a known kind.
pub fn scan_value(name: &str, value: &str) -> Vec<Hit> {
    text::hits(value, walk::Reading::of_name(name))
}

/// The segment whose `content` the path names, when it is a segment's own `content` (the only
/// string a long_text's `charCount` counts).
fn long_text_content(path: &JsonPath<'_>) -> Option<SegmentRef> {
    match path {
        JsonPath::Key(
            JsonPath::Index(
                JsonPath::Key(
                    JsonPath::Index(JsonPath::Key(JsonPath::Root, "messages"), m),
                    "segments",
                ),
                s,
            ),
            "content",
        ) => Some(SegmentRef::new(*m, *s)),
        _ => None,
    }
}
