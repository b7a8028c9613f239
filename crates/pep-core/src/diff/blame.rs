//! Which segment a cache break comes from (DECISIONS §13): the first segment of A's differing
//! item whose part of the request differs, else the first of B's.
//!
//! A segment's part of the request is what the lowering made of it (its head block, its
//! text, its tool call with id and arguments, its result with the texts appended to it, its
//! declared tools), compared with its counterpart's in the alignment. A segment that is the
//! same on both sides can still be exported differently: a system prompt whose variable
//! changed (the static_var is named then), or a tool call whose id or pairing moved.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::{BreakSegment, Lowered, MessageDiff, Reason, Side, Status};
use crate::lower::{Conversation, PartContent};
use crate::model::{Segment, SegmentKind};
use crate::path::SegmentRef;
use crate::template::{Token, token_iter};

/// Each aligned segment's status and counterpart, looked up from either side.
#[derive(Debug, Default)]
pub(crate) struct Counterparts {
    a: HashMap<SegmentRef, (Status, Option<SegmentRef>)>,
    b: HashMap<SegmentRef, (Status, Option<SegmentRef>)>,
}

impl Counterparts {
    /// The counterparts of the alignment `messages`.
    pub(crate) fn of(messages: &[MessageDiff]) -> Counterparts {
        let mut counterparts = Counterparts::default();
        for segment in messages.iter().flat_map(|m| &m.segments) {
            if let Some(a) = segment.a {
                counterparts.a.insert(a, (segment.status, segment.b));
            }
            if let Some(b) = segment.b {
                counterparts.b.insert(b, (segment.status, segment.a));
            }
        }
        counterparts
    }

    fn get(&self, side: Side, at: SegmentRef) -> Option<(Status, Option<SegmentRef>)> {
        match side {
            Side::A => self.a.get(&at).copied(),
            Side::B => self.b.get(&at).copied(),
        }
    }
}

/// Both sides and their alignment, for naming a break's segment.
pub(crate) struct Blame<'x, 'p, 'e> {
    pub(crate) a: &'x Lowered<'p, 'e>,
    pub(crate) b: &'x Lowered<'p, 'e>,
    pub(crate) counterparts: &'x Counterparts,
}

impl Blame<'_, '_, '_> {
    /// The segment the break between A's item made of `in_a` and B's made of `in_b` comes
    /// from, if one can be named.
    pub(crate) fn find(&self, in_a: &[SegmentRef], in_b: &[SegmentRef]) -> Option<BreakSegment> {
        let others = |side: Side, segments: &[SegmentRef]| -> Vec<SegmentRef> {
            segments
                .iter()
                .filter_map(|&at| self.counterparts.get(side, at).and_then(|(_, c)| c))
                .collect()
        };
        let wanted_a: HashSet<SegmentRef> =
            in_a.iter().copied().chain(others(Side::B, in_b)).collect();
        let wanted_b: HashSet<SegmentRef> =
            in_b.iter().copied().chain(others(Side::A, in_a)).collect();
        let parts_a = parts(self.a.conversation, &wanted_a);
        let parts_b = parts(self.b.conversation, &wanted_b);
        self.first(Side::A, in_a, &parts_a, &parts_b)
            .or_else(|| self.first(Side::B, in_b, &parts_b, &parts_a))
    }

    fn side(&self, side: Side) -> &Lowered<'_, '_> {
        match side {
            Side::A => self.a,
            Side::B => self.b,
        }
    }

    /// The first of `segments` (on `side`) whose part differs from its counterpart's.
    fn first(
        &self,
        side: Side,
        segments: &[SegmentRef],
        own: &HashMap<SegmentRef, String>,
        other: &HashMap<SegmentRef, String>,
    ) -> Option<BreakSegment> {
        let lone = match side {
            Side::A => Status::Removed,
            Side::B => Status::Added,
        };
        for &at in segments {
            let Some(segment) = self.side(side).envelope.segment_at(at.message, at.segment) else {
                continue;
            };
            let kind = segment.kind();
            let (status, counterpart) = self.counterparts.get(side, at).unwrap_or((lone, None));
            let Some(counterpart) = counterpart else {
                let reason = Reason::Segment(lone);
                return Some(BreakSegment {
                    side,
                    at,
                    kind,
                    reason,
                });
            };
            if own.get(&at) == other.get(&counterpart) {
                continue;
            }
            if status != Status::Same {
                let reason = Reason::Segment(status);
                return Some(BreakSegment {
                    side,
                    at,
                    kind,
                    reason,
                });
            }
            return Some(self.variable(side, segment).unwrap_or(BreakSegment {
                side,
                at,
                kind,
                reason: Reason::Exported,
            }));
        }
        None
    }

    /// For a system prompt that is the same on both sides: the first variable it uses whose
    /// value differs, as its static_var (on `side` when defined there, else on the other).
    fn variable(&self, side: Side, segment: &Segment) -> Option<BreakSegment> {
        let Segment::SystemPrompt(prompt) = segment else {
            return None;
        };
        let other = match side {
            Side::A => Side::B,
            Side::B => Side::A,
        };
        let (own, theirs) = (
            &self.side(side).analysis.variables,
            &self.side(other).analysis.variables,
        );
        token_iter(&prompt.content).find_map(|token| {
            let Token::Placeholder { name, .. } = token else {
                return None;
            };
            let (mine, their) = (own.get(name), theirs.get(name));
            if mine.map(|d| d.value) == their.map(|d| d.value) {
                return None;
            }
            let (side, at) = match (mine, their) {
                (Some(d), _) => (side, d.at),
                (None, Some(d)) => (other, d.at),
                (None, None) => return None,
            };
            Some(BreakSegment {
                side,
                at,
                kind: SegmentKind::StaticVar,
                reason: Reason::Variable(name.to_owned()),
            })
        })
    }
}

/// What the lowering made of each `wanted` segment, as comparable text: every piece with
/// its length, so that different lists of pieces never give the same text.
fn parts(
    conversation: &Conversation<'_>,
    wanted: &HashSet<SegmentRef>,
) -> HashMap<SegmentRef, String> {
    let mut parts: HashMap<SegmentRef, String> = HashMap::new();
    if wanted.is_empty() {
        return parts;
    }
    let mut add = |at: SegmentRef, tag: char, piece: &str| {
        if wanted.contains(&at) {
            let part = parts.entry(at).or_default();
            let _ = write!(part, "{tag}{}:{piece}", piece.len());
        }
    };
    if let Some(head) = &conversation.head {
        for (at, range) in &head.sources {
            add(*at, 'h', head.text.get(range.clone()).unwrap_or_default());
        }
    }
    for turn in &conversation.turns {
        for part in &turn.parts {
            let tag = match part.content {
                PartContent::Image { .. } => 'i',
                PartContent::Text(_) | PartContent::Audio { .. } | PartContent::Video { .. } => 't',
            };
            add(part.at, tag, part.content.as_text());
        }
        for call in &turn.tool_uses {
            add(call.at, 'd', &call.id);
            add(call.at, 'c', call.name);
            add(call.at, 'a', &crate::export::compact(call.arguments));
        }
        for result in &turn.results {
            add(result.at, 'd', &result.id);
            add(result.at, 'c', result.name);
            add(result.at, 's', if result.success { "ok" } else { "error" });
            for (at, range) in &result.sources {
                add(
                    *at,
                    'v',
                    result.content.get(range.clone()).unwrap_or_default(),
                );
            }
        }
    }
    for tool in &conversation.tools {
        add(tool.at, 'n', tool.name);
        add(tool.at, 'e', tool.description);
        add(
            tool.at,
            'j',
            &tool.schema.map(crate::export::compact).unwrap_or_default(),
        );
    }
    parts
}
