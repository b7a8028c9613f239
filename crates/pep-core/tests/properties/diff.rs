//! Compare's properties (DECISIONS §13) on the generated envelopes: an envelope is the same
//! as itself, and diff(B, A) is the mirror of diff(A, B) — removed and added swapped, A's
//! paths and B's swapped, the counts swapped, the cache breaks at the mirrored places — with
//! B made from A by moving, dropping, copying and editing messages, and with unrelated pairs.

use pep_core::diff::{Diff, MessageDiff, Op, Options, Status, diff};
use pep_core::{Envelope, Mode};
use serde_json::Value;

use super::{Rng, envelope};

/// An envelope of `text` when it has no errors.
fn clean(text: &str) -> Option<Envelope> {
    let loaded = pep_core::load(text, Mode::Strict);
    if loaded.has_errors() {
        None
    } else {
        loaded.envelope
    }
}

/// `text` with its messages moved, dropped, copied or edited, 1 to 3 times.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let Ok(mut value) = serde_json::from_str::<Value>(text) else {
        return text.to_owned();
    };
    let Some(messages) = value.get_mut("messages").and_then(Value::as_array_mut) else {
        return text.to_owned();
    };
    for step in 0..1 + rng.below(3) {
        let n = messages.len();
        let (i, j) = (rng.below(n), rng.below(n));
        match rng.below(5) {
            0 if n > 1 => {
                messages.remove(i);
            }
            1 => {
                let mut copy = messages[i].clone();
                copy["id"] = Value::from(format!("copy-{step}"));
                messages.insert(j, copy);
            }
            2 => messages.swap(i, j),
            3 => edit_texts(&mut messages[i]),
            _ => {
                // Ids, timestamps and `collapsed` make no difference.
                messages[i]["id"] = Value::from(format!("renamed-{step}"));
                messages[i]["timestamp"] = Value::from(1_780_000_000_000_u64 + step as u64);
            }
        }
    }
    value.to_string()
}

/// Appends a word to every text content of the message's segments.
fn edit_texts(message: &mut Value) {
    let Some(segments) = message.get_mut("segments").and_then(Value::as_array_mut) else {
        return;
    };
    for segment in segments {
        if let Some(Value::String(content)) = segment.get_mut("content") {
            content.push_str(" edited");
        }
    }
}

/// The alignment of `diff` as sorted (a, b, status, segments) rows, B's side first when
/// `mirrored`: the order of a run of lone messages is not part of the contract.
fn rows(diff: &Diff, mirrored: bool) -> Vec<String> {
    let swap = |status: Status| match (mirrored, status) {
        (true, Status::Added) => Status::Removed,
        (true, Status::Removed) => Status::Added,
        (_, status) => status,
    };
    let mut rows: Vec<String> = diff
        .messages
        .iter()
        .map(|m: &MessageDiff| {
            let (a, b) = if mirrored { (m.b, m.a) } else { (m.a, m.b) };
            let mut segments: Vec<String> = m
                .segments
                .iter()
                .map(|s| {
                    let (sa, sb) = if mirrored { (s.b, s.a) } else { (s.a, s.b) };
                    let words = s.words.as_ref().map(|words| {
                        let of = |op: Op| -> String {
                            words
                                .iter()
                                .filter(|w| w.op == op)
                                .map(|w| w.text.as_str())
                                .collect()
                        };
                        let (removed, added) = (of(Op::Removed), of(Op::Added));
                        if mirrored {
                            (added, removed)
                        } else {
                            (removed, added)
                        }
                    });
                    format!("{sa:?} {sb:?} {:?} {words:?}", swap(s.status))
                })
                .collect();
            segments.sort();
            format!("{a:?} {b:?} {:?} {segments:?}", swap(m.status))
        })
        .collect();
    rows.sort();
    rows
}

fn assert_mirrored(a: &Envelope, b: &Envelope, case: &str) {
    let options = Options::default();
    let (forward, backward) = (diff(a, b, &options), diff(b, a, &options));
    assert_eq!(forward.same, backward.same, "{case}");
    let (mf, mb) = (forward.message_counts, backward.message_counts);
    assert_eq!(
        (mf.same, mf.changed, mf.added, mf.removed),
        (mb.same, mb.changed, mb.removed, mb.added),
        "{case}"
    );
    let (sf, sb) = (forward.segment_counts, backward.segment_counts);
    assert_eq!(
        (sf.same, sf.changed, sf.added, sf.removed),
        (sb.same, sb.changed, sb.removed, sb.added),
        "{case}"
    );
    assert_eq!(rows(&forward, false), rows(&backward, true), "{case}");
    for (f, b) in forward.cache.iter().zip(&backward.cache) {
        let at = |r: &pep_core::diff::CacheReport| {
            r.cache_break.as_ref().map(|x| (x.a.clone(), x.b.clone()))
        };
        assert_eq!(at(f), at(b).map(|(a, b)| (b, a)), "{case}");
        assert_eq!(f.prefix_tokens, b.prefix_tokens, "{case}");
    }
    for (f, b) in forward.tokens.iter().zip(&backward.tokens) {
        assert_eq!((f.a, f.b), (b.b, b.a), "{case}");
    }
    // A word diff gives back both texts: same + removed is A's, same + added is B's.
    for segment in forward.messages.iter().flat_map(|m| &m.segments) {
        let Some(words) = &segment.words else {
            continue;
        };
        let side = |keep: Op| -> String {
            words
                .iter()
                .filter(|w| w.op == Op::Same || w.op == keep)
                .map(|w| w.text.as_str())
                .collect()
        };
        let text = |envelope: &Envelope, at: Option<pep_core::SegmentRef>| {
            let at = at.unwrap_or_default();
            let value = envelope
                .segment_at(at.message, at.segment)
                .map(|s| s.to_value());
            let field = ["content", "value", "result", "snippet"]
                .iter()
                .find_map(|k| {
                    value
                        .as_ref()
                        .and_then(|v| v.get(k))
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                });
            field.unwrap_or_default()
        };
        assert_eq!(side(Op::Removed), text(a, segment.a), "{case}");
        assert_eq!(side(Op::Added), text(b, segment.b), "{case}");
    }
}

#[test]
fn an_envelope_is_the_same_as_itself() {
    let mut rng = Rng(0xd1ff);
    let mut checked = 0;
    for _ in 0..400 {
        let text = envelope(&mut rng, true);
        let Some(a) = clean(&text) else { continue };
        let same = diff(&a, &a, &Options::default());
        assert!(same.same, "{text}");
        assert!(
            same.messages.iter().all(|m| m.status == Status::Same),
            "{text}"
        );
        assert!(same.cache.iter().all(|r| r.cache_break.is_none()), "{text}");
        checked += 1;
    }
    assert!(checked > 100, "only {checked} clean envelopes");
}

#[test]
fn diff_b_a_mirrors_diff_a_b() {
    let mut rng = Rng(0x5a1e);
    let mut checked = 0;
    for n in 0..400 {
        let text = envelope(&mut rng, true);
        let other = if rng.chance(4) {
            envelope(&mut rng, true)
        } else {
            mutate(&mut rng, &text)
        };
        let (Some(a), Some(b)) = (clean(&text), clean(&other)) else {
            continue;
        };
        assert_mirrored(&a, &b, &format!("case {n}: {text}\n{other}"));
        checked += 1;
    }
    assert!(checked > 100, "only {checked} clean pairs");
}
