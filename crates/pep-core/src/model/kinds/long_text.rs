//! `long_text`: a long text such as a log or a paper (spec §3.10, DECISIONS §1).

use serde_json::Value;

use crate::issue::{EnvelopeProblem, Problem};
use crate::model::read::{Input, fill_extra};
use crate::model::write::{count, flag, kind, object, text};
use crate::model::{Extra, SegmentKind};

/// A long text such as a log or a paper (spec §3.10).
#[derive(Debug, Clone, PartialEq)]
pub struct LongTextSegment {
    /// Full text.
    pub content: String,
    /// Declared character count.
    pub char_count: u64,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `long_text` segment (spec §3.10: `content`, `charCount` and `collapsed` required;
/// spec §7.2 folds it by default). A `charCount` that differs from the content's draws a
/// warning; in repair mode a missing one is computed (DECISIONS §1).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<LongTextSegment> {
    let repair = input.repair();
    let (mut f, _) = input.read(&["kind", "content", "charCount", "collapsed"]);
    let content = f.string("content");
    let char_count = match (f.raw("charCount"), &content) {
        (None, Some(content)) if repair => {
            let computed = content.chars().count();
            f.report(
                "charCount",
                Problem::Envelope(EnvelopeProblem::CharCountRepaired { computed }),
            );
            Some(computed as u64)
        }
        _ => f.count("charCount"),
    };
    if let (Some(content), Some(declared)) = (&content, char_count) {
        // DECISIONS §1 counts Unicode scalar values (Rust chars), not bytes or UTF-16.
        let actual = content.chars().count();
        if declared != actual as u64 {
            let declared = declared.to_string();
            f.report(
                "charCount",
                Problem::Envelope(EnvelopeProblem::CharCountMismatch { declared, actual }),
            );
        }
    }
    let collapsed = f.collapsed(SegmentKind::LongText.as_str(), true, repair);
    f.build(|extra| {
        Some(LongTextSegment {
            content: content?,
            char_count: char_count?,
            collapsed,
            extra,
        })
    })
}

/// Writes a `long_text` segment back, keys in spec §3.10 order unless the input had another.
pub(crate) fn encode(segment: &LongTextSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::LongText),
            ("content", text(&segment.content)),
            ("charCount", count(segment.char_count)),
            ("collapsed", flag(segment.collapsed)),
        ],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut LongTextSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
