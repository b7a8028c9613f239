//! One string: which of the detectors' candidates are its secrets, and the string with them
//! replaced.
//!
//! Every detector reports candidates on its own; here they are sorted once and kept when they
//! do not overlap an earlier, longer or more specific one, so each secret is reported once,
//! under the most telling kind.

use std::cmp::Reverse;
use std::ops::Range;

use memchr::memmem;

use super::walk::Reading;
use super::{Hit, SecretKind, blocks, named, tokens};

/// The secrets in `string` read as `reading`: sorted by position, none overlapping.
pub(super) fn hits(string: &str, reading: Reading) -> Vec<Hit> {
    let media = base64_payloads(string.as_bytes());
    let specific = specific(string, &media);
    match reading {
        Reading::Text => {
            let mut named = Vec::new();
            named::in_text(string, &mut named);
            let named = outside(outside(named, &media), &ranges(&specific));
            if named.is_empty() {
                return specific;
            }
            let mut all = specific;
            all.extend(named);
            all.sort_by_key(|hit| hit.range.start);
            all
        }
        Reading::Named => named_value(string, specific),
    }
}

/// The string with each hit (sorted, not overlapping) replaced by `[redacted: KIND]`.
pub(super) fn replace(string: &str, hits: &[Hit]) -> String {
    let mut out = String::with_capacity(string.len());
    let mut at = 0;
    for hit in hits {
        out.push_str(&string[at..hit.range.start]);
        out.push_str(&hit.kind.replacement());
        at = hit.range.end;
    }
    out.push_str(&string[at..]);
    out
}

/// The secrets of known shape (keys, tokens, key blocks), outside base64 media.
fn specific(string: &str, media: &[Range<usize>]) -> Vec<Hit> {
    let mut candidates = Vec::new();
    tokens::find(string.as_bytes(), &mut candidates);
    blocks::find(string.as_bytes(), &mut candidates);
    // At one position the longest candidate wins, and between equals the one that says more
    // about the whole (a key block over what is inside it, `Bearer` over the token's shape).
    candidates.sort_by_key(|hit| (hit.range.start, Reverse(hit.range.end), rank(hit.kind)));
    let mut kept: Vec<Hit> = Vec::new();
    for hit in candidates {
        if kept
            .last()
            .is_none_or(|last| last.range.end <= hit.range.start)
        {
            kept.push(hit);
        }
    }
    outside(kept, media)
}

fn rank(kind: SecretKind) -> u8 {
    match kind {
        SecretKind::PrivateKey => 0,
        SecretKind::BearerToken => 1,
        _ => 2,
    }
}

/// A string that is the value of a secret-like name: a known secret when it is exactly one,
/// else the whole value, unless it is a placeholder (then whatever secrets it holds).
fn named_value(string: &str, specific: Vec<Hit>) -> Vec<Hit> {
    let start = string.len() - string.trim_start().len();
    let whole = start..string.trim_end().len().max(start);
    if let [only] = specific.as_slice()
        && only.range == whole
    {
        return specific;
    }
    if named::is_placeholder(string) {
        return specific;
    }
    vec![Hit {
        kind: SecretKind::NamedSecret,
        range: 0..string.len(),
    }]
}

/// `hits` (sorted by start) without those overlapping any of `regions` (sorted, disjoint): one
/// pass over both, so many images and many candidates stay linear.
fn outside(hits: Vec<Hit>, regions: &[Range<usize>]) -> Vec<Hit> {
    if regions.is_empty() {
        return hits;
    }
    let mut region = 0;
    hits.into_iter()
        .filter(|hit| {
            while regions
                .get(region)
                .is_some_and(|r| r.end <= hit.range.start)
            {
                region += 1;
            }
            regions.get(region).is_none_or(|r| r.start >= hit.range.end)
        })
        .collect()
}

fn ranges(hits: &[Hit]) -> Vec<Range<usize>> {
    hits.iter().map(|hit| hit.range.clone()).collect()
}

/// The payloads of `;base64,` data (images, audio in data: URLs), where random letters can
/// spell anything: nothing in them is reported.
fn base64_payloads(bytes: &[u8]) -> Vec<Range<usize>> {
    const MARK: &[u8] = b";base64,";
    memmem::find_iter(bytes, MARK)
        .map(|at| {
            let start = at + MARK.len();
            let end = bytes[start..]
                .iter()
                .position(|b| !(b.is_ascii_alphanumeric() || b"+/=_-".contains(b)))
                .map_or(bytes.len(), |n| start + n);
            start..end
        })
        .collect()
}
