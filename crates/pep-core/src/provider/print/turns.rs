//! The turns of the providers that alternate user and model turns (Anthropic, Gemini;
//! DECISIONS §5, §14): consecutive turns of one role merged, and a user turn's tool results
//! moved before its other blocks. Each printer brings its own block type.

use super::Printer;
use crate::path::SegmentRef;

/// A turn being built: the model's (`assistant`) or the user's, its blocks in order.
pub(crate) struct Turn<B> {
    /// Whether it is the model's turn.
    pub(crate) assistant: bool,
    /// Its blocks (content blocks, parts), in order.
    pub(crate) blocks: Vec<B>,
}

/// Appends `blocks` as a turn, merged into the last one when the role is the same.
pub(crate) fn push_merged<B>(turns: &mut Vec<Turn<B>>, assistant: bool, mut blocks: Vec<B>) {
    if blocks.is_empty() {
        return;
    }
    match turns.last_mut() {
        Some(last) if last.assistant == assistant => last.blocks.append(&mut blocks),
        _ => turns.push(Turn { assistant, blocks }),
    }
}

/// Moves a user turn's result blocks before its other blocks (stable); returns the segment of
/// the first result that moved, for the printer's warning, if any did.
pub(crate) fn results_first<B>(
    turn: &mut Turn<B>,
    is_result: impl Fn(&B) -> bool,
    at: impl Fn(&B) -> SegmentRef,
) -> Option<SegmentRef> {
    if turn.assistant {
        return None;
    }
    let blocks = &turn.blocks;
    let first_other = blocks.iter().position(|b| !is_result(b))?;
    let moved = blocks.iter().skip(first_other).find(|b| is_result(b))?;
    let moved = at(moved);
    let (mut results, others): (Vec<_>, Vec<_>) = std::mem::take(&mut turn.blocks)
        .into_iter()
        .partition(|b| is_result(b));
    results.extend(others);
    turn.blocks = results;
    Some(moved)
}

/// Prints `turn` as `{"role": ROLE, KEY: [...]}` (`roles` the user's and the model's word),
/// each block by `print` and linked to its segments, the whole turn linked to all of them.
pub(crate) fn print_turn<B>(
    turn: &Turn<B>,
    roles: [&str; 2],
    key: &str,
    out: &mut Printer<'_>,
    print: fn(&B, &mut Printer<'_>),
    sources: fn(&B, &mut Vec<SegmentRef>),
) {
    let w = &mut out.writer;
    w.element();
    let first = w.line();
    w.begin_object();
    w.field("role", roles[usize::from(turn.assistant)]);
    w.key(key);
    w.begin_array();
    for block in &turn.blocks {
        let w = &mut out.writer;
        w.element();
        let block_first = w.line();
        print(block, out);
        let last = out.writer.line();
        out.links.add(block_first, last, || {
            let mut found = Vec::new();
            sources(block, &mut found);
            found
        });
    }
    let w = &mut out.writer;
    w.end_array();
    w.end_object();
    out.links.add(first, w.line(), || {
        let mut found = Vec::new();
        turn.blocks.iter().for_each(|b| sources(b, &mut found));
        found
    });
}
