//! The alignment of messages and, within each aligned pair, of segments (DECISIONS §13).

use super::align::{Step, align_oriented};
use super::keys::{MessageKey, word_text};
use super::words::diff_words;
use super::{MessageDiff, SegmentDiff, Side, Status};
use crate::model::Envelope;
use crate::path::SegmentRef;

/// Both sides' envelopes and keys.
pub(crate) struct Keyed<'k> {
    pub(crate) envelope: &'k Envelope,
    pub(crate) keys: &'k [MessageKey],
}

/// The messages of A and B aligned: by LCS over (role, lowered text), the leftovers between
/// two matches paired by role as changed; every segment of a pair aligned the same way.
pub(crate) fn align_messages(a: &Keyed<'_>, b: &Keyed<'_>, cap: usize) -> Vec<MessageDiff> {
    let flip = a
        .keys
        .iter()
        .map(|k| &k.key)
        .gt(b.keys.iter().map(|k| &k.key));
    let steps = align_oriented(
        a.keys.len(),
        b.keys.len(),
        |i, j| a.keys[i].key.same(&b.keys[j].key),
        |i, j| a.keys[i].role == b.keys[j].role,
        cap,
        flip,
    );
    steps
        .into_iter()
        .map(|step| match step {
            Step::Equal(i, j) => pair(a, b, i, j, true, cap),
            Step::Paired(i, j) => pair(a, b, i, j, false, cap),
            Step::Removed(i) => lone(Side::A, i, &a.keys[i]),
            Step::Added(j) => lone(Side::B, j, &b.keys[j]),
        })
        .collect()
}

/// A message on one side only: every segment removed (from A) or added (to B).
fn lone(side: Side, index: usize, key: &MessageKey) -> MessageDiff {
    let status = match side {
        Side::A => Status::Removed,
        Side::B => Status::Added,
    };
    let at = |s: usize| Some(SegmentRef::new(index, s));
    let (a, b) = match side {
        Side::A => (Some(index), None),
        Side::B => (None, Some(index)),
    };
    let segments = key
        .segments
        .iter()
        .enumerate()
        .map(|(s, segment)| SegmentDiff {
            status,
            a: a.and_then(|_| at(s)),
            b: b.and_then(|_| at(s)),
            kind: segment.kind,
            words: None,
        })
        .collect();
    MessageDiff {
        status,
        a,
        b,
        role: key.role,
        segments,
    }
}

/// Messages `a[i]` and `b[j]`, aligned; `equal` when their keys matched. The pair is the
/// same when every segment is (a message that did not decode: when its JSON is).
fn pair(a: &Keyed<'_>, b: &Keyed<'_>, i: usize, j: usize, equal: bool, cap: usize) -> MessageDiff {
    let (ka, kb) = (&a.keys[i], &b.keys[j]);
    let flip = ka
        .segments
        .iter()
        .map(|s| &s.key)
        .gt(kb.segments.iter().map(|s| &s.key));
    let steps = align_oriented(
        ka.segments.len(),
        kb.segments.len(),
        |x, y| ka.segments[x].key.same(&kb.segments[y].key),
        |x, y| ka.segments[x].kind == kb.segments[y].kind,
        cap,
        flip,
    );
    let segments: Vec<SegmentDiff> = steps
        .into_iter()
        .map(|step| segment(a, b, i, j, step, cap))
        .collect();
    let same = match ka.role {
        None => equal,
        Some(_) => segments.iter().all(|s| s.status == Status::Same),
    };
    MessageDiff {
        status: if same { Status::Same } else { Status::Changed },
        a: Some(i),
        b: Some(j),
        role: ka.role,
        segments,
    }
}

/// One step of the segments' alignment of messages `i` (A) and `j` (B).
fn segment(
    a: &Keyed<'_>,
    b: &Keyed<'_>,
    i: usize,
    j: usize,
    step: Step,
    cap: usize,
) -> SegmentDiff {
    let kind_a = |x: usize| a.keys[i].segments[x].kind;
    let kind_b = |y: usize| b.keys[j].segments[y].kind;
    let (at_a, at_b) = (|x| SegmentRef::new(i, x), |y| SegmentRef::new(j, y));
    match step {
        Step::Equal(x, y) => SegmentDiff {
            status: Status::Same,
            a: Some(at_a(x)),
            b: Some(at_b(y)),
            kind: kind_a(x),
            words: None,
        },
        Step::Paired(x, y) => {
            fn text(envelope: &Envelope, at: SegmentRef) -> Option<&str> {
                envelope
                    .segment_at(at.message, at.segment)
                    .and_then(word_text)
            }
            let words = match (text(a.envelope, at_a(x)), text(b.envelope, at_b(y))) {
                (Some(ta), Some(tb)) => Some(diff_words(ta, tb, cap)),
                _ => None,
            };
            SegmentDiff {
                status: Status::Changed,
                a: Some(at_a(x)),
                b: Some(at_b(y)),
                kind: kind_a(x),
                words,
            }
        }
        Step::Removed(x) => SegmentDiff {
            status: Status::Removed,
            a: Some(at_a(x)),
            b: None,
            kind: kind_a(x),
            words: None,
        },
        Step::Added(y) => SegmentDiff {
            status: Status::Added,
            a: None,
            b: Some(at_b(y)),
            kind: kind_b(y),
            words: None,
        },
    }
}
