//! The word-level diff of a changed text (DECISIONS §13).
//!
//! A text is cut into tokens — a run of whitespace, a run of letters and digits, or any other
//! single character (a punctuation mark, and each Han, kana or Hangul character, since those
//! scripts put no spaces between words) — and the two token lists are aligned by the same
//! bounded LCS as messages ([`super::align`]): linear in the texts, at most `cap` edits. A
//! change that needs more is shown as the whole differing middle removed and added.
//!
//! A short identical run between two changes (a space, a shared character of two rewritten
//! sentences) is folded into them, as diff-match-patch's semantic cleanup does: a run no
//! longer than the change on either side of it reads better as part of one change.

use super::align::{Step, align_oriented};
use super::{Op, WordOp};

/// The word-level diff of `a` into `b`, adjacent tokens of one op joined, with at most `cap`
/// edits looked for.
pub(crate) fn diff_words(a: &str, b: &str, cap: usize) -> Vec<WordOp> {
    let (ta, tb) = (tokens(a), tokens(b));
    let steps = align_oriented(
        ta.len(),
        tb.len(),
        |i, j| ta[i] == tb[j],
        // Leftover tokens are never "changed": a word is removed and another added.
        |_, _| false,
        cap,
        ta > tb,
    );
    let mut ops = Ops::default();
    for step in steps {
        match step {
            Step::Equal(i, _) => ops.push(Op::Same, ta[i]),
            Step::Removed(i) => ops.push(Op::Removed, ta[i]),
            Step::Added(j) => ops.push(Op::Added, tb[j]),
            // Not made: the class says no pair.
            Step::Paired(i, j) => {
                ops.push(Op::Removed, ta[i]);
                ops.push(Op::Added, tb[j]);
            }
        }
    }
    cleanup(ops.finish())
}

/// The ops being collected: a run of removed tokens and a run of added ones are each kept
/// whole, the removed run first, until the next same token.
#[derive(Default)]
struct Ops {
    done: Vec<WordOp>,
    removed: String,
    added: String,
}

impl Ops {
    fn push(&mut self, op: Op, token: &str) {
        match op {
            Op::Removed => self.removed.push_str(token),
            Op::Added => self.added.push_str(token),
            Op::Same => {
                self.flush();
                match self.done.last_mut() {
                    Some(last) if last.op == Op::Same => last.text.push_str(token),
                    _ => self.done.push(WordOp {
                        op: Op::Same,
                        text: token.to_owned(),
                    }),
                }
            }
        }
    }

    fn flush(&mut self) {
        for (op, text) in [
            (Op::Removed, std::mem::take(&mut self.removed)),
            (Op::Added, std::mem::take(&mut self.added)),
        ] {
            if !text.is_empty() {
                self.done.push(WordOp { op, text });
            }
        }
    }

    fn finish(mut self) -> Vec<WordOp> {
        self.flush();
        self.done
    }
}

/// Folds each identical run between two changes into them when it is no longer (in
/// characters) than the larger side of the change before it and of the one after it. One
/// pass: a change grows by appending, so the work stays linear.
fn cleanup(ops: Vec<WordOp>) -> Vec<WordOp> {
    /// A run of ops: one identical text, or what is removed and added between two.
    enum Run {
        Same(String),
        Edit { removed: String, added: String },
    }
    let size = |text: &str| text.chars().count();
    let mut runs: Vec<Run> = Vec::new();
    for op in ops {
        match (op.op, runs.last_mut()) {
            (Op::Same, _) => runs.push(Run::Same(op.text)),
            (Op::Removed, Some(Run::Edit { removed, .. })) => removed.push_str(&op.text),
            (Op::Added, Some(Run::Edit { added, .. })) => added.push_str(&op.text),
            (Op::Removed, _) => runs.push(Run::Edit {
                removed: op.text,
                added: String::new(),
            }),
            (Op::Added, _) => runs.push(Run::Edit {
                removed: String::new(),
                added: op.text,
            }),
        }
    }
    let mut kept: Vec<Run> = Vec::with_capacity(runs.len());
    let mut pending = runs.into_iter().peekable();
    while let Some(run) = pending.next() {
        let fold = match (&run, kept.last(), pending.peek()) {
            (
                Run::Same(same),
                Some(Run::Edit {
                    removed: r0,
                    added: a0,
                }),
                Some(Run::Edit {
                    removed: r1,
                    added: a1,
                }),
            ) => {
                let n = size(same);
                n <= size(r0).max(size(a0)) && n <= size(r1).max(size(a1))
            }
            _ => false,
        };
        let (Run::Same(same), true, Some(Run::Edit { removed, added })) =
            (&run, fold, kept.last_mut())
        else {
            kept.push(run);
            continue;
        };
        removed.push_str(same);
        added.push_str(same);
        if let Some(Run::Edit {
            removed: r1,
            added: a1,
        }) = pending.next()
        {
            removed.push_str(&r1);
            added.push_str(&a1);
        }
    }
    let mut out = Vec::with_capacity(kept.len() * 2);
    for run in kept {
        match run {
            Run::Same(text) => out.push(WordOp { op: Op::Same, text }),
            Run::Edit { removed, added } => {
                for (op, text) in [(Op::Removed, removed), (Op::Added, added)] {
                    if !text.is_empty() {
                        out.push(WordOp { op, text });
                    }
                }
            }
        }
    }
    out
}

/// What a character is, for cutting tokens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Space,
    Word,
    /// A token of its own.
    Single,
}

fn class(c: char) -> Class {
    if c.is_whitespace() {
        Class::Space
    } else if is_cjk(c) {
        Class::Single
    } else if c.is_alphanumeric() || c == '_' {
        Class::Word
    } else {
        Class::Single
    }
}

/// Han, kana, Hangul and the CJK punctuation: scripts written without spaces between words.
fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x2E80..=0x2FFF
        | 0x3000..=0x30FF
        | 0x3100..=0x31FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF
        | 0xF900..=0xFAFF
        | 0xFF00..=0xFFEF
        | 0x20000..=0x3FFFF)
}

/// `text` cut into tokens that join back into it.
pub(crate) fn tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut start = 0;
    let mut current: Option<Class> = None;
    for (at, c) in text.char_indices() {
        let next = class(c);
        let joins = current == Some(next) && next != Class::Single;
        if !joins && at > start {
            tokens.push(&text[start..at]);
            start = at;
        }
        current = Some(next);
    }
    if start < text.len() {
        tokens.push(&text[start..]);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(ops: &[WordOp]) -> String {
        ops.iter()
            .map(|op| match op.op {
                Op::Same => op.text.clone(),
                Op::Removed => format!("[-{}-]", op.text),
                Op::Added => format!("{{+{}+}}", op.text),
            })
            .collect()
    }

    #[test]
    fn tokens_are_words_spaces_and_single_marks() {
        assert_eq!(
            tokens("Hello,  world_2 你好！"),
            ["Hello", ",", "  ", "world_2", " ", "你", "好", "！"]
        );
        assert_eq!(tokens(""), Vec::<&str>::new());
    }

    #[test]
    fn a_changed_word_is_removed_and_added() {
        let ops = diff_words("the cat sat", "the dog sat down", 256);
        assert_eq!(show(&ops), "the [-cat-]{+dog+} sat{+ down+}");
        assert_eq!(
            show(&diff_words("今天是周一", "今天是周二", 256)),
            "今天是周[-一-]{+二+}"
        );
    }

    #[test]
    fn short_runs_between_changes_fold_into_them() {
        assert_eq!(
            show(&diff_words("a b c", "x y z", 256)),
            "[-a b c-]{+x y z+}"
        );
        assert_eq!(
            show(&diff_words(
                "keep this one and that",
                "keep the other and those",
                256
            )),
            "keep [-this one and that-]{+the other and those+}"
        );
        // A run longer than the change on either side stays.
        assert_eq!(
            show(&diff_words("one two three four", "one 2 three 4", 256)),
            "one [-two-]{+2+} three [-four-]{+4+}"
        );
    }

    #[test]
    fn beyond_the_cap_the_middle_is_replaced_whole() {
        let ops = diff_words("a b c d e z", "a x y w v z", 4);
        assert_eq!(show(&ops), "a [-b c d e-]{+x y w v+} z");
    }
}
