//! The bounded LCS: longest, in order, mirrored, capped.

use super::*;

fn run(a: &str, b: &str, cap: usize) -> Vec<Step> {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let class = |i: usize, j: usize| a[i].is_uppercase() == b[j].is_uppercase();
    align(a.len(), b.len(), |i, j| a[i] == b[j], class, cap)
}

/// The common subsequence an alignment found, as text of `a`.
fn common(a: &str, steps: &[Step]) -> String {
    let a: Vec<char> = a.chars().collect();
    steps
        .iter()
        .filter_map(|step| match step {
            Step::Equal(i, _) => Some(a[*i]),
            _ => None,
        })
        .collect()
}

#[test]
fn finds_a_longest_common_subsequence() {
    for (a, b, lcs) in [
        ("abcabba", "cbabac", 4),
        ("", "", 0),
        ("abc", "", 0),
        ("", "abc", 0),
        ("abc", "abc", 3),
        ("abcdef", "abXdef", 5),
        ("xaxbxc", "abc", 3),
        ("abc", "xaxbxcx", 3),
        ("kitten", "sitting", 4),
    ] {
        let steps = run(a, b, 256);
        assert_eq!(
            common(a, &steps).chars().count(),
            lcs,
            "{a} / {b}: {steps:?}"
        );
        // Every element of each side appears exactly once, in order.
        let (mut i, mut j) = (0, 0);
        for step in &steps {
            match *step {
                Step::Equal(x, y) | Step::Paired(x, y) => {
                    assert_eq!((x, y), (i, j), "{a} / {b}: {steps:?}");
                    (i, j) = (i + 1, j + 1);
                }
                Step::Removed(x) => (assert_eq!(x, i), i += 1).1,
                Step::Added(y) => (assert_eq!(y, j), j += 1).1,
            }
        }
        assert_eq!((i, j), (a.chars().count(), b.chars().count()));
    }
}

/// The mirror of an alignment: A and B swapped.
fn mirrored(steps: &[Step]) -> Vec<Step> {
    steps
        .iter()
        .map(|step| match *step {
            Step::Equal(i, j) => Step::Equal(j, i),
            Step::Paired(i, j) => Step::Paired(j, i),
            Step::Removed(i) => Step::Added(i),
            Step::Added(j) => Step::Removed(j),
        })
        .collect()
}

#[test]
fn oriented_alignments_mirror_each_other() {
    for (a, b) in [
        ("abcabba", "cbabac"),
        ("xAbC", "AxCb"),
        ("aaa", "a"),
        ("ab", "ba"),
    ] {
        let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let flip = ca > cb;
        let forward = align_oriented(
            ca.len(),
            cb.len(),
            |i, j| ca[i] == cb[j],
            |i, j| ca[i].is_uppercase() == cb[j].is_uppercase(),
            256,
            flip,
        );
        let backward = align_oriented(
            cb.len(),
            ca.len(),
            |i, j| cb[i] == ca[j],
            |i, j| cb[i].is_uppercase() == ca[j].is_uppercase(),
            256,
            !flip,
        );
        assert_eq!(
            normalised(&forward),
            normalised(&mirrored(&backward)),
            "{a} / {b}"
        );
    }
}

/// Removed before added in every run between pairs.
fn normalised(steps: &[Step]) -> Vec<Step> {
    let mut out = Vec::new();
    let (mut removed, mut added) = (Vec::new(), Vec::new());
    for &step in steps {
        match step {
            Step::Removed(_) => removed.push(step),
            Step::Added(_) => added.push(step),
            _ => {
                out.append(&mut removed);
                out.append(&mut added);
                out.push(step);
            }
        }
    }
    out.append(&mut removed);
    out.append(&mut added);
    out
}

#[test]
fn leftovers_pair_by_class() {
    // `b` and `X` are lowercase/uppercase: `b` → `x` pairs, `X` is added.
    assert_eq!(
        run("abc", "axXc", 256),
        [
            Step::Equal(0, 0),
            Step::Paired(1, 1),
            Step::Added(2),
            Step::Equal(2, 3)
        ]
    );
}

#[test]
fn beyond_the_cap_nothing_in_the_middle_matches() {
    // Prefix `a` and suffix `z` still match; the middle needs 6 edits, more than 2.
    let steps = run("abcdz", "adcbz", 2);
    assert_eq!(common("abcdz", &steps), "az");
    assert_eq!(
        steps,
        [
            Step::Equal(0, 0),
            Step::Paired(1, 1),
            Step::Paired(2, 2),
            Step::Paired(3, 3),
            Step::Equal(4, 4)
        ]
    );
    // Within the cap, the same input finds a longer common part.
    assert_eq!(common("abcdz", &run("abcdz", "adcbz", 256)).len(), 3);
}

/// The length of a longest common subsequence, by the quadratic table.
fn lcs_length(a: &[u8], b: &[u8]) -> usize {
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            table[i][j] = if a[i - 1] == b[j - 1] {
                table[i - 1][j - 1] + 1
            } else {
                table[i - 1][j].max(table[i][j - 1])
            };
        }
    }
    table[a.len()][b.len()]
}

#[test]
fn within_the_cap_the_subsequence_is_a_longest_one() {
    // xorshift: the same cases everywhere.
    let mut state = 0x9e37_79b9_u64;
    let mut next = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    for _ in 0..2_000 {
        let mut word =
            |len: u64| -> Vec<u8> { (0..next(len)).map(|_| b'a' + next(3) as u8).collect() };
        let (a, b) = (word(14), word(14));
        let steps = align(a.len(), b.len(), |i, j| a[i] == b[j], |_, _| false, 256);
        let equal = steps
            .iter()
            .filter(|s| matches!(s, Step::Equal(..)))
            .count();
        assert_eq!(equal, lcs_length(&a, &b), "{a:?} / {b:?}");
        for step in &steps {
            if let Step::Equal(i, j) = *step {
                assert_eq!(a[i], b[j]);
            }
        }
    }
}
