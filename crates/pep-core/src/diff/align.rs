//! Bounded longest common subsequence: what two sequences share, in linear time.
//!
//! [`align`] trims the common prefix and suffix, then runs Myers' O((N+M)·D) algorithm on
//! what is left, D being the number of insertions and deletions. D is capped (`cap`, the
//! callers use [`super::MAX_EDITS`]): with at most `cap` edits the work is at most
//! O((N+M)·cap) and the memory O(cap²), so a diff stays linear in its inputs whatever they
//! hold. Beyond the cap the middle is treated as having nothing in common.
//!
//! Between two matches, the elements left over on both sides are paired by their class (a
//! message's role, a segment's kind) with the same bounded algorithm, so that a message
//! edited in place reads as "changed" rather than "removed" and "added" (DECISIONS §13).
//! When that too passes the cap, the leftovers are paired position by position.
//!
//! Myers breaks ties one way, so aligning B with A need not mirror aligning A with B. The
//! callers therefore orient every alignment by a total order of its two sequences
//! ([`align_oriented`]): the same two sequences are always aligned the same way round, and
//! diff(B, A) is exactly the mirror of diff(A, B).

/// One step of an alignment of `a` against `b`, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// `a[i]` and `b[j]` are equal.
    Equal(usize, usize),
    /// `a[i]` and `b[j]` differ but are of the same class: one changed into the other.
    Paired(usize, usize),
    /// `a[i]` has no counterpart.
    Removed(usize),
    /// `b[j]` has no counterpart.
    Added(usize),
}

/// The alignment of `a[0..n]` with `b[0..m]`: `same(i, j)` says whether `a[i]` equals
/// `b[j]`, `class(i, j)` whether they may pair as a change. At most `cap` edits are looked
/// for at each level (see the module docs).
pub(crate) fn align(
    n: usize,
    m: usize,
    same: impl Fn(usize, usize) -> bool,
    class: impl Fn(usize, usize) -> bool,
    cap: usize,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(n.max(m));
    let matches = lcs(0..n, 0..m, &same, cap);
    let (mut i, mut j) = (0, 0);
    for &(x, y) in &matches {
        pair_gap(i..x, j..y, &class, cap, &mut steps);
        steps.push(Step::Equal(x, y));
        (i, j) = (x + 1, y + 1);
    }
    pair_gap(i..n, j..m, &class, cap, &mut steps);
    steps
}

/// [`align`], run with the two sequences swapped when `flip` (the caller's order of the two
/// says so) and turned back: removed and added trade places, and in each run of them the
/// removed come first, as [`align`] writes them.
pub(crate) fn align_oriented(
    n: usize,
    m: usize,
    same: impl Fn(usize, usize) -> bool,
    class: impl Fn(usize, usize) -> bool,
    cap: usize,
    flip: bool,
) -> Vec<Step> {
    if !flip {
        return align(n, m, same, class, cap);
    }
    let swapped = align(m, n, |j, i| same(i, j), |j, i| class(i, j), cap);
    let mut steps = Vec::with_capacity(swapped.len());
    // The removed and added of the run being turned back, until the next pair.
    let mut removed: Vec<Step> = Vec::new();
    let mut added: Vec<Step> = Vec::new();
    for step in swapped {
        match step {
            Step::Removed(j) => added.push(Step::Added(j)),
            Step::Added(i) => removed.push(Step::Removed(i)),
            Step::Equal(j, i) | Step::Paired(j, i) => {
                steps.append(&mut removed);
                steps.append(&mut added);
                steps.push(match step {
                    Step::Equal(..) => Step::Equal(i, j),
                    _ => Step::Paired(i, j),
                });
            }
        }
    }
    steps.append(&mut removed);
    steps.append(&mut added);
    steps
}

/// The pairs of a longest common subsequence of `a[xs]` and `b[ys]` (indices into the whole
/// sequences): the common prefix and suffix, and between them what Myers finds within `cap`
/// edits (nothing beyond).
fn lcs(
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    same: &impl Fn(usize, usize) -> bool,
    cap: usize,
) -> Vec<(usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (xs.start, ys.start, xs.end, ys.end);
    let mut pairs = Vec::new();
    while x0 < x1 && y0 < y1 && same(x0, y0) {
        pairs.push((x0, y0));
        (x0, y0) = (x0 + 1, y0 + 1);
    }
    let mut suffix = Vec::new();
    while x1 > x0 && y1 > y0 && same(x1 - 1, y1 - 1) {
        (x1, y1) = (x1 - 1, y1 - 1);
        suffix.push((x1, y1));
    }
    let middle = |x: usize, y: usize| same(x0 + x, y0 + y);
    if let Some(found) = myers(x1 - x0, y1 - y0, &middle, cap) {
        pairs.extend(found.into_iter().map(|(x, y)| (x0 + x, y0 + y)));
    }
    pairs.extend(suffix.into_iter().rev());
    pairs
}

/// Pairs the leftovers `a[xs]` and `b[ys]` between two matches by class, in order.
fn pair_gap(
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    class: &impl Fn(usize, usize) -> bool,
    cap: usize,
    steps: &mut Vec<Step>,
) {
    if xs.is_empty() || ys.is_empty() {
        steps.extend(xs.map(Step::Removed));
        steps.extend(ys.map(Step::Added));
        return;
    }
    let (n, m) = (xs.len(), ys.len());
    let (x0, y0) = (xs.start, ys.start);
    let by_class = |x: usize, y: usize| class(x0 + x, y0 + y);
    let pairs = match myers(n, m, &by_class, cap) {
        Some(pairs) => pairs,
        // Too many edits even by class: position by position, where the classes agree.
        None => (0..n.min(m))
            .filter(|&t| by_class(t, t))
            .map(|t| (t, t))
            .collect(),
    };
    let (mut i, mut j) = (0, 0);
    for (x, y) in pairs {
        steps.extend((i..x).map(|i| Step::Removed(x0 + i)));
        steps.extend((j..y).map(|j| Step::Added(y0 + j)));
        steps.push(Step::Paired(x0 + x, y0 + y));
        (i, j) = (x + 1, y + 1);
    }
    steps.extend((i..n).map(|i| Step::Removed(x0 + i)));
    steps.extend((j..m).map(|j| Step::Added(y0 + j)));
}

/// Myers' greedy shortest edit script of `a[0..n]` into `b[0..m]` (`same(x, y)` compares
/// `a[x]` with `b[y]`): the matched pairs in order, or `None` when more than `cap` edits are
/// needed. Time O((n+m)·D), memory O(D²) for the furthest points of each round, D ≤ `cap`.
fn myers(
    n: usize,
    m: usize,
    same: &impl Fn(usize, usize) -> bool,
    cap: usize,
) -> Option<Vec<(usize, usize)>> {
    // rounds[d][w] is the furthest x reached with d edits on diagonal x - y = w - d
    // (UNREACHED when no path of d edits ends there inside the grid).
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    for d in 0..=cap.min(n + m) {
        let mut round = Vec::with_capacity(2 * d + 1);
        for w in 0..=2 * d {
            let start = match rounds.last() {
                None => Some((0, 0)),
                Some(prev) => edit(prev, w, d, n, m).map(|(_, x, y)| (x, y)),
            };
            let Some((mut x, mut y)) = start else {
                round.push(UNREACHED);
                continue;
            };
            while x < n && y < m && same(x, y) {
                (x, y) = (x + 1, y + 1);
            }
            round.push(x);
            if x == n && y == m {
                rounds.push(round);
                return Some(walk_back(&rounds, n, m));
            }
        }
        rounds.push(round);
    }
    None
}

/// A diagonal no path of this round's number of edits reaches.
const UNREACHED: usize = usize::MAX;

/// The edit that reaches diagonal `w - d` in round `d` from the previous round's furthest
/// points `prev`: whether it is a step down (an element of `b` added; else one of `a`
/// removed), and the point it leads to. Only points inside the grid count, and the one with
/// the larger x wins (down on a tie), as in Myers' paper.
fn edit(prev: &[usize], w: usize, d: usize, n: usize, m: usize) -> Option<(bool, usize, usize)> {
    // Diagonal w - d + 1 was prev[w]; diagonal w - d - 1 was prev[w - 2].
    let y_of = |x: usize| (x + d).checked_sub(w);
    let down = prev
        .get(w)
        .filter(|&&x| x != UNREACHED)
        .and_then(|&x| Some((true, x, y_of(x)?)))
        .filter(|&(_, _, y)| y <= m);
    let right = w
        .checked_sub(2)
        .and_then(|i| prev.get(i))
        .filter(|&&x| x != UNREACHED)
        .and_then(|&x| Some((false, x + 1, y_of(x + 1)?)))
        .filter(|&(_, x, _)| x <= n);
    match (down, right) {
        (Some(down), Some(right)) => Some(if down.1 >= right.1 { down } else { right }),
        (down, right) => down.or(right),
    }
}

/// The matched pairs of the path Myers found, from the furthest points of each round.
fn walk_back(rounds: &[Vec<usize>], n: usize, m: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..rounds.len()).rev() {
        let w = x + d - y;
        let Some((down, x0, y0)) = edit(&rounds[d - 1], w, d, n, m) else {
            break;
        };
        while x > x0 && y > y0 {
            (x, y) = (x - 1, y - 1);
            pairs.push((x, y));
        }
        (x, y) = if down { (x0, y0 - 1) } else { (x0 - 1, y0) };
    }
    while x > 0 && y > 0 {
        (x, y) = (x - 1, y - 1);
        pairs.push((x, y));
    }
    pairs.reverse();
    pairs
}

#[cfg(test)]
mod tests;
