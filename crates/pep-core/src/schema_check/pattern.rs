//! A small regular-expression engine for `pattern`: the common subset of ECMA-262 syntax,
//! matched by a Pike VM (a Thompson NFA simulated with a set of states).
//!
//! Why not the `regex` crate: it would add hundreds of KB to the wasm build, for patterns that
//! in tool schemas are nearly always `^[a-z_]+$`-like. Why not backtracking: a tool call's
//! arguments are untrusted input, and `(a*)*b` must not take exponential time; here matching
//! costs at most O(text length × program size).
//!
//! Supported: literals, escapes (`\d \w \s \D \W \S`, `\n \t \r \f \v \0 \xHH \uHHHH`, escaped
//! punctuation), `.`, classes `[a-z0-9_]` and `[^…]`, anchors `^ $`, groups `( )` and `(?: )`,
//! alternation `|`, quantifiers `* + ? {n} {n,} {n,m}` (lazy forms match the same texts).
//! Anything else (lookaround, backreferences, `\b`, `\p{…}`, named groups, inline flags,
//! Annex B oddities like a lone `{` or `]`) is refused, so the caller reports the pattern as
//! unchecked instead of guessing what it means. Characters are Unicode scalar values, as in
//! ECMA-262 with the `u` flag.

mod program;
#[cfg(test)]
mod tests;

use std::iter::Peekable;
use std::str::Chars;

use program::{Program, size};

/// The largest count a `{n,m}` may have; larger ones could not fit the program anyway.
const MAX_COUNT: u32 = 10_000;

/// How deeply groups may nest, so parsing and compiling recurse a bounded number of times.
const MAX_DEPTH: usize = 64;

/// The largest scalar value, for complementing classes.
const MAX_CHAR: u32 = 0x10_FFFF;

/// `\d`, `\w` and `\s` as sorted scalar-value ranges (`\s` is ECMA-262's WhiteSpace and
/// LineTerminator).
const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
const SPACE: &[(u32, u32)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];

/// A compiled `pattern`.
#[derive(Debug)]
pub(super) struct Regex {
    program: Program,
}

impl Regex {
    /// Compiles `pattern` into at most `limit` instructions; `None` when the pattern is
    /// malformed, outside the supported subset, or too large.
    pub(super) fn new(pattern: &str, limit: usize) -> Option<Regex> {
        let mut parser = Parser {
            chars: pattern.chars().peekable(),
            classes: Vec::new(),
            depth: 0,
        };
        let ast = parser.alternation().ok()?;
        if parser.chars.next().is_some() {
            return None; // an unopened `)`
        }
        // One more instruction for the final match.
        if size(&ast).saturating_add(1) > limit {
            return None;
        }
        Some(Regex {
            program: Program::compile(&ast, parser.classes),
        })
    }

    /// The number of instructions, which bounds the work per character of text.
    pub(super) fn len(&self) -> usize {
        self.program.len()
    }

    /// Whether the pattern matches somewhere in `text` (patterns are not implicitly anchored).
    pub(super) fn is_match(&self, text: &str) -> bool {
        self.program.is_match(text)
    }
}

/// A parsed pattern.
#[derive(Debug)]
enum Ast {
    Empty,
    Char(char),
    /// `.`: any character but a line terminator.
    Any,
    /// A class, by its index in the parser's list of ranges.
    Class(usize),
    Start,
    End,
    Concat(Vec<Ast>),
    Alt(Vec<Ast>),
    Repeat {
        item: Box<Ast>,
        min: u32,
        max: Option<u32>,
    },
}

/// Why a pattern is not compiled: malformed or outside the subset, which the caller treats
/// alike.
struct Unsupported;

type Parsed<T> = Result<T, Unsupported>;

/// A character class. The ranges stay in the order written: classes are short, and a scan
/// needs no sorting code in the wasm build.
#[derive(Debug)]
struct Class {
    ranges: Vec<(u32, u32)>,
    negated: bool,
}

impl Class {
    fn contains(&self, c: char) -> bool {
        let c = u32::from(c);
        self.ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != self.negated
    }
}

/// One member of a class: a character (which may start a range) or a set such as `\d`.
enum Member {
    Char(char),
    Set(Vec<(u32, u32)>),
}

struct Parser<'p> {
    chars: Peekable<Chars<'p>>,
    classes: Vec<Class>,
    depth: usize,
}

impl Parser<'_> {
    fn eat(&mut self, wanted: char) -> bool {
        self.chars.next_if_eq(&wanted).is_some()
    }

    fn alternation(&mut self) -> Parsed<Ast> {
        let mut branches = vec![self.concat()?];
        while self.eat('|') {
            branches.push(self.concat()?);
        }
        Ok(match branches.pop() {
            Some(only) if branches.is_empty() => only,
            Some(last) => {
                branches.push(last);
                Ast::Alt(branches)
            }
            None => Ast::Empty,
        })
    }

    fn concat(&mut self) -> Parsed<Ast> {
        let mut items = Vec::new();
        while let Some(&next) = self.chars.peek()
            && next != '|'
            && next != ')'
        {
            let atom = self.atom()?;
            // Empty items are dropped, so only `Ast::Empty` compiles to nothing (see
            // `quantified`).
            match self.quantified(atom)? {
                Ast::Empty => {}
                item => items.push(item),
            }
        }
        Ok(match items.pop() {
            Some(only) if items.is_empty() => only,
            Some(last) => {
                items.push(last);
                Ast::Concat(items)
            }
            None => Ast::Empty,
        })
    }

    fn atom(&mut self) -> Parsed<Ast> {
        match self.chars.next().ok_or(Unsupported)? {
            '^' => Ok(Ast::Start),
            '$' => Ok(Ast::End),
            '.' => Ok(Ast::Any),
            '(' => self.group(),
            '[' => self.class(),
            '\\' => match self.member_escape(false)? {
                Member::Char(c) => Ok(Ast::Char(c)),
                Member::Set(set) => Ok(self.add_class(set, false)),
            },
            // Nothing to repeat, or an Annex B literal we do not guess at.
            '*' | '+' | '?' | '{' | '}' | ']' | ')' => Err(Unsupported),
            c => Ok(Ast::Char(c)),
        }
    }

    fn group(&mut self) -> Parsed<Ast> {
        // Only `(?:` of the `(?…` forms: the others are lookarounds and named groups.
        if self.eat('?') && !self.eat(':') {
            return Err(Unsupported);
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Unsupported);
        }
        let inner = self.alternation()?;
        self.depth -= 1;
        if self.eat(')') {
            Ok(inner)
        } else {
            Err(Unsupported)
        }
    }

    fn quantified(&mut self, atom: Ast) -> Parsed<Ast> {
        let (min, max) = match self.chars.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => (0, Some(0)),
            _ => return Ok(atom),
        };
        let (min, max) = if self.eat('{') {
            self.counts()?
        } else {
            self.chars.next();
            (min, max)
        };
        // Assertions cannot be repeated in ECMA-262 (without Annex B).
        if matches!(atom, Ast::Start | Ast::End) {
            return Err(Unsupported);
        }
        self.eat('?'); // lazy: the same texts match
        if matches!(self.chars.peek(), Some('*' | '+' | '?' | '{')) {
            return Err(Unsupported);
        }
        Ok(match atom {
            // Repeating nothing, or repeating zero times, is nothing: a repetition of
            // something that compiles to no instructions would cost compile time per copy
            // without counting against the size limit (`((a{0}){9999}){9999}`).
            _ if max == Some(0) => Ast::Empty,
            Ast::Empty => Ast::Empty,
            item => Ast::Repeat {
                item: Box::new(item),
                min,
                max,
            },
        })
    }

    /// The `n}`, `n,}` or `n,m}` after a `{`.
    fn counts(&mut self) -> Parsed<(u32, Option<u32>)> {
        let min = self.number().ok_or(Unsupported)?;
        let max = if self.eat(',') {
            match self.number() {
                Some(max) if max < min => return Err(Unsupported),
                other => other,
            }
        } else {
            Some(min)
        };
        if self.eat('}') {
            Ok((min, max))
        } else {
            Err(Unsupported)
        }
    }

    /// Decimal digits, `None` if there are none or the count is above [`MAX_COUNT`].
    fn number(&mut self) -> Option<u32> {
        let mut value: Option<u32> = None;
        while let Some(digit) = self.chars.peek().and_then(|c| c.to_digit(10)) {
            self.chars.next();
            value = Some(value.unwrap_or(0).saturating_mul(10).saturating_add(digit));
        }
        value.filter(|&count| count <= MAX_COUNT)
    }

    fn class(&mut self) -> Parsed<Ast> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        loop {
            let member = match self.chars.next().ok_or(Unsupported)? {
                ']' => break,
                '\\' => self.member_escape(true)?,
                c => Member::Char(c),
            };
            // A `-` just before `]` is a literal; between two characters it makes a range.
            let dash = self.chars.peek() == Some(&'-');
            if dash {
                self.chars.next();
            }
            let range_end = dash && self.chars.peek() != Some(&']');
            match member {
                Member::Char(first) if range_end => {
                    let last = match self.chars.next().ok_or(Unsupported)? {
                        '\\' => self.member_escape(true)?,
                        c => Member::Char(c),
                    };
                    match last {
                        Member::Char(last) if first <= last => {
                            ranges.push((u32::from(first), u32::from(last)));
                        }
                        _ => return Err(Unsupported),
                    }
                }
                // `[\d-z]`: an Annex B literal dash.
                Member::Set(_) if range_end => return Err(Unsupported),
                Member::Char(c) => ranges.push((u32::from(c), u32::from(c))),
                Member::Set(set) => ranges.extend(set),
            }
            if dash && !range_end {
                ranges.push((u32::from('-'), u32::from('-')));
            }
        }
        Ok(self.add_class(ranges, negated))
    }

    /// What follows a `\`, in a class or not.
    fn member_escape(&mut self, in_class: bool) -> Parsed<Member> {
        let c = self.chars.next().ok_or(Unsupported)?;
        let set = match c {
            'd' => DIGIT.to_vec(),
            'D' => complement(DIGIT),
            'w' => WORD.to_vec(),
            'W' => complement(WORD),
            's' => SPACE.to_vec(),
            'S' => complement(SPACE),
            _ => return self.char_escape(c, in_class).map(Member::Char),
        };
        Ok(Member::Set(set))
    }

    fn char_escape(&mut self, c: char, in_class: bool) -> Parsed<char> {
        Ok(match c {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'f' => '\u{C}',
            'v' => '\u{B}',
            // `\b` is a backspace in a class, a word boundary (unsupported) outside.
            'b' if in_class => '\u{8}',
            // `\01` would be an octal escape (Annex B).
            '0' if !self.chars.peek().is_some_and(char::is_ascii_digit) => '\0',
            'x' => self.hex(2)?,
            'u' => self.hex(4)?,
            c if c.is_ascii_punctuation() => c,
            // Backreferences, `\b`, `\B`, `\p{…}`, `\k<…>`, `\cX` and identity escapes of
            // letters.
            _ => return Err(Unsupported),
        })
    }

    /// Exactly `digits` hex digits, as a scalar value (lone surrogates are refused).
    fn hex(&mut self, digits: usize) -> Parsed<char> {
        let mut value = 0;
        for _ in 0..digits {
            let digit = self.chars.next().and_then(|c| c.to_digit(16));
            value = value * 16 + digit.ok_or(Unsupported)?;
        }
        char::from_u32(value).ok_or(Unsupported)
    }

    fn add_class(&mut self, ranges: Vec<(u32, u32)>, negated: bool) -> Ast {
        self.classes.push(Class { ranges, negated });
        Ast::Class(self.classes.len() - 1)
    }
}

/// Every scalar value not in `ranges` (sorted and disjoint: one of the constants above).
fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(ranges.len() + 1);
    let mut next = 0;
    for &(lo, hi) in ranges {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= MAX_CHAR {
        out.push((next, MAX_CHAR));
    }
    out
}
