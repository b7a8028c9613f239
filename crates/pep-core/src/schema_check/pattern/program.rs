//! The compiled form of a pattern and the Pike VM that runs it.
//!
//! The VM keeps the set of instructions the NFA can be at after each character; a state is
//! added at most once per position, so every character costs at most one visit per
//! instruction, whatever the pattern (no backtracking, no exponential blow-up).

use std::mem;

use super::{Ast, Class};

#[derive(Debug, Clone, Copy)]
enum Inst {
    Char(char),
    /// Any character but a line terminator (ECMA-262's `.`).
    Any,
    /// A character in the class with this index.
    Class(usize),
    /// `^`: only at the start of the text.
    Start,
    /// `$`: only at the end of the text.
    End,
    /// Continue at both instructions.
    Split(usize, usize),
    Jmp(usize),
    Match,
}

/// Instructions plus the classes they refer to (shared by the copies of a `{n,m}`).
#[derive(Debug)]
pub(super) struct Program {
    insts: Vec<Inst>,
    classes: Vec<Class>,
    /// Whether every match must start at the start of the text (the program begins with
    /// `^`), so the search can stop once no thread is alive.
    anchored: bool,
}

impl Program {
    /// Compiles `ast` (whose size the caller has checked).
    pub(super) fn compile(ast: &Ast, classes: Vec<Class>) -> Program {
        let mut insts = Vec::new();
        emit(ast, &mut insts);
        insts.push(Inst::Match);
        let anchored = matches!(insts.first(), Some(Inst::Start));
        Program {
            insts,
            classes,
            anchored,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.insts.len()
    }

    /// Whether the program matches a substring of `text`.
    pub(super) fn is_match(&self, text: &str) -> bool {
        let mut current = Threads::new(self.insts.len());
        let mut next = Threads::new(self.insts.len());
        let mut stack = Vec::new();
        if self.follow(&mut current, 0, true, text.is_empty(), &mut stack) {
            return true;
        }
        for (at, c) in text.char_indices() {
            let at_end = at + c.len_utf8() >= text.len();
            next.clear();
            for &pc in &current.pcs {
                if self.consumes(pc, c) && self.follow(&mut next, pc + 1, false, at_end, &mut stack)
                {
                    return true;
                }
            }
            // The search is unanchored: a match may also start after this character.
            if !self.anchored && self.follow(&mut next, 0, false, at_end, &mut stack) {
                return true;
            }
            mem::swap(&mut current, &mut next);
            if self.anchored && current.pcs.is_empty() {
                return false;
            }
        }
        false
    }

    /// Whether the instruction at `pc` accepts `c`.
    fn consumes(&self, pc: usize, c: char) -> bool {
        match self.insts.get(pc) {
            Some(Inst::Char(wanted)) => *wanted == c,
            Some(Inst::Any) => !matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}'),
            Some(Inst::Class(class)) => self
                .classes
                .get(*class)
                .is_some_and(|class| class.contains(c)),
            _ => false,
        }
    }

    /// Adds `pc` and every state reachable from it without reading a character to `list`;
    /// `true` as soon as the match state is reached. An explicit stack, not recursion, so a
    /// program of ten thousand splits cannot overflow the (small, in wasm) call stack.
    fn follow(
        &self,
        list: &mut Threads,
        pc: usize,
        at_start: bool,
        at_end: bool,
        stack: &mut Vec<usize>,
    ) -> bool {
        stack.clear();
        stack.push(pc);
        while let Some(pc) = stack.pop() {
            if !list.insert(pc) {
                continue;
            }
            match self.insts.get(pc) {
                Some(Inst::Match) => return true,
                Some(Inst::Jmp(to)) => stack.push(*to),
                Some(Inst::Split(first, second)) => {
                    stack.push(*second);
                    stack.push(*first);
                }
                Some(Inst::Start) if at_start => stack.push(pc + 1),
                Some(Inst::End) if at_end => stack.push(pc + 1),
                _ => {}
            }
        }
        false
    }
}

/// A set of program counters with insertion order, cleared in time proportional to its size.
struct Threads {
    pcs: Vec<usize>,
    present: Vec<bool>,
}

impl Threads {
    fn new(len: usize) -> Threads {
        Threads {
            pcs: Vec::new(),
            present: vec![false; len],
        }
    }

    /// Adds `pc`; `false` if it was already there (or is not an instruction).
    fn insert(&mut self, pc: usize) -> bool {
        match self.present.get_mut(pc) {
            Some(present) if !*present => {
                *present = true;
                self.pcs.push(pc);
                true
            }
            _ => false,
        }
    }

    fn clear(&mut self) {
        for &pc in &self.pcs {
            if let Some(present) = self.present.get_mut(pc) {
                *present = false;
            }
        }
        self.pcs.clear();
    }
}

/// How many instructions `ast` compiles to (saturating), checked before compiling so a
/// `(a{100}){100}` is refused without being expanded.
pub(super) fn size(ast: &Ast) -> usize {
    match ast {
        Ast::Empty => 0,
        Ast::Char(_) | Ast::Any | Ast::Class(_) | Ast::Start | Ast::End => 1,
        Ast::Concat(items) => items.iter().map(size).fold(0, usize::saturating_add),
        Ast::Alt(branches) => branches
            .iter()
            .map(size)
            .fold(0, usize::saturating_add)
            .saturating_add(branches.len().saturating_sub(1).saturating_mul(2)),
        Ast::Repeat { item, min, max } => {
            let item = size(item);
            let count = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
            let optional = match max {
                None => item.saturating_add(2),
                Some(max) => item
                    .saturating_add(1)
                    .saturating_mul(count(max.saturating_sub(*min))),
            };
            item.saturating_mul(count(*min)).saturating_add(optional)
        }
    }
}

/// Appends the instructions of `ast`.
fn emit(ast: &Ast, insts: &mut Vec<Inst>) {
    match ast {
        Ast::Empty => {}
        Ast::Char(c) => insts.push(Inst::Char(*c)),
        Ast::Any => insts.push(Inst::Any),
        Ast::Class(class) => insts.push(Inst::Class(*class)),
        Ast::Start => insts.push(Inst::Start),
        Ast::End => insts.push(Inst::End),
        Ast::Concat(items) => items.iter().for_each(|item| emit(item, insts)),
        Ast::Alt(branches) => emit_alternation(branches, insts),
        Ast::Repeat { item, min, max } => {
            for _ in 0..*min {
                emit(item, insts);
            }
            match max {
                None => {
                    // loop: split(body, out); body; jmp loop
                    let split = insts.len();
                    insts.push(Inst::Split(split + 1, 0));
                    emit(item, insts);
                    insts.push(Inst::Jmp(split));
                    let end = insts.len();
                    patch_second(insts, split, end);
                }
                Some(max) => {
                    // Each optional copy may be skipped, ending the repetition.
                    let mut splits = Vec::new();
                    for _ in *min..*max {
                        splits.push(insts.len());
                        insts.push(Inst::Split(insts.len() + 1, 0));
                        emit(item, insts);
                    }
                    let end = insts.len();
                    splits
                        .iter()
                        .for_each(|&split| patch_second(insts, split, end));
                }
            }
        }
    }
}

/// `a|b|c`: split(a, split(b, c)), each branch but the last jumping to the end.
fn emit_alternation(branches: &[Ast], insts: &mut Vec<Inst>) {
    let mut jumps = Vec::new();
    let (last, others) = match branches.split_last() {
        Some(parts) => parts,
        None => return,
    };
    for branch in others {
        let split = insts.len();
        insts.push(Inst::Split(split + 1, 0));
        emit(branch, insts);
        jumps.push(insts.len());
        insts.push(Inst::Jmp(0));
        let next = insts.len();
        patch_second(insts, split, next);
    }
    emit(last, insts);
    let end = insts.len();
    for jump in jumps {
        if let Some(inst) = insts.get_mut(jump) {
            *inst = Inst::Jmp(end);
        }
    }
}

/// Points the second branch of the split at `split` to `target`.
fn patch_second(insts: &mut [Inst], split: usize, target: usize) {
    if let Some(Inst::Split(_, second)) = insts.get_mut(split) {
        *second = target;
    }
}
