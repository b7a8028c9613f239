//! The cache prefix (DECISIONS §13): the two exports compared item by item in the
//! provider's cache order, the first item that differs being the break.
//!
//! Items are compared by their exact text in the export (the printer writes one JSON value
//! one way only, so equal text is equal JSON, key order and number spelling included). An
//! item's place comes from the parsed export: the printer's layout puts every value on lines
//! of its own, so counting the lines each value takes gives each item's first and last line,
//! which also name the export link that says which segments made it.

use std::ops::Range;

use serde_json::Value;

use super::blame::{Blame, Counterparts};
use super::measure::item_tokens;
use super::{CacheBreak, CacheFormat, CacheReport, Lowered};
use crate::export::{Export, Options, print};
use crate::path::SegmentRef;

/// The cache report of `format` for A and B.
pub(crate) fn report(
    format: CacheFormat,
    a: &Lowered<'_, '_>,
    b: &Lowered<'_, '_>,
    counterparts: &Counterparts,
) -> CacheReport {
    let (ra, rb) = (Request::of(format, a), Request::of(format, b));
    // The envelopes' models: in the body (`model`) or, for Gemini, in the url; caches are per
    // model either way.
    let (model_a, model_b) = (a.conversation.model, b.conversation.model);
    if model_a != model_b {
        let path = |model: Option<&str>| model.map(|_| "model".to_owned());
        let (ra, rb) = (path(model_a), path(model_b));
        return CacheReport {
            format,
            cache_break: Some(CacheBreak {
                a: ra,
                b: rb,
                segment: None,
            }),
            prefix_tokens: 0,
        };
    }
    let mut prefix_tokens = 0;
    for k in 0.. {
        let (x, y) = (ra.items.get(k), rb.items.get(k));
        match (x, y) {
            (None, None) => break,
            (Some(x), Some(y)) if ra.text(x) == rb.text(y) => {
                prefix_tokens += ra.tokens(x);
            }
            _ => {
                let blame = Blame { a, b, counterparts };
                let segment = blame.find(
                    x.map(|x| ra.segments(x)).unwrap_or_default(),
                    y.map(|y| rb.segments(y)).unwrap_or_default(),
                );
                let cache_break = CacheBreak {
                    a: x.map(Item::path),
                    b: y.map(Item::path),
                    segment,
                };
                return CacheReport {
                    format,
                    cache_break: Some(cache_break),
                    prefix_tokens,
                };
            }
        }
    }
    CacheReport {
        format,
        cache_break: None,
        prefix_tokens,
    }
}

/// One item of an export: where it is and what it is.
struct Item {
    /// The top-level member it is (or is an element of).
    member: &'static str,
    /// Its index in that member's array, if it is an element.
    index: Option<usize>,
    /// Its first and last line in the export.
    lines: (usize, usize),
    /// Its text: those lines without the indentation and the comma after it.
    bytes: Range<usize>,
}

impl Item {
    /// Its path in the export: `model`, `system`, `tools[0]`, `messages[3]`.
    fn path(&self) -> String {
        match self.index {
            Some(index) => format!("{}[{index}]", self.member),
            None => self.member.to_owned(),
        }
    }
}

/// One side's export, parsed, with its items in cache order.
struct Request {
    format: CacheFormat,
    export: Export,
    value: Value,
    items: Vec<Item>,
}

impl Request {
    fn of(format: CacheFormat, side: &Lowered<'_, '_>) -> Request {
        let options = Options {
            links: true,
            ..Options::default()
        };
        let export = print(side.conversation, format.export(), options);
        // The printer writes JSON; a failure here would be a printer bug, and leaves an
        // empty request rather than a panic.
        let value = crate::decode::parse_json(&export.text).map_or(Value::Null, |p| p.value);
        let mut request = Request {
            format,
            export,
            value,
            items: Vec::new(),
        };
        request.locate();
        request
    }

    /// Finds every item in cache order (the model is compared from the envelopes).
    fn locate(&mut self) {
        let Value::Object(root) = &self.value else {
            return;
        };
        let order = self.format.order();
        let mut found: Vec<Vec<Item>> = order.iter().map(|_| Vec::new()).collect();
        // Line 0 is the opening brace; each member starts on a line of its own.
        let mut line = 1;
        for (key, member) in root {
            let span = lines(member);
            let ordered = order.iter().enumerate().find(|(_, name)| *name == key);
            if let Some((position, name)) = ordered {
                let items = match member {
                    Value::Array(elements) => {
                        let mut at = line + 1;
                        let mut items = Vec::with_capacity(elements.len());
                        for (index, element) in elements.iter().enumerate() {
                            let span = lines(element);
                            items.push(self.item(name, Some(index), (at, at + span - 1)));
                            at += span;
                        }
                        items
                    }
                    _ => vec![self.item(name, None, (line, line + span - 1))],
                };
                if let Some(slot) = found.get_mut(position) {
                    *slot = items;
                }
            }
            line += span;
        }
        self.items = found.into_iter().flatten().collect();
    }

    fn item(&self, member: &'static str, index: Option<usize>, lines: (usize, usize)) -> Item {
        let text = &self.export.text;
        let starts = &self.export.line_starts;
        let start = starts.get(lines.0).map_or(text.len(), |&s| s as usize);
        // The last line ends before the next line's newline (or at the end of the text).
        let end = starts
            .get(lines.1 + 1)
            .map_or(text.len(), |&s| (s as usize).saturating_sub(1));
        let line = text.get(start..end).unwrap_or_default();
        let indent = line.len() - line.trim_start_matches(' ').len();
        let comma = usize::from(line.ends_with(','));
        Item {
            member,
            index,
            lines,
            bytes: start + indent..end - comma,
        }
    }

    fn text(&self, item: &Item) -> &str {
        self.export.text.get(item.bytes.clone()).unwrap_or_default()
    }

    fn tokens(&self, item: &Item) -> usize {
        let member = self.value.get(item.member);
        let value = match item.index {
            Some(index) => member.and_then(|m| m.get(index)),
            None => member,
        };
        value.map_or(0, |value| item_tokens(self.format, item.member, value))
    }

    /// The segments the item was made from, by the export's link of exactly its lines.
    fn segments(&self, item: &Item) -> &[SegmentRef] {
        let (first, last) = item.lines;
        self.export
            .links
            .iter()
            .find(|link| link.first_line as usize == first && link.last_line as usize == last)
            .map_or(&[], |link| &link.segments)
    }
}

/// How many lines `value` takes in the printer's layout: one for a scalar or an empty
/// container, else its brackets' two and its members' (a member's key shares its value's
/// first line).
fn lines(value: &Value) -> usize {
    match value {
        Value::Array(items) if !items.is_empty() => 2 + items.iter().map(lines).sum::<usize>(),
        Value::Object(map) if !map.is_empty() => 2 + map.values().map(lines).sum::<usize>(),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::Analysis;

    /// Every item found is exactly its value's text, and names the segments it came from.
    #[test]
    fn items_are_their_values_and_know_their_segments() {
        for text in [
            include_str!("../../../../demos/demo-b.json"),
            include_str!("../../../../demos/demo-e.json"),
            include_str!("../../../../demos/demo-f.json"),
        ] {
            let loaded = crate::load(text, crate::Mode::Strict);
            let Some(envelope) = &loaded.envelope else {
                panic!("demo")
            };
            let analysis = Analysis::of(envelope);
            let conversation = crate::export::lower(envelope, &analysis);
            let side = Lowered {
                envelope,
                analysis: &analysis,
                conversation: &conversation,
            };
            for format in CacheFormat::ALL {
                let request = Request::of(format, &side);
                assert!(request.items.len() > 2, "{format:?}");
                for item in &request.items {
                    let found = request.text(item);
                    let value = match item.index {
                        Some(index) => &request.value[item.member][index],
                        None => &request.value[item.member],
                    };
                    let json = match item.index {
                        Some(_) => found.to_owned(),
                        None => format!("{{{found}}}"),
                    };
                    let parsed: Value = serde_json::from_str(&json).unwrap_or_default();
                    let parsed = match item.index {
                        Some(_) => parsed,
                        None => parsed[item.member].clone(),
                    };
                    assert_eq!(&parsed, value, "{format:?} {}", item.path());
                    assert!(
                        !request.segments(item).is_empty(),
                        "{format:?} {}",
                        item.path()
                    );
                }
            }
        }
    }
}
