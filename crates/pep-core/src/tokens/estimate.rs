//! Token counting: the trait, and [`Estimate`], the estimator that ships in wasm.
//!
//! o200k_base first splits a text into pieces with a regular expression (a word with the space
//! or the one punctuation mark before it, a run of up to three digits, a run of punctuation,
//! a run of whitespace) and then encodes each piece on its own. [`Estimate`] walks the text
//! once, finds the same pieces with a one-character lookahead and prices each one from its
//! shape. The prices are in 1/32 token, integers only, and were fitted against exact
//! o200k_base counts of the demos, the fixtures and generated envelopes (with English,
//! Chinese, code and JSON documents of the repository as a check): see
//! `docs/context-budget.md`.

/// Counts the tokens of a text.
pub trait TokenCounter {
    /// The number of tokens `text` encodes to.
    fn count(&self, text: &str) -> usize;
}

/// A fast estimate of o200k_base token counts (GPT-4o, GPT-4.1, GPT-5, o-series) with no
/// vocabulary (its one table is 252 bytes): linear in the text, no allocation, integer
/// arithmetic, within 10% of the exact count on the whole requests of every demo and fixture
/// (single segments vary more). Every non-empty text counts at least 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Estimate;

impl TokenCounter for Estimate {
    fn count(&self, text: &str) -> usize {
        if text.is_empty() {
            return 0;
        }
        let mut scanner = Scanner {
            chars: text.chars(),
        };
        let cost = scanner.cost();
        usize::try_from((cost + ROUND) / UNIT)
            .unwrap_or(usize::MAX)
            .max(1)
    }
}

/// Prices, in 1/32 token.
const UNIT: u64 = 32;
/// A word (a run of letters).
const WORD: u64 = 32;
/// Each ASCII letter of a word beyond the first [`LONG_AFTER`].
const LONG: u64 = 8;
const LONG_AFTER: u64 = 7;
/// Each ASCII capital of a word beyond the first [`UPPER_AFTER`] (`HTTPSERVER`, base64).
const UPPER: u64 = 13;
const UPPER_AFTER: u64 = 3;
/// Each non-ASCII letter of a word (accents, Cyrillic, Greek…).
const OTHER_LETTER: u64 = 3;
/// A Han character; a pair of them that [`WORDS`] lists; a piece that has any.
const HAN: u64 = 28;
const HAN_WORD: u64 = 39;
const HAN_PIECE: u64 = 5;
/// A kana or Hangul character.
const KANA: u64 = 17;
/// A run of punctuation of one kind (ASCII, or CJK and general punctuation).
const PUNCT: u64 = 32;
/// Each mark of such a run beyond the first [`PUNCT_FREE`], unless it repeats the one before.
const PUNCT_MORE: u64 = 41;
const PUNCT_FREE: u64 = 4;
/// A mark that repeats the one before (`**`, `----`), up to the [`REPEAT_AFTER`]th of the run;
/// beyond, o200k_base has tokens for long runs (a line of 80 `-` is one).
const REPEAT: u64 = 11;
const REPEAT_LONG: u64 = 2;
const REPEAT_AFTER: u64 = 6;
/// An emoji or another symbol.
const SYMBOL: u64 = 55;
/// Added before dividing by [`UNIT`]: a little under half a token, rounding to nearest.
const ROUND: u64 = 11;

/// 63 frequent two-character Chinese words, each a single o200k_base token (chosen for how
/// common they are in Chinese generally, not from the calibration texts). In a Han run, such
/// a pair costs [`HAN_WORD`] instead of two [`HAN`]s. 252 bytes as [`PAIRS`].
const WORDS: &str = "你好 可以 什么 一个 我们 你的 没有 不是 这个 需要 如果 因为 所以 但是 已经 \
自己 他们 问题 时候 现在 知道 进行 使用 这些 那些 还是 就是 可能 应该 一些 很多 怎么 的话 帮助 以及 \
或者 然后 这样 因此 其他 通过 根据 包括 以下 关于 提供 内容 信息 时间 方法 工作 我的 他的 不会 不要 \
一下 一种 这种 非常 主要 重要 开始 结果";

/// Each word of [`WORDS`] as `first << 16 | second`, sorted.
pub(super) const PAIRS: [u32; (WORDS.len() + 1) / 7] = pairs();

/// [`PAIRS`], computed at compile time: every word is two 3-byte UTF-8 characters and a
/// space (the last one has none).
const fn pairs() -> [u32; (WORDS.len() + 1) / 7] {
    let bytes = WORDS.as_bytes();
    let mut out = [0u32; (WORDS.len() + 1) / 7];
    let mut i = 0;
    while i < out.len() {
        let at = i * 7;
        assert!(at + 6 == bytes.len() || bytes[at + 6] == b' ');
        out[i] = (utf8_3(bytes, at) << 16) | utf8_3(bytes, at + 3);
        // Insertion sort.
        let mut j = i;
        while j > 0 && out[j - 1] > out[j] {
            let swap = out[j - 1];
            out[j - 1] = out[j];
            out[j] = swap;
            j -= 1;
        }
        i += 1;
    }
    out
}

/// The character encoded in the three bytes at `at`.
const fn utf8_3(bytes: &[u8], at: usize) -> u32 {
    assert!(bytes[at] & 0xF0 == 0xE0);
    ((bytes[at] as u32 & 0x0F) << 12)
        | ((bytes[at + 1] as u32 & 0x3F) << 6)
        | (bytes[at + 2] as u32 & 0x3F)
}

fn is_word(first: char, second: char) -> bool {
    let key = (u32::from(first) << 16) | u32::from(second);
    PAIRS.binary_search(&key).is_ok()
}

/// What a character is to o200k_base's pre-tokenizer, roughly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// `A`–`Z`.
    Upper,
    /// `a`–`z`.
    Lower,
    /// Any other letter (non-ASCII, not Han, kana or Hangul).
    Letter,
    /// A CJK ideograph.
    Han,
    /// Hiragana, katakana, Hangul.
    Kana,
    /// `0`–`9`.
    Digit,
    /// `\n`, `\r`.
    Newline,
    /// Any other whitespace.
    Space,
    /// ASCII punctuation and control characters.
    Punct,
    /// Latin-1, general and CJK punctuation, fullwidth forms.
    Wide,
    /// Emoji and other symbols.
    Symbol,
}

impl Class {
    fn of(c: char) -> Class {
        match c {
            'A'..='Z' => Class::Upper,
            'a'..='z' => Class::Lower,
            '0'..='9' => Class::Digit,
            '\n' | '\r' => Class::Newline,
            ' ' | '\t' | '\u{b}' | '\u{c}' => Class::Space,
            _ if c.is_ascii() => Class::Punct,
            _ => Class::non_ascii(c),
        }
    }

    /// By code point ranges: no Unicode tables (they would cost wasm size).
    fn non_ascii(c: char) -> Class {
        match u32::from(c) {
            0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3FFFF => Class::Han,
            0x1100..=0x11FF | 0x3040..=0x30FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Class::Kana,
            _ if c.is_whitespace() => Class::Space,
            0xA0..=0xBF | 0xD7 | 0xF7 | 0x2000..=0x206F | 0x3000..=0x303F | 0xFF00..=0xFFEF => {
                Class::Wide
            }
            0x2070..=0x2BFF | 0xE000..=0xF8FF | 0xFE00..=0xFE0F | 0x1F000..=0x1FAFF => {
                Class::Symbol
            }
            _ => Class::Letter,
        }
    }

    fn is_letter(self) -> bool {
        matches!(
            self,
            Class::Upper | Class::Lower | Class::Letter | Class::Han | Class::Kana
        )
    }

    fn is_punct(self) -> bool {
        matches!(self, Class::Punct | Class::Wide | Class::Symbol)
    }
}

/// One pass over a text, pricing each piece.
struct Scanner<'t> {
    chars: std::str::Chars<'t>,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<(char, Class)> {
        self.chars.clone().next().map(|c| (c, Class::of(c)))
    }

    /// The class of the character after the next one.
    fn peek_second(&self) -> Option<Class> {
        self.chars.clone().nth(1).map(Class::of)
    }

    /// The whole text's price.
    fn cost(&mut self) -> u64 {
        let mut cost = 0;
        while let Some((c, class)) = self.peek() {
            let second = self.peek_second();
            cost += if class.is_letter() {
                self.word()
            } else if class == Class::Digit {
                self.digits()
            } else if (class == Class::Space || class.is_punct())
                && second.is_some_and(Class::is_letter)
            {
                // A space or one mark before a word is part of the word's piece.
                self.chars.next();
                self.word()
            } else if class.is_punct() {
                self.punct()
            } else if c == ' ' && second.is_some_and(Class::is_punct) {
                self.chars.next();
                self.punct()
            } else {
                self.whitespace()
            };
        }
        cost
    }

    /// A run of letters, split where a capital follows a small letter (`camel|Case`).
    fn word(&mut self) -> u64 {
        let (mut ascii, mut upper, mut other) = (0u64, 0u64, 0u64);
        let (mut han, mut han_words, mut kana) = (0u64, 0u64, 0u64);
        let mut lower_seen = false;
        while let Some((c, class)) = self.peek() {
            match class {
                Class::Upper if lower_seen => break,
                Class::Upper => {
                    ascii += 1;
                    upper += 1;
                }
                Class::Lower => {
                    ascii += 1;
                    lower_seen = true;
                }
                Class::Letter => other += 1,
                Class::Han => {
                    lower_seen = true;
                    self.chars.next();
                    match self.chars.clone().next() {
                        Some(next) if is_word(c, next) => {
                            han_words += 1;
                            self.chars.next();
                        }
                        _ => han += 1,
                    }
                    continue;
                }
                Class::Kana => {
                    lower_seen = true;
                    kana += 1;
                }
                _ => break,
            }
            self.chars.next();
        }
        let mut cost = 0;
        if ascii + other > 0 {
            cost += WORD
                + ascii.saturating_sub(LONG_AFTER) * LONG
                + upper.saturating_sub(UPPER_AFTER) * UPPER
                + other * OTHER_LETTER;
        }
        if han + han_words + kana > 0 {
            cost += HAN_PIECE + han * HAN + han_words * HAN_WORD + kana * KANA;
        }
        cost
    }

    /// A run of digits: o200k_base writes up to three in a token.
    fn digits(&mut self) -> u64 {
        let mut digits = 0;
        while self.peek().is_some_and(|(_, class)| class == Class::Digit) {
            self.chars.next();
            digits += 1;
        }
        u64::div_ceil(digits, 3) * UNIT
    }

    /// A run of punctuation and symbols, with the line breaks right after it.
    fn punct(&mut self) -> u64 {
        let mut cost = 0;
        let mut kind = None;
        let mut length = 0;
        let mut previous = None;
        while let Some((c, class)) = self.peek().filter(|(_, class)| class.is_punct()) {
            self.chars.next();
            if class == Class::Symbol {
                cost += SYMBOL;
                kind = None;
                continue;
            }
            if kind != Some(class) {
                kind = Some(class);
                length = 0;
                previous = None;
                cost += PUNCT;
            }
            length += 1;
            if previous == Some(c) {
                cost += if length <= REPEAT_AFTER {
                    REPEAT
                } else {
                    REPEAT_LONG
                };
            } else if length > PUNCT_FREE {
                cost += PUNCT_MORE;
            }
            previous = Some(c);
        }
        while self
            .peek()
            .is_some_and(|(_, class)| class == Class::Newline)
        {
            self.chars.next();
        }
        cost
    }

    /// A run of whitespace: a token for the line breaks, one for the spaces after the last
    /// of them unless it is the single space that starts the next word.
    fn whitespace(&mut self) -> u64 {
        let (mut run, mut after_newline, mut newline) = (0, 0, false);
        while let Some((_, class)) = self
            .peek()
            .filter(|(_, class)| matches!(class, Class::Space | Class::Newline))
        {
            self.chars.next();
            run += 1;
            after_newline += 1;
            if class == Class::Newline {
                newline = true;
                after_newline = 0;
            }
        }
        let next_joins = self
            .peek()
            .is_some_and(|(_, class)| class.is_letter() || class.is_punct());
        let spaces = if newline { after_newline } else { run };
        let spaces_cost = if spaces == 0 || (spaces == 1 && next_joins) {
            0
        } else {
            UNIT
        };
        u64::from(newline) * UNIT + spaces_cost
    }
}
