//! What `serde_json` does not keep from the source text: object keys written twice (it keeps
//! the last value silently) and where exponent numbers are (it writes `1E5` as `1e+5`; the
//! spelling itself is put back by [`super::restore`]). One pass over the text finds both, plus
//! the byte spans of the top-level members and messages, for the streaming decoder.
//!
//! The scanner runs before serde_json has judged the text, so it is iterative (a document
//! nested 100,000 deep cannot overflow the stack), gives up beyond serde_json's nesting limit
//! (such text is rejected anyway), never panics, and costs time and memory linear in the text:
//! one set of keys per open object, borrowed from the text when the key has no escapes.

use std::borrow::Cow;
use std::collections::HashSet;

use super::lex;
use crate::cap::Cap;
use crate::issue::{EnvelopeProblem, Issue, Problem, Repeated};
use crate::path::{Place, SegmentRef, push_index, push_key};

/// Duplicate keys are listed one by one up to [`Cap::LIMIT`]; the rest are counted in one
/// summary warning, so that a document made of repeated keys cannot make the report (or its
/// paths) larger than itself. Listing stops early once the listed paths add up to this many bytes (deeply nested long
/// keys make long paths).
const MAX_LISTED_PATH_BYTES: usize = 1 << 20;

/// serde_json rejects text nested deeper than 127 levels; past this the facts cannot matter.
const MAX_DEPTH: usize = 128;

/// The byte range of one value in the text, and whether a number inside it has an exponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) has_exponent: bool,
}

/// Facts about the source text, gathered in document order.
#[derive(Debug, Default)]
pub(crate) struct SourceFacts {
    /// A warning for each key that repeats within its object (the first ones; see
    /// [`Cap::LIMIT`]), then one counting the rest.
    pub(crate) duplicate_keys: Vec<Issue>,
    /// Whether any number has an exponent.
    pub(crate) has_exponent: bool,
    /// The value of each member of the root object, in text order (repeated keys included).
    pub(crate) members: Vec<Span>,
    /// For each root member named `messages` whose value is an array: its index in
    /// [`Self::members`] and the span of each element.
    pub(crate) message_lists: Vec<(usize, Vec<Span>)>,
}

/// The keys of one open object: compared one by one while they are few (an envelope's
/// objects have a handful, and hashing each costs more than the comparisons), hashed beyond.
#[derive(Default)]
struct Keys<'t> {
    few: Vec<Cow<'t, str>>,
    many: HashSet<Cow<'t, str>>,
}

impl<'t> Keys<'t> {
    /// How many keys are compared one by one.
    const FEW: usize = 16;

    /// Adds `key`; false when the object has it already.
    fn insert(&mut self, key: Cow<'t, str>) -> bool {
        if self.many.is_empty() {
            if self.few.contains(&key) {
                return false;
            }
            if self.few.len() < Self::FEW {
                self.few.push(key);
                return true;
            }
            self.many.extend(self.few.drain(..));
        }
        self.many.insert(key)
    }
}

enum Frame<'t> {
    Object {
        keys: Keys<'t>,
        /// The key of the member being read, for paths.
        key: Cow<'t, str>,
        expect_key: bool,
        start: Start,
    },
    Array {
        index: usize,
        /// Whether this is the root's `messages` array.
        messages: bool,
        start: Start,
    },
}

/// Where a value began: its offset and the exponent count then.
#[derive(Clone, Copy)]
struct Start {
    at: usize,
    exponents: usize,
}

struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    stack: Vec<Frame<'t>>,
    exponents: usize,
    duplicates: Cap,
    listed_path_bytes: usize,
    facts: SourceFacts,
}

/// Scans `text`, which need not be valid JSON (the facts are then meaningless but harmless).
pub(crate) fn scan(text: &str) -> SourceFacts {
    let mut scanner = Scanner {
        text,
        bytes: text.as_bytes(),
        at: 0,
        stack: Vec::new(),
        exponents: 0,
        duplicates: Cap::new(Repeated::Key),
        listed_path_bytes: 0,
        facts: SourceFacts::default(),
    };
    scanner.run();
    let mut facts = scanner.facts;
    facts.has_exponent = scanner.exponents > 0;
    facts.duplicate_keys.extend(scanner.duplicates.summary("$"));
    facts
}

impl<'t> Scanner<'t> {
    fn run(&mut self) {
        while self.stack.len() <= MAX_DEPTH {
            self.at = lex::skip_space(self.bytes, self.at);
            let Some(&byte) = self.bytes.get(self.at) else {
                return;
            };
            let start = Start {
                at: self.at,
                exponents: self.exponents,
            };
            match byte {
                b'{' => {
                    self.at += 1;
                    self.stack.push(Frame::Object {
                        keys: Keys::default(),
                        key: Cow::Borrowed(""),
                        expect_key: true,
                        start,
                    });
                }
                b'[' => {
                    self.at += 1;
                    let messages = self.stack.len() == 1
                        && matches!(self.stack.last(), Some(Frame::Object { key, .. }) if key == "messages");
                    if messages {
                        let member = self.facts.members.len();
                        self.facts.message_lists.push((member, Vec::new()));
                    }
                    self.stack.push(Frame::Array {
                        index: 0,
                        messages,
                        start,
                    });
                }
                b'}' | b']' => {
                    self.at += 1;
                    if let Some(frame) = self.stack.pop() {
                        let (Frame::Object { start, .. } | Frame::Array { start, .. }) = frame;
                        self.value_done(start);
                    }
                }
                b',' => {
                    self.at += 1;
                    match self.stack.last_mut() {
                        Some(Frame::Object { expect_key, .. }) => *expect_key = true,
                        Some(Frame::Array { index, .. }) => *index += 1,
                        None => {}
                    }
                }
                b'"' => self.string(start),
                b'-' | b'0'..=b'9' => {
                    let end = lex::number_end(self.bytes, self.at);
                    if lex::has_exponent(&self.bytes[self.at..end]) {
                        self.exponents += 1;
                    }
                    self.at = end;
                    self.value_done(start);
                }
                b'a'..=b'z' => {
                    self.at = lex::literal_end(self.bytes, self.at);
                    self.value_done(start);
                }
                // ':' and anything serde_json will reject anyway.
                _ => self.at += 1,
            }
        }
    }

    fn string(&mut self, start: Start) {
        let (end, escaped) = lex::string_end(self.bytes, self.at);
        let is_key = matches!(
            self.stack.last(),
            Some(Frame::Object {
                expect_key: true,
                ..
            })
        );
        if is_key {
            let key = lex::string_text(self.text, self.at, end, escaped);
            self.at = end;
            self.key(key);
        } else {
            self.at = end;
            self.value_done(start);
        }
    }

    /// A member key of the innermost object.
    fn key(&mut self, new_key: Cow<'t, str>) {
        let Some(Frame::Object {
            keys,
            key,
            expect_key,
            ..
        }) = self.stack.last_mut()
        else {
            return;
        };
        *expect_key = false;
        let repeated = !keys.insert(new_key.clone());
        *key = new_key;
        if repeated {
            self.duplicate();
        }
    }

    fn duplicate(&mut self) {
        if self.listed_path_bytes >= MAX_LISTED_PATH_BYTES {
            self.duplicates.skip();
            return;
        }
        if !self.duplicates.admit() {
            return;
        }
        let path = self.path();
        self.listed_path_bytes += path.len();
        let key = match self.stack.last() {
            Some(Frame::Object { key, .. }) => key.clone().into_owned(),
            _ => String::new(),
        };
        let mut issue = Issue::new(
            path,
            Problem::Envelope(EnvelopeProblem::DuplicateKey { key }),
        );
        issue.place = self.place();
        self.facts.duplicate_keys.push(issue);
    }

    /// The message or segment of the envelope the member being read lies in.
    fn place(&self) -> Option<Place> {
        let [
            Frame::Object { key: root, .. },
            Frame::Array {
                index: message,
                messages: true,
                ..
            },
            rest @ ..,
        ] = self.stack.as_slice()
        else {
            return None;
        };
        if root != "messages" {
            return None;
        }
        match rest {
            [
                Frame::Object { key, .. },
                Frame::Array { index: segment, .. },
                ..,
            ] if key == "segments" => Some(Place::Segment(SegmentRef::new(*message, *segment))),
            _ => Some(Place::Message(*message)),
        }
    }

    /// The path of the member being read, spelled like every other issue path. Built
    /// iteratively: the stack may be far deeper than serde_json would accept.
    fn path(&self) -> String {
        let mut out = String::new();
        for frame in &self.stack {
            match frame {
                Frame::Object { key, .. } => push_key(&mut out, key),
                Frame::Array { index, .. } => push_index(&mut out, *index),
            }
        }
        if out.is_empty() {
            out.push('$');
        }
        out
    }

    /// A value that began at `start` ended at `self.at`: record it when it is a member of
    /// the root object or an element of the root's `messages` array.
    fn value_done(&mut self, start: Start) {
        let span = Span {
            start: start.at,
            end: self.at,
            has_exponent: self.exponents > start.exponents,
        };
        match self.stack.as_slice() {
            [Frame::Object { .. }] => self.facts.members.push(span),
            [_, Frame::Array { messages: true, .. }] => {
                if let Some((_, elements)) = self.facts.message_lists.last_mut() {
                    elements.push(span);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
