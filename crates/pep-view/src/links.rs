//! Which lines of a pretty-printed export came from which segments, for linking the chat to
//! the panel in both directions.
//!
//! The core's printer records which lines each linked request node took and which segments
//! it came from; every line gets the link of its deepest linked node.

use std::collections::HashMap;
use std::sync::OnceLock;

#[cfg(feature = "engine")]
use pep_core::export::Link;

use crate::SegmentRef;

/// No link on this line.
const NONE: u32 = u32::MAX;

/// The links of one export text, by line and by segment.
#[derive(Debug, Clone, Default)]
pub struct LineLinks {
    /// For each line, its group (an index into `groups`), or [`NONE`].
    by_line: Vec<u32>,
    /// Each linked node's segments, in order.
    groups: Vec<Vec<SegmentRef>>,
    /// For each segment, the groups it is part of: made when first asked for (the first
    /// hover), not with the view.
    by_segment: OnceLock<HashMap<SegmentRef, Vec<u32>>>,
    /// The first line of each group.
    first_line: Vec<usize>,
}

impl PartialEq for LineLinks {
    fn eq(&self, other: &LineLinks) -> bool {
        self.parts() == other.parts()
    }
}

impl LineLinks {
    /// Maps every line of an export of `line_count` lines to the segments of its deepest
    /// linked node. The core records links as their nodes close, so a node comes before
    /// the nodes around it: the first link to cover a line is its deepest. Links are at most
    /// four deep, so each line is looked at at most four times.
    #[cfg(feature = "engine")]
    pub fn new(line_count: usize, links: &[Link]) -> LineLinks {
        let mut groups = Vec::with_capacity(links.len());
        let mut first_line = Vec::with_capacity(links.len());
        let mut by_line = vec![NONE; line_count];
        for link in links {
            if link.segments.is_empty() {
                continue;
            }
            let group = groups.len() as u32;
            let first = link.first_line as usize;
            let last = (link.last_line as usize).min(line_count.saturating_sub(1));
            for line in by_line.iter_mut().take(last + 1).skip(first) {
                if *line == NONE {
                    *line = group;
                }
            }
            groups.push(link.segments.clone());
            first_line.push(first);
        }
        LineLinks::from_parts(by_line, groups, first_line)
    }

    /// The links from their parts ([`Self::parts`]), as they travel.
    pub fn from_parts(
        by_line: Vec<u32>,
        groups: Vec<Vec<SegmentRef>>,
        first_line: Vec<usize>,
    ) -> LineLinks {
        LineLinks {
            by_line,
            groups,
            by_segment: OnceLock::new(),
            first_line,
        }
    }

    /// Each line's group, each group's segments, each group's first line.
    pub fn parts(&self) -> (&[u32], &[Vec<SegmentRef>], &[usize]) {
        (&self.by_line, &self.groups, &self.first_line)
    }

    /// Whether no line is linked.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// The group of line `number`, if linked.
    pub fn group_of_line(&self, number: usize) -> Option<u32> {
        self.by_line.get(number).copied().filter(|g| *g != NONE)
    }

    /// The segments of `group`, in order.
    pub fn segments(&self, group: u32) -> &[SegmentRef] {
        self.groups.get(group as usize).map_or(&[], Vec::as_slice)
    }

    /// The groups that `key` is part of.
    pub fn groups_of(&self, key: SegmentRef) -> &[u32] {
        let by_segment = self.by_segment.get_or_init(|| {
            let mut by_segment: HashMap<SegmentRef, Vec<u32>> = HashMap::new();
            for (group, keys) in self.groups.iter().enumerate() {
                for key in keys {
                    by_segment.entry(*key).or_default().push(group as u32);
                }
            }
            by_segment
        });
        by_segment.get(&key).map_or(&[], Vec::as_slice)
    }

    /// The first and the last line that message `message` made: what step `message + 1`
    /// added to the request (DECISIONS §13), marked in the panel. Lines of a node shared with
    /// other messages (an Anthropic turn that merges two, the head text) are left out when the
    /// message has lines of its own; otherwise those shared lines are its part.
    pub fn lines_of_message(&self, message: usize) -> Option<(usize, usize)> {
        let own = self.lines_where(|keys| keys.iter().all(|key| key.message == message));
        own.or_else(|| self.lines_where(|keys| keys.iter().any(|key| key.message == message)))
    }

    /// The first and last line whose group's segments satisfy `wanted`.
    fn lines_where(&self, wanted: impl Fn(&[SegmentRef]) -> bool) -> Option<(usize, usize)> {
        let wanted: Vec<bool> = self.groups.iter().map(|keys| wanted(keys)).collect();
        let mut found: Option<(usize, usize)> = None;
        for (line, group) in self.by_line.iter().enumerate() {
            if wanted.get(*group as usize).copied().unwrap_or(false) {
                found = Some(found.map_or((line, line), |(first, _)| (first, line)));
            }
        }
        found
    }

    /// Where to scroll to for `key`: the first line of its most specific group (the one
    /// made from the fewest segments: a message's own part rather than the whole message).
    pub fn first_line_of(&self, key: SegmentRef) -> Option<usize> {
        self.groups_of(key)
            .iter()
            .filter_map(|g| {
                let line = self.first_line.get(*g as usize).copied()?;
                (line != usize::MAX).then(|| (self.segments(*g).len(), line))
            })
            .min()
            .map(|(_, line)| line)
    }
}

#[cfg(all(test, feature = "engine"))]
mod tests {
    use super::*;

    #[test]
    fn lines_take_the_link_of_their_deepest_linked_node() {
        let source = r#"{"version":"1.0","model":"m","messages":[
            {"id":"a","role":"system","timestamp":1,"segments":[{"kind":"system_prompt","content":"head","collapsed":true}]},
            {"id":"b","role":"user","timestamp":2,"segments":[{"kind":"text","content":"a"},
              {"kind":"media","mediaType":"image","url":"https://x.test/u.png"}]}]}"#;
        let loaded = pep_core::load(source, pep_core::Mode::Strict);
        let Some(envelope) = loaded.envelope else {
            panic!("{:?}", loaded.issues)
        };
        let options = pep_core::export::Options {
            links: true,
            ..Default::default()
        };
        let export = pep_core::export::export(&envelope, pep_core::export::Format::OpenAi, options);
        let json = &export.text;
        let map = LineLinks::new(export.line_starts.len(), &export.links);
        let of = |needle: &str| {
            let number = json.lines().position(|l| l.contains(needle));
            let group = number.and_then(|n| map.group_of_line(n));
            group.map(|g| map.segments(g).to_vec())
        };
        assert_eq!(of("\"model\""), None);
        assert_eq!(of("\"head\""), Some(vec![SegmentRef::new(0, 0)]));
        assert_eq!(of("\"text\": \"a\""), Some(vec![SegmentRef::new(1, 0)]));
        assert_eq!(of("\"url\""), Some(vec![SegmentRef::new(1, 1)]));
        assert_eq!(
            of("\"role\": \"user\""),
            Some(vec![SegmentRef::new(1, 0), SegmentRef::new(1, 1)])
        );
        // Closing lines belong to what they close.
        let last = json.lines().count() - 1;
        assert_eq!(map.group_of_line(last), None);
        // The `{` that opens the part, not the message's first line.
        let part = json
            .lines()
            .position(|l| l.contains("image_url"))
            .map(|n| n - 1);
        assert_eq!(map.first_line_of(SegmentRef::new(1, 1)), part);
        assert_eq!(map.groups_of(SegmentRef::new(9, 9)), &[] as &[u32]);
        // What the second message added: from its `{` to its closing `}`.
        let lines: Vec<&str> = json.lines().collect();
        let Some((first, last)) = map.lines_of_message(1) else {
            panic!("no lines for message 1")
        };
        assert_eq!(lines[first].trim(), "{", "{json}");
        assert!(lines[first + 1].contains("\"role\": \"user\""), "{json}");
        assert!(lines[last].trim_start().starts_with('}'), "{json}");
        assert!(lines[first..=last].iter().any(|l| l.contains("image_url")));
        let head = lines.iter().position(|l| l.contains("\"head\""));
        let system = map.lines_of_message(0);
        assert!(
            system
                .zip(head)
                .is_some_and(|((f, l), h)| f <= h && h <= l && l < first)
        );
        assert_eq!(map.lines_of_message(5), None);
    }
}
