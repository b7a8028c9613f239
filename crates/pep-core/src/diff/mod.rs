//! Comparing two envelopes (DECISIONS §13): which messages and segments are the same,
//! changed, added or removed, a word-level diff of each changed text, how much of each
//! provider's request a prompt cache could reuse, and the ≈ tokens by kind on each side.
//!
//! ```
//! use pep_core::diff::{Options, Status, diff_texts};
//!
//! let a = r#"{"version":"1.0","model":"gpt-4o","messages":[
//!   {"id":"m1","role":"user","segments":[{"kind":"text","content":"Hello world"}],"timestamp":1}]}"#;
//! // An OpenAI request is imported first, as `pep import` does.
//! let b = r#"{"model":"gpt-4o","messages":[{"role":"user","content":"Hello there"}]}"#;
//! let diff = match diff_texts(a, b, &Options::default()) {
//!     Ok(diff) => diff,
//!     Err(error) => panic!("{error}"),
//! };
//! assert!(!diff.same);
//! assert_eq!(diff.messages[0].status, Status::Changed);
//! let words = diff.messages[0].segments[0].words.as_deref().unwrap_or_default();
//! let text: Vec<_> = words.iter().map(|w| (w.op.as_str(), w.text.as_str())).collect();
//! assert_eq!(text, [("same", "Hello "), ("removed", "world"), ("added", "there")]);
//! // The request differs from its first message: nothing before it could be cached.
//! let openai = &diff.cache[0];
//! let at = openai.cache_break.as_ref().and_then(|b| b.a.as_deref());
//! assert_eq!((at, openai.prefix_tokens), (Some("messages[0]"), 0));
//! ```
//!
//! **Alignment.** Messages are aligned by a longest common subsequence over (role, lowered
//! text: what DECISIONS §3 makes of the message, its content and tool calls, call ids left
//! out); within an aligned pair, segments by one over (kind, canonical JSON without
//! `collapsed` and `callId`, keys sorted except in tool arguments and schemas). Between two
//! matches the leftovers are paired in order by role (segments: by kind) as changed, the rest
//! added or removed. Message ids, timestamps and `collapsed` never make a difference.
//!
//! **Bounds.** Every alignment (messages, segments, the words of a text) trims the common
//! prefix and suffix and then runs Myers' algorithm with at most [`Options::max_edits`]
//! insertions and deletions (default [`MAX_EDITS`], 256): time O((N + M) · 256) and memory
//! O(256²) whatever the inputs. Beyond the cap the middle is taken as having nothing in
//! common: its messages are paired by role, position by position when even that needs too
//! many edits, and a text's middle is shown removed and added whole.
//!
//! **Cache prefix.** See [`CacheFormat::order`] and [`CacheReport`]; `docs/diff.md` has the
//! whole story and the JSON shape ([`Diff::to_json`]).

mod align;
mod blame;
mod cache;
mod json;
mod keys;
mod measure;
mod messages;
mod model;
mod text;
mod words;

use std::fmt;

pub use model::{
    BreakSegment, CacheBreak, CacheFormat, CacheReport, Counts, KindTokens, MessageDiff,
    ModelChange, Op, Reason, SegmentDiff, Side, Status, WordOp,
};

use crate::budget::{Estimate, budget};
use crate::export::lower;
use crate::issue::Issue;
use crate::lower::{Analysis, Conversation};
use crate::model::{Envelope, SegmentKind};

/// The most insertions and deletions each alignment looks for (see the module docs).
pub const MAX_EDITS: usize = 256;

/// What to compare besides the two envelopes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The formats whose cache prefix is reported, in this order (`pep diff --to` keeps
    /// one). Default: every [`CacheFormat`].
    pub cache: Vec<CacheFormat>,
    /// The most insertions and deletions each alignment looks for ([`MAX_EDITS`]).
    pub max_edits: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cache: CacheFormat::ALL.to_vec(),
            max_edits: MAX_EDITS,
        }
    }
}

/// The comparison of envelope A with envelope B.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    /// Whether the envelopes are the same: the same model and every message the same. It
    /// describes the envelopes, not the exports (which can still differ, in call ids say).
    pub same: bool,
    /// The models, when they differ.
    pub model: Option<ModelChange>,
    /// Every message of A and of B, aligned, in order.
    pub messages: Vec<MessageDiff>,
    /// How many entries of [`Self::messages`] have each status.
    pub message_counts: Counts,
    /// How many segments of all messages have each status.
    pub segment_counts: Counts,
    /// One report per format asked for ([`Options::cache`]), in that order.
    pub cache: Vec<CacheReport>,
    /// The ≈ tokens of each side by segment kind, every kind in [`SegmentKind::ALL`] order.
    pub tokens: Vec<KindTokens>,
}

/// An envelope with what the comparison needs of it: the lowering and its analysis (the
/// viewer has them already, [`crate::Prepared`]).
#[derive(Clone, Copy)]
pub struct Lowered<'p, 'e> {
    /// The envelope.
    pub envelope: &'e Envelope,
    /// Its variables and tool-call pairing.
    pub analysis: &'p Analysis<'e>,
    /// The envelope lowered for export.
    pub conversation: &'p Conversation<'e>,
}

impl<'p, 'e> From<&crate::Prepared<'p, 'e>> for Lowered<'p, 'e> {
    fn from(prepared: &crate::Prepared<'p, 'e>) -> Self {
        Lowered {
            envelope: prepared.envelope,
            analysis: prepared.analysis,
            conversation: prepared.conversation,
        }
    }
}

/// Compares envelope `a` with envelope `b` (their valid parts: an invalid message or segment
/// compares by its raw JSON).
pub fn diff(a: &Envelope, b: &Envelope, options: &Options) -> Diff {
    let (analysis_a, analysis_b) = (Analysis::of(a), Analysis::of(b));
    let (lowered_a, lowered_b) = (lower(a, &analysis_a), lower(b, &analysis_b));
    let side = |envelope, analysis, conversation| Lowered {
        envelope,
        analysis,
        conversation,
    };
    diff_lowered(
        &side(a, &analysis_a, &lowered_a),
        &side(b, &analysis_b, &lowered_b),
        options,
    )
}

/// [`diff`] of envelopes already lowered.
pub fn diff_lowered(a: &Lowered<'_, '_>, b: &Lowered<'_, '_>, options: &Options) -> Diff {
    let keys_a = keys::message_keys(a.envelope, a.conversation);
    let keys_b = keys::message_keys(b.envelope, b.conversation);
    let keyed = |envelope, keys| messages::Keyed { envelope, keys };
    let messages = messages::align_messages(
        &keyed(a.envelope, &keys_a),
        &keyed(b.envelope, &keys_b),
        options.max_edits,
    );
    let (mut message_counts, mut segment_counts) = (Counts::default(), Counts::default());
    for message in &messages {
        message_counts.add(message.status);
        message
            .segments
            .iter()
            .for_each(|s| segment_counts.add(s.status));
    }
    let model = (a.conversation.model != b.conversation.model).then(|| ModelChange {
        a: a.conversation.model.map(str::to_owned),
        b: b.conversation.model.map(str::to_owned),
    });
    let counterparts = blame::Counterparts::of(&messages);
    let cache = options
        .cache
        .iter()
        .map(|&format| cache::report(format, a, b, &counterparts))
        .collect();
    Diff {
        same: model.is_none() && messages.iter().all(|m| m.status == Status::Same),
        model,
        messages,
        message_counts,
        segment_counts,
        cache,
        tokens: kind_tokens(a, b),
    }
}

/// The ≈ tokens of each kind on each side.
fn kind_tokens(a: &Lowered<'_, '_>, b: &Lowered<'_, '_>) -> Vec<KindTokens> {
    let [ka, kb] =
        [a, b].map(|side| budget(side.conversation, side.envelope, &Estimate, Vec::new()).kinds);
    SegmentKind::ALL
        .into_iter()
        .map(|kind| {
            let of = |kinds: &[crate::budget::KindBudget]| {
                kinds
                    .iter()
                    .find(|k| k.kind == kind)
                    .map_or(0, |k| k.size.tokens)
            };
            KindTokens {
                kind,
                a: of(&ka),
                b: of(&kb),
            }
        })
        .collect()
}

/// An input of [`diff_texts`] that cannot be compared: which side, and its problems.
#[derive(Debug, Clone, PartialEq)]
pub struct SideError {
    /// The side.
    pub side: Side,
    /// Every problem found (an envelope's warnings too), errors among them.
    pub issues: Vec<Issue>,
}

impl fmt::Display for SideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors = self.issues.iter().filter(|issue| issue.is_error()).count();
        write!(f, "{}: the input has {errors} error(s)", self.side.as_str())?;
        for issue in self.issues.iter().filter(|issue| issue.is_error()) {
            write!(f, "\n{issue}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SideError {}

/// Reads one input of a comparison as `pep import` does ([`crate::Opened::one`]): an
/// envelope (which must have no errors), or a request or log of any format it reads,
/// detected and imported.
pub fn read(text: &str, side: Side) -> Result<crate::import::Imported, SideError> {
    crate::import::open(text, None)
        .and_then(crate::import::Opened::one)
        .map_err(|issues| SideError { side, issues })
}

/// Compares the inputs `a` and `b`, each an envelope or a request of any format `pep
/// import` reads ([`read`]).
pub fn diff_texts(a: &str, b: &str, options: &Options) -> Result<Diff, SideError> {
    let (a, b) = (read(a, Side::A)?, read(b, Side::B)?);
    Ok(diff(&a.envelope, &b.envelope, options))
}
