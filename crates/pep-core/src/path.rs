//! JSON paths in the form DECISIONS §1 prescribes: `messages[2].segments[0].items[1].title`.
//!
//! Decoding walks every node of an envelope, but only a node with a problem needs its path as
//! text, so a path is a borrowed chain of steps on the stack and is rendered on demand.

use std::fmt;

/// One step from the document root down to a node.
#[derive(Debug, Clone, Copy)]
pub enum JsonPath<'a> {
    /// The document itself, written `$`.
    Root,
    /// An object member of the parent node.
    Key(&'a JsonPath<'a>, &'a str),
    /// An array element of the parent node.
    Index(&'a JsonPath<'a>, usize),
}

impl<'a> JsonPath<'a> {
    /// The path of the member `key` below this node.
    pub fn key(&'a self, key: &'a str) -> JsonPath<'a> {
        JsonPath::Key(self, key)
    }

    /// The path of element `index` below this node.
    pub fn index(&'a self, index: usize) -> JsonPath<'a> {
        JsonPath::Index(self, index)
    }

    fn write_to(&self, out: &mut String) {
        match self {
            JsonPath::Root => {}
            JsonPath::Key(parent, key) => {
                parent.write_to(out);
                push_key(out, key);
            }
            JsonPath::Index(parent, index) => {
                parent.write_to(out);
                push_index(out, *index);
            }
        }
    }
}

/// Appends the step to member `key` to a path being written (empty = the root).
pub(crate) fn push_key(out: &mut String, key: &str) {
    if is_identifier(key) {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(key);
    } else {
        // Keys that would be ambiguous after a dot (spaces, dots, brackets, control
        // characters) are bracketed and quoted as JSON strings, so the path stays unambiguous
        // and no control character is written raw.
        out.push('[');
        push_quoted(out, key);
        out.push(']');
    }
}

/// Appends the step to element `index` to a path being written.
pub(crate) fn push_index(out: &mut String, index: usize) {
    use fmt::Write;
    let _ = write!(out, "[{index}]");
}

/// `key` as a JSON string, with every control character escaped (serde_json leaves DEL and
/// the C1 controls raw).
fn push_quoted(out: &mut String, key: &str) {
    use fmt::Write;
    out.push('"');
    for c in key.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl fmt::Display for JsonPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        if out.is_empty() {
            out.push('$');
        }
        f.write_str(&out)
    }
}

/// Whether a key can be written after a dot without ambiguity.
fn is_identifier(key: &str) -> bool {
    !key.is_empty()
        && !key.starts_with(|c: char| c.is_ascii_digit())
        && !key.contains(|c: char| {
            matches!(c, '.' | '[' | ']' | '"' | '\'') || c.is_whitespace() || c.is_control()
        })
}

/// The path of message `message`.
pub fn message_path(message: usize) -> String {
    format!("messages[{message}]")
}

/// A segment's address: its message's index in the envelope and its index in that message.
///
/// Everything that points at a segment (the lowering's parts, export links, the budget's rows,
/// issues, the viewer's folds and jumps) carries this, so nothing parses a path back; the
/// JSON path (`messages[m].segments[s]`) is written from it only for display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SegmentRef {
    /// Index of the message in the envelope.
    pub message: usize,
    /// Index of the segment in its message.
    pub segment: usize,
}

impl SegmentRef {
    /// Segment `segment` of message `message`.
    pub const fn new(message: usize, segment: usize) -> SegmentRef {
        SegmentRef { message, segment }
    }

    /// The JSON path, `messages[m].segments[s]`.
    pub fn path(self) -> String {
        self.to_string()
    }

    /// The JSON path of item `item` of this segment, `messages[m].segments[s].items[k]`.
    pub fn item_path(self, item: usize) -> String {
        format!("{self}.items[{item}]")
    }
}

impl fmt::Display for SegmentRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "messages[{}].segments[{}]", self.message, self.segment)
    }
}

/// Where in the envelope's messages a problem lies, when it lies in one: the viewer brings
/// that message or segment into view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// A message, or a field of the message itself (`messages[3].id`).
    Message(usize),
    /// A segment, or anything inside it.
    Segment(SegmentRef),
}

impl Place {
    /// The JSON path: `messages[m]` or `messages[m].segments[s]`.
    pub fn path(self) -> String {
        match self {
            Place::Message(message) => message_path(message),
            Place::Segment(at) => at.path(),
        }
    }

    /// The message the place is in.
    pub fn message(self) -> usize {
        match self {
            Place::Message(message) => message,
            Place::Segment(at) => at.message,
        }
    }

    /// The segment to show for it: the segment itself, or a message's first one.
    pub fn segment(self) -> SegmentRef {
        match self {
            Place::Message(message) => SegmentRef::new(message, 0),
            Place::Segment(at) => at,
        }
    }
}

impl From<SegmentRef> for Place {
    fn from(at: SegmentRef) -> Place {
        Place::Segment(at)
    }
}

impl JsonPath<'_> {
    /// The message or segment this path lies in, read from its steps (never from text):
    /// `messages[m]…` and `messages[m].segments[s]…` below the root.
    pub fn place(&self) -> Option<Place> {
        // The steps from the root down; a chain is at most serde_json's nesting deep.
        let mut steps = Vec::new();
        let mut node = self;
        loop {
            match node {
                JsonPath::Root => break,
                JsonPath::Key(parent, _) | JsonPath::Index(parent, _) => {
                    steps.push(node);
                    node = parent;
                }
            }
        }
        let mut down = steps.iter().rev();
        let (Some(JsonPath::Key(_, "messages")), Some(JsonPath::Index(_, message))) =
            (down.next(), down.next())
        else {
            return None;
        };
        match (down.next(), down.next()) {
            (Some(JsonPath::Key(_, "segments")), Some(JsonPath::Index(_, segment))) => {
                Some(Place::Segment(SegmentRef::new(*message, *segment)))
            }
            _ => Some(Place::Message(*message)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::JsonPath;

    #[test]
    fn renders_dotted_keys_and_bracketed_indexes() {
        let root = JsonPath::Root;
        let messages = root.key("messages");
        let message = messages.index(2);
        let segments = message.key("segments");
        let segment = segments.index(0);
        let items = segment.key("items");
        let item = items.index(1);
        let title = item.key("title");
        assert_eq!(title.to_string(), "messages[2].segments[0].items[1].title");
    }

    #[test]
    fn places_come_from_the_steps() {
        use super::{Place, SegmentRef};
        let root = JsonPath::Root;
        assert_eq!(root.place(), None);
        let messages = root.key("messages");
        assert_eq!(messages.place(), None);
        let message = messages.index(3);
        assert_eq!(message.place(), Some(Place::Message(3)));
        let id = message.key("id");
        assert_eq!(id.place(), Some(Place::Message(3)));
        let segments = message.key("segments");
        assert_eq!(segments.place(), Some(Place::Message(3)));
        let segment = segments.index(7);
        let content = segment.key("content");
        assert_eq!(content.place(), Some(Place::Segment(SegmentRef::new(3, 7))));
        let other = root.key("tools");
        let element = other.index(0);
        assert_eq!(element.place(), None);
        assert_eq!(SegmentRef::new(3, 7).to_string(), "messages[3].segments[7]");
        assert_eq!(
            SegmentRef::new(0, 1).item_path(2),
            "messages[0].segments[1].items[2]"
        );
    }

    #[test]
    fn root_is_dollar_and_odd_keys_are_quoted() {
        let root = JsonPath::Root;
        assert_eq!(root.to_string(), "$");
        let schema = root.key("$schema");
        assert_eq!(schema.to_string(), "$schema");
        let dashed = root.key("x-note");
        assert_eq!(dashed.to_string(), "x-note");
        let dotted = root.key("a.b");
        assert_eq!(dotted.to_string(), "[\"a.b\"]");
        let spaced = root.key("a b");
        let nested = spaced.key("c");
        assert_eq!(nested.to_string(), "[\"a b\"].c");
        let first = root.index(0);
        assert_eq!(first.to_string(), "[0]");
    }
}
