//! The pretty JSON writer every printer writes through: the text serde_json's pretty printer
//! makes (two spaces, `": "`, `{}` and `[]` when empty), written once, straight from the
//! lowering, with no JSON tree in between. While it writes it can count lines (so links say
//! which lines each node took, and views need not split the text again) and measure the
//! model-visible text (the context budget's request sizes).

use serde_json::{Map, Value};

use super::escape::{push_escaped, push_quoted};
use crate::tokens::{Size, TokenCounter};

/// Spaces for indenting; deeper levels write it more than once.
const SPACES: &str = "                                                                ";

/// A streaming writer hands its text to the sink, at a line's end, once it holds this much.
const FLUSH_AT: usize = 64 * 1024;

/// A JSON text being written.
pub(crate) struct Writer<'m> {
    out: String,
    /// Where the text goes as it is written, instead of being kept; none after a write error.
    sink: Option<&'m mut dyn std::io::Write>,
    /// Bytes handed to the sink so far.
    flushed: usize,
    /// For each open container, whether it has a member yet.
    open: Vec<bool>,
    /// Newlines written so far: the index of the line being written.
    line: u32,
    /// Where each line starts, when asked for.
    line_starts: Option<Vec<u32>>,
    /// The model-visible text measured so far, when asked for.
    measure: Option<(&'m dyn TokenCounter, Size)>,
    /// Above zero, strings are not measured (media blocks, `model`).
    muted: u32,
}

impl<'m> Writer<'m> {
    /// A writer; `lines` keeps line starts, `measure` counts the text strings with it.
    pub(crate) fn new(
        capacity: usize,
        lines: bool,
        measure: Option<&'m dyn TokenCounter>,
    ) -> Writer<'m> {
        Writer {
            out: String::with_capacity(capacity),
            sink: None,
            flushed: 0,
            open: Vec::new(),
            line: 0,
            line_starts: lines.then(|| vec![0]),
            measure: measure.map(|counter| (counter, Size::default())),
            muted: 0,
        }
    }

    /// A writer that hands its text to `sink` as it goes, keeping only the last bit.
    pub(crate) fn streaming(sink: &'m mut dyn std::io::Write) -> Writer<'m> {
        let mut writer = Writer::new(FLUSH_AT + 4096, false, None);
        writer.sink = Some(sink);
        writer
    }

    /// Hands what is written so far to the sink, if there is one.
    fn flush(&mut self) {
        let Some(sink) = &mut self.sink else { return };
        if sink.write_all(self.out.as_bytes()).is_err() {
            self.sink = None;
            return;
        }
        self.flushed += self.out.len();
        self.out.clear();
    }

    /// The index of the line being written.
    pub(crate) fn line(&self) -> u32 {
        self.line
    }

    /// The text (empty when streamed), the start of each line (empty unless asked for) and
    /// the measured size.
    pub(crate) fn finish(mut self) -> (String, Vec<u32>, Option<Size>) {
        self.flush();
        let size = self.measure.map(|(_, size)| size);
        (self.out, self.line_starts.unwrap_or_default(), size)
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.line += 1;
        if let Some(starts) = &mut self.line_starts {
            starts.push(u32::try_from(self.flushed + self.out.len()).unwrap_or(u32::MAX));
        }
        if self.out.len() >= FLUSH_AT {
            self.flush();
        }
        let mut indent = self.open.len() * 2;
        while indent > 0 {
            let step = indent.min(SPACES.len());
            self.out.push_str(&SPACES[..step]);
            indent -= step;
        }
    }

    /// Starts the next member or element of the open container on its own line.
    fn next_item(&mut self) {
        if let Some(has_member) = self.open.last_mut() {
            if *has_member {
                self.out.push(',');
            }
            *has_member = true;
        }
        self.newline();
    }

    /// `{`.
    pub(crate) fn begin_object(&mut self) {
        self.out.push('{');
        self.open.push(false);
    }

    /// `[`.
    pub(crate) fn begin_array(&mut self) {
        self.out.push('[');
        self.open.push(false);
    }

    /// `}` or `]`, on its own line when the container has members.
    fn end(&mut self, close: char) {
        if self.open.pop() == Some(true) {
            self.newline();
        }
        self.out.push(close);
    }

    /// `}`.
    pub(crate) fn end_object(&mut self) {
        self.end('}');
    }

    /// `]`.
    pub(crate) fn end_array(&mut self) {
        self.end(']');
    }

    /// The key of the next member: `"key": `, the value to follow.
    pub(crate) fn key(&mut self, key: &str) {
        self.next_item();
        push_quoted(&mut self.out, key);
        self.out.push_str(": ");
    }

    /// The next element of an array, the value to follow.
    pub(crate) fn element(&mut self) {
        self.next_item();
    }

    /// A string value.
    pub(crate) fn string(&mut self, text: &str) {
        self.measure_text(text);
        push_quoted(&mut self.out, text);
    }

    /// A string value made of several pieces, written (and measured) as one.
    pub(crate) fn string_of(&mut self, pieces: &[&str]) {
        if self.measuring() {
            self.measure_text(&pieces.concat());
        }
        self.out.push('"');
        for piece in pieces {
            push_escaped(&mut self.out, piece);
        }
        self.out.push('"');
    }

    /// A number, a boolean or `null`, written as given.
    pub(crate) fn literal(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// A `"key": "value"` member.
    pub(crate) fn field(&mut self, key: &str, value: &str) {
        self.key(key);
        self.string(value);
    }

    /// A JSON value, pretty-printed (object keys in their order, numbers as written).
    pub(crate) fn value(&mut self, value: &Value) {
        match value {
            Value::Null => self.literal("null"),
            Value::Bool(true) => self.literal("true"),
            Value::Bool(false) => self.literal("false"),
            Value::Number(number) => {
                use std::fmt::Write;
                let _ = write!(self.out, "{number}");
            }
            Value::String(text) => self.string(text),
            Value::Array(items) => {
                self.begin_array();
                for item in items {
                    self.element();
                    self.value(item);
                }
                self.end_array();
            }
            Value::Object(map) => self.object(map),
        }
    }

    /// An object value, pretty-printed.
    pub(crate) fn object(&mut self, map: &Map<String, Value>) {
        self.begin_object();
        for (key, value) in map {
            self.key(key);
            self.value(value);
        }
        self.end_object();
    }

    /// An object value, measured as its compact JSON text rather than by its strings (tool
    /// schemas and Anthropic tool inputs: the budget counts them that way).
    pub(crate) fn object_measured_compact(&mut self, map: &Map<String, Value>) {
        if self.measuring() {
            let compact = compact(map);
            self.measure_text(&compact);
        }
        self.muted += 1;
        self.object(map);
        self.muted -= 1;
    }

    /// Writes what `write` writes without measuring it (media blocks, the model name).
    pub(crate) fn unmeasured(&mut self, write: impl FnOnce(&mut Self)) {
        self.muted += 1;
        write(self);
        self.muted -= 1;
    }

    fn measuring(&self) -> bool {
        self.measure.is_some() && self.muted == 0
    }

    fn measure_text(&mut self, text: &str) {
        if self.muted > 0 {
            return;
        }
        if let Some((counter, size)) = &mut self.measure {
            *size += Size::of(text, *counter);
        }
    }
}

/// Compact JSON of an object: keys in their order, numbers as written, non-ASCII raw
/// (DECISIONS §3's tool-call `arguments`).
pub(crate) fn compact(map: &Map<String, Value>) -> String {
    let mut out = String::new();
    compact_object(&mut out, map);
    out
}

fn compact_object(out: &mut String, map: &Map<String, Value>) {
    out.push('{');
    for (i, (key, value)) in map.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_quoted(out, key);
        out.push(':');
        compact_value(out, value);
    }
    out.push('}');
}

fn compact_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Number(number) => {
            use std::fmt::Write;
            let _ = write!(out, "{number}");
        }
        Value::String(text) => push_quoted(out, text),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact_value(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => compact_object(out, map),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(value: &Value) -> (String, Vec<u32>) {
        let mut writer = Writer::new(0, true, None);
        writer.value(value);
        let (text, lines, _) = writer.finish();
        (text, lines)
    }

    #[test]
    fn writes_what_serde_json_writes() {
        let samples = [
            r#"{}"#,
            r#"[]"#,
            r#"{"a":[],"b":{},"c":[1,2.50,-3e5],"d":{"e":null,"f":true,"g":"x\ny"}}"#,
            r#"[[[]],[{}],{"k":[{"deep":[1]}]}]"#,
            r#""just a string""#,
            r#"{"big":12345678901234567890,"exp":1E5,"unicode":"日本\u0001"}"#,
        ];
        for sample in samples {
            let Ok(value) = serde_json::from_str::<Value>(sample) else {
                panic!("{sample}")
            };
            let (text, lines) = pretty(&value);
            assert_eq!(text, format!("{value:#}"), "{sample}");
            let starts: Vec<u32> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
                .collect();
            assert_eq!(lines, starts, "{sample}");
            if let Value::Object(map) = &value {
                assert_eq!(compact(map), value.to_string(), "{sample}");
            }
        }
    }
}
