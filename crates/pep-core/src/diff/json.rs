//! The JSON of a comparison (`pep diff --format json`, DECISIONS §13), members in a fixed
//! order: `same`, `messages`, `segments`, `cache`, `changes`, then `tokens` and `model`.

use serde_json::{Map, Value, json};

use super::{CacheReport, Counts, Diff, MessageDiff, SegmentDiff, Status, WordOp};
use crate::path::{SegmentRef, message_path};

impl Diff {
    /// The comparison as JSON (`docs/diff.md` describes every member).
    pub fn to_json(&self) -> Value {
        let mut cache = Map::new();
        for report in &self.cache {
            cache.insert(report.format.as_str().to_owned(), cache_json(report));
        }
        let changes: Vec<Value> = self
            .messages
            .iter()
            .filter(|m| m.status != Status::Same)
            .map(change_json)
            .collect();
        let model = self
            .model
            .as_ref()
            .map_or(Value::Null, |m| json!({"a": m.a, "b": m.b}));
        json!({
            "same": self.same,
            "messages": counts_json(&self.message_counts),
            "segments": counts_json(&self.segment_counts),
            "cache": cache,
            "changes": changes,
            "tokens": self.tokens_json(),
            "model": model,
        })
    }

    /// `{"total": {"a","b","delta"}, "kinds": {KIND: {"a","b","delta"}}}`, the kinds that
    /// have tokens on either side, in spec order.
    fn tokens_json(&self) -> Value {
        let entry = |a: usize, b: usize| {
            let signed = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
            json!({"a": a, "b": b, "delta": signed(b) - signed(a)})
        };
        let mut kinds = Map::new();
        let (mut a, mut b) = (0, 0);
        for tokens in self.tokens.iter().filter(|t| t.a > 0 || t.b > 0) {
            kinds.insert(tokens.kind.as_str().to_owned(), entry(tokens.a, tokens.b));
            (a, b) = (a + tokens.a, b + tokens.b);
        }
        json!({"total": entry(a, b), "kinds": kinds})
    }
}

fn counts_json(counts: &Counts) -> Value {
    let mut map = Map::new();
    for status in Status::ALL {
        map.insert(status.as_str().to_owned(), Value::from(counts.of(status)));
    }
    Value::Object(map)
}

fn cache_json(report: &CacheReport) -> Value {
    let cache_break = report.cache_break.as_ref().map_or(Value::Null, |found| {
        json!({
            "a": found.a,
            "b": found.b,
            "segment": found.segment.as_ref().map(|s| s.at.path()),
        })
    });
    json!({"break": cache_break, "prefixTokens": report.prefix_tokens})
}

/// One message that is not the same: its status, paths, role and the segments that are not
/// the same.
fn change_json(message: &MessageDiff) -> Value {
    let segments: Vec<Value> = message
        .segments
        .iter()
        .filter(|s| s.status != Status::Same)
        .map(segment_json)
        .collect();
    json!({
        "status": message.status.as_str(),
        "a": message.a.map(message_path),
        "b": message.b.map(message_path),
        "role": message.role.map(|role| role.as_str()),
        "segments": segments,
    })
}

fn segment_json(segment: &SegmentDiff) -> Value {
    let mut map = Map::new();
    map.insert("status".into(), segment.status.as_str().into());
    map.insert("kind".into(), segment.kind.map(|k| k.as_str()).into());
    map.insert("a".into(), segment.a.map(SegmentRef::path).into());
    map.insert("b".into(), segment.b.map(SegmentRef::path).into());
    if let Some(words) = &segment.words {
        map.insert("words".into(), words.iter().map(word_json).collect());
    }
    Value::Object(map)
}

fn word_json(word: &WordOp) -> Value {
    json!({"op": word.op.as_str(), "text": word.text})
}
