//! The readable report of a comparison (`pep diff`'s default output): the verdict and the
//! counts, one cache line per format with the upper-bound caveat, the token deltas, then the
//! changes, runs of identical messages and segments folded.

use crate::budget::grouped;
use std::fmt::Write;

use super::{
    BreakSegment, CacheReport, Counts, Diff, MessageDiff, Op, Reason, SegmentDiff, Side, Status,
    WordOp,
};

/// What the report says of every cache figure (DECISIONS §13).
pub const UPPER_BOUND: &str = "These are upper bounds: providers cache in blocks and only \
    from a minimum length, so a prompt cache may reuse less.";

/// How many characters of an identical run a word diff keeps on each side of a change.
const CONTEXT: usize = 30;

impl Diff {
    /// The report, one line per `\n`; no line holds a newline of the compared texts (they
    /// are written `\n`).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.summary(&mut out);
        let _ = writeln!(out, "cache:");
        for report in &self.cache {
            let _ = writeln!(out, "  {}", self.cache_line(report));
        }
        let _ = writeln!(out, "  {UPPER_BOUND}");
        self.tokens_line(&mut out);
        if !self.messages.is_empty() {
            let _ = writeln!(out, "changes:");
            changes(&self.messages, &mut out);
        }
        out
    }

    fn summary(&self, out: &mut String) {
        let total = self.messages.len();
        let verdict = if self.same {
            "A and B are the same".to_owned()
        } else {
            let different = total - self.message_counts.same;
            format!("A and B differ: {different} of {total} aligned messages are not the same")
        };
        let _ = writeln!(out, "{verdict}");
        let _ = writeln!(out, "messages: {}", counts(&self.message_counts));
        let _ = writeln!(out, "segments: {}", counts(&self.segment_counts));
        if let Some(model) = &self.model {
            let name = |m: &Option<String>| m.clone().unwrap_or_else(|| "none".into());
            let _ = writeln!(
                out,
                "model: {} in A, {} in B",
                name(&model.a),
                name(&model.b)
            );
        }
    }

    fn cache_line(&self, report: &CacheReport) -> String {
        let format = report.format.as_str();
        let tokens = grouped(report.prefix_tokens);
        let Some(found) = &report.cache_break else {
            return format!("{format}: the whole request is the same (≈ {tokens} tokens)");
        };
        if found.a.as_deref() == Some("model") || found.b.as_deref() == Some("model") {
            return format!(
                "{format}: the models differ, and caches are per model: nothing is reused (≈ 0 tokens)"
            );
        }
        let place = match (&found.a, &found.b) {
            (Some(a), Some(b)) => format!("the cache breaks at {a} in A and {b} in B"),
            (None, Some(b)) => format!("the cache holds to the end of A; B goes on at {b}"),
            (Some(a), None) => format!("the cache holds to the end of B; A goes on at {a}"),
            (None, None) => "the requests differ".to_owned(),
        };
        let why = found
            .segment
            .as_ref()
            .map(|segment| format!(" ({})", blamed(segment)))
            .unwrap_or_default();
        format!("{format}: the first ≈ {tokens} tokens are the same; {place}{why}")
    }

    fn tokens_line(&self, out: &mut String) {
        let (a, b) = self
            .tokens
            .iter()
            .fold((0, 0), |(a, b), t| (a + t.a, b + t.b));
        let changed: Vec<String> = self
            .tokens
            .iter()
            .filter(|t| t.a != t.b)
            .map(|t| format!("{} {}", t.kind.as_str(), delta(t.a, t.b)))
            .collect();
        if changed.is_empty() {
            let _ = writeln!(out, "segment tokens: ≈ {} in both", grouped(a));
        } else {
            let kinds = changed.join(", ");
            let _ = writeln!(
                out,
                "segment tokens (≈, A → B): {kinds}; total {}",
                delta(a, b)
            );
        }
    }
}

/// `12 same, 1 changed, 0 added, 2 removed`.
fn counts(counts: &Counts) -> String {
    let parts: Vec<String> = Status::ALL
        .iter()
        .map(|&status| format!("{} {}", counts.of(status), status.as_str()))
        .collect();
    parts.join(", ")
}

/// `1,200 → 1,320 (+120)`.
fn delta(a: usize, b: usize) -> String {
    let sign = if b >= a { '+' } else { '−' };
    format!(
        "{} → {} ({sign}{})",
        grouped(a),
        grouped(b),
        grouped(a.abs_diff(b))
    )
}

/// `messages[3].segments[0], text changed`; on B's side `… in B, …`.
fn blamed(segment: &BreakSegment) -> String {
    let at = match segment.side {
        Side::A => segment.at.path(),
        Side::B => format!("{} in B", segment.at),
    };
    let kind = segment.kind.as_str();
    match &segment.reason {
        Reason::Segment(status) => format!("{at}, {kind} {}", status.as_str()),
        Reason::Variable(name) => format!("{at}, system_prompt: variable `{name}` changed"),
        Reason::Exported => format!("{at}, {kind}: the same segment, exported differently"),
    }
}

/// The changes, runs of same messages folded.
fn changes(messages: &[MessageDiff], out: &mut String) {
    let mut same = 0;
    for message in messages {
        if message.status == Status::Same {
            same += 1;
            continue;
        }
        fold(&mut same, "message", "  ", out);
        let role = message.role.map_or("invalid message", |r| r.as_str());
        let place = places(
            message.a.map(|i| i.to_string()),
            message.b.map(|j| j.to_string()),
            "messages",
        );
        let _ = writeln!(out, "  {} {place} ({role})", message.status.as_str());
        let mut same_segments = 0;
        for segment in &message.segments {
            if segment.status == Status::Same {
                same_segments += 1;
                continue;
            }
            fold(&mut same_segments, "segment", "    ", out);
            segment_line(segment, out);
        }
        fold(&mut same_segments, "segment", "    ", out);
    }
    fold(&mut same, "message", "  ", out);
}

/// `… 40 same messages`, when a run of them ends.
fn fold(run: &mut usize, noun: &str, indent: &str, out: &mut String) {
    match *run {
        0 => {}
        1 => {
            let _ = writeln!(out, "{indent}… 1 same {noun}");
        }
        n => {
            let _ = writeln!(out, "{indent}… {} same {noun}s", grouped(n));
        }
    }
    *run = 0;
}

/// `messages[3]`, `messages[3] in A, messages[4] in B`, `messages[4] in B`.
fn places(a: Option<String>, b: Option<String>, noun: &str) -> String {
    match (a, b) {
        (Some(a), Some(b)) if a == b => format!("{noun}[{a}]"),
        (Some(a), Some(b)) => format!("{noun}[{a}] in A, {noun}[{b}] in B"),
        (Some(a), None) => format!("{noun}[{a}] in A"),
        (None, Some(b)) => format!("{noun}[{b}] in B"),
        (None, None) => noun.to_owned(),
    }
}

fn segment_line(segment: &SegmentDiff, out: &mut String) {
    let kind = segment.kind.map_or("invalid segment", |k| k.as_str());
    let index = |at: Option<crate::path::SegmentRef>| at.map(|at| at.segment.to_string());
    let place = places(index(segment.a), index(segment.b), "segments");
    let words = segment
        .words
        .as_ref()
        .map(|words| format!(": {}", shown(words)))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "    {} {place} ({kind}){words}",
        segment.status.as_str()
    );
}

/// A word diff as `same [-removed-]{+added+} same`, long runs cut to their ends: an
/// identical one to what touches a change, a removed or added one to its start and end.
fn shown(words: &[WordOp]) -> String {
    let mut out = String::new();
    let last = words.len().saturating_sub(1);
    for (i, word) in words.iter().enumerate() {
        let text = word.text.replace('\n', "\\n");
        match word.op {
            Op::Same => out.push_str(&cut(&text, i > 0, i < last)),
            Op::Removed => {
                let _ = write!(out, "[-{}-]", cut(&text, true, true));
            }
            Op::Added => {
                let _ = write!(out, "{{+{}+}}", cut(&text, true, true));
            }
        }
    }
    out
}

/// `text`, keeping [`CONTEXT`] characters after a change before it (`head`) and before one
/// after it (`tail`), `…` for the rest.
fn cut(text: &str, head: bool, tail: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let keep = CONTEXT * (usize::from(head) + usize::from(tail));
    if chars.len() <= keep + 1 {
        return text.to_owned();
    }
    let start: String = chars.iter().take(if head { CONTEXT } else { 0 }).collect();
    let end_len = if tail { CONTEXT } else { 0 };
    let end: String = chars.iter().skip(chars.len() - end_len).collect();
    format!("{start}…{end}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(12_340), "12,340");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(delta(1_200, 1_320), "1,200 → 1,320 (+120)");
        assert_eq!(delta(30, 0), "30 → 0 (−30)");
    }

    #[test]
    fn long_identical_runs_keep_their_ends() {
        let long = "x".repeat(100);
        assert_eq!(cut(&long, false, true), format!("…{}", "x".repeat(30)));
        assert_eq!(cut(&long, true, false), format!("{}…", "x".repeat(30)));
        assert_eq!(cut("short", true, true), "short");
    }
}
