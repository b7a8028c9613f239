//! Comparing two documents the engine keeps (DECISIONS §13): the core's comparison, and the
//! lines of each format's cache break in both sides' exports, which print exactly what the
//! panels show.

use pep_core::diff::{self, BreakSegment, CacheReport, Diff, MessageDiff, Reason, Status};
use pep_core::export::{Options, export};
use pep_core::model::Envelope;

use crate::model::compare::{
    BreakSegmentView, BreakView, CacheView, CompareView, DiffRow, DiffSegment, KindDelta,
};
use crate::render::json_items::item_lines;

/// The compare view of `a` against `b`.
pub(super) fn compare(a: &Envelope, b: &Envelope) -> CompareView {
    let made = diff::diff(a, b, &diff::Options::default());
    let caches = made
        .cache
        .iter()
        .map(|report| cache_view(report, a, b))
        .collect();
    view_of(made, caches)
}

fn view_of(made: Diff, caches: Vec<CacheView>) -> CompareView {
    let counts = |c: diff::Counts| vec![c.same, c.changed, c.added, c.removed];
    CompareView {
        same: made.same,
        messages: counts(made.message_counts),
        segments: counts(made.segment_counts),
        tokens: made
            .tokens
            .iter()
            .filter(|t| t.a > 0 || t.b > 0)
            .map(|t| KindDelta {
                kind: t.kind,
                a: t.a,
                b: t.b,
            })
            .collect(),
        model: made.model.map(|m| {
            let name = |n: Option<String>| n.unwrap_or_default();
            (name(m.a), name(m.b))
        }),
        rows: made.messages.into_iter().map(row).collect(),
        caches,
    }
}

fn row(message: MessageDiff) -> DiffRow {
    DiffRow {
        status: message.status,
        a: message.a,
        b: message.b,
        role: message.role,
        segments: message
            .segments
            .into_iter()
            .filter(|s| s.status != Status::Same)
            .map(|s| DiffSegment {
                status: s.status,
                kind: s.kind,
                a: s.a,
                b: s.b,
                words: s
                    .words
                    .unwrap_or_default()
                    .into_iter()
                    .map(|w| (w.op, w.text))
                    .collect(),
            })
            .collect(),
    }
}

/// One format's report, with the break's lines in each side's export.
fn cache_view(report: &CacheReport, a: &Envelope, b: &Envelope) -> CacheView {
    let cache_break = report.cache_break.as_ref().map(|found| {
        let format = report.format.export();
        let lines = |envelope: &Envelope, path: &Option<String>| {
            let path = path.as_deref()?;
            item_lines(&export(envelope, format, Options::default()).text, path)
        };
        BreakView {
            lines_a: lines(a, &found.a),
            lines_b: lines(b, &found.b),
            a: found.a.clone(),
            b: found.b.clone(),
            segment: found.segment.as_ref().map(segment_view),
        }
    });
    CacheView {
        format: report.format.export(),
        prefix_tokens: report.prefix_tokens,
        cache_break,
    }
}

fn segment_view(segment: &BreakSegment) -> BreakSegmentView {
    let (status, variable) = match &segment.reason {
        Reason::Segment(status) => (*status, None),
        Reason::Variable(name) => (Status::Changed, Some(name.clone())),
        Reason::Exported => (Status::Same, None),
    };
    BreakSegmentView {
        in_b: segment.side == diff::Side::B,
        at: segment.at,
        kind: segment.kind,
        status,
        variable,
    }
}
