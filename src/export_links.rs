//! Which lines of a pretty-printed export came from which segments, for linking the chat to
//! the panel in both directions.
//!
//! The core says which request node (`messages[2].content[0]`) came from which segments. One
//! linear pass over the pretty JSON (serde_json's two-space layout: one member or element per
//! line) follows the path of every line and gives it the link of its deepest linked node.

use std::collections::HashMap;

use pep_core::export::Link;

use crate::collapse::SegmentKey;

/// No link on this line.
const NONE: u32 = u32::MAX;
/// Links are never deeper than `messages[i].content[k]` (four steps); below that a line
/// takes its container's link, so deep arguments cost no lookups.
const MAX_LINK_DEPTH: usize = 4;

/// The links of one export text, by line and by segment.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LineLinks {
    /// For each line, its group (an index into `groups`), or [`NONE`].
    by_line: Vec<u32>,
    /// Each linked node's segments, in order.
    groups: Vec<Vec<SegmentKey>>,
    /// For each segment, the groups it is part of.
    by_segment: HashMap<SegmentKey, Vec<u32>>,
    /// The first line of each group.
    first_line: Vec<usize>,
}

/// One open object or array while scanning.
struct Frame {
    is_array: bool,
    next_index: usize,
    /// Length of the path string up to and including this container.
    path_len: usize,
    group: u32,
    depth: usize,
}

impl LineLinks {
    /// Maps every line of `json` (as the core pretty-prints it) to the segments of its
    /// deepest linked node.
    pub fn new(json: &str, links: &[Link]) -> LineLinks {
        let mut groups = Vec::with_capacity(links.len());
        let mut by_path: HashMap<&str, u32> = HashMap::with_capacity(links.len());
        for link in links {
            let keys: Vec<SegmentKey> = link
                .segments
                .iter()
                .filter_map(|p| segment_key(p))
                .collect();
            if keys.is_empty() {
                continue;
            }
            by_path.insert(&link.request_path, groups.len() as u32);
            groups.push(keys);
        }
        let mut by_line = Vec::new();
        let mut first_line = vec![usize::MAX; groups.len()];
        let mut path = String::new();
        let mut stack: Vec<Frame> = Vec::new();
        for (number, line) in json.split('\n').enumerate() {
            let group = scan_line(line.trim_start(), &mut stack, &mut path, &by_path);
            if let Some(first) = first_line.get_mut(group as usize)
                && *first == usize::MAX
            {
                *first = number;
            }
            by_line.push(group);
        }
        let mut by_segment: HashMap<SegmentKey, Vec<u32>> = HashMap::new();
        for (group, keys) in groups.iter().enumerate() {
            for key in keys {
                by_segment.entry(*key).or_default().push(group as u32);
            }
        }
        LineLinks {
            by_line,
            groups,
            by_segment,
            first_line,
        }
    }

    /// The group of line `number`, if linked.
    pub fn group_of_line(&self, number: usize) -> Option<u32> {
        self.by_line.get(number).copied().filter(|g| *g != NONE)
    }

    /// The segments of `group`, in order.
    pub fn segments(&self, group: u32) -> &[SegmentKey] {
        self.groups.get(group as usize).map_or(&[], Vec::as_slice)
    }

    /// The groups that `key` is part of.
    pub fn groups_of(&self, key: SegmentKey) -> &[u32] {
        self.by_segment.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Where to scroll to for `key`: the first line of its most specific group (the one
    /// made from the fewest segments: a message's own part rather than the whole message).
    pub fn first_line_of(&self, key: SegmentKey) -> Option<usize> {
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

/// Follows one line (without its indentation) and returns its group.
fn scan_line(
    line: &str,
    stack: &mut Vec<Frame>,
    path: &mut String,
    links: &HashMap<&str, u32>,
) -> u32 {
    if line.starts_with('}') || line.starts_with(']') {
        // A closing line belongs to the container it closes.
        return stack.pop().map_or(NONE, |frame| frame.group);
    }
    let (parent_group, parent_depth, parent_len) = stack
        .last()
        .map_or((NONE, 0, 0), |f| (f.group, f.depth, f.path_len));
    path.truncate(parent_len);
    let value = match stack.last_mut() {
        None => line,
        Some(frame) if frame.is_array => {
            use std::fmt::Write;
            let _ = write!(path, "[{}]", frame.next_index);
            frame.next_index += 1;
            line
        }
        Some(_) => {
            let Some((key, rest)) = split_key(line) else {
                return parent_group;
            };
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(key);
            rest
        }
    };
    let depth = if stack.is_empty() {
        0
    } else {
        parent_depth + 1
    };
    let group = if (1..=MAX_LINK_DEPTH).contains(&depth) {
        links.get(path.as_str()).copied().unwrap_or(parent_group)
    } else {
        parent_group
    };
    let value = value.trim_end_matches(',');
    if value == "{" || value == "[" {
        stack.push(Frame {
            is_array: value == "[",
            next_index: 0,
            path_len: path.len(),
            group,
            depth,
        });
    }
    group
}

/// `"key": rest` taken apart (the key as written, escapes kept).
fn split_key(line: &str) -> Option<(&str, &str)> {
    let body = line.strip_prefix('"')?;
    let bytes = body.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => {
                let rest = body.get(at + 1..)?.strip_prefix(": ")?;
                return Some((body.get(..at)?, rest));
            }
            _ => at += 1,
        }
    }
    None
}

/// The `(message, segment)` of a segment path `messages[m].segments[s]…`.
pub fn segment_key(path: &str) -> Option<SegmentKey> {
    let rest = path.strip_prefix("messages[")?;
    let (message, rest) = rest.split_once(']')?;
    let rest = rest.strip_prefix(".segments[")?;
    let (segment, _) = rest.split_once(']')?;
    Some((message.parse().ok()?, segment.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(request: &str, segments: &[&str]) -> Link {
        Link::new(
            request.to_owned(),
            segments.iter().map(|s| (*s).to_owned()).collect(),
        )
    }

    #[test]
    fn segment_paths_parse() {
        assert_eq!(segment_key("messages[3].segments[12]"), Some((3, 12)));
        assert_eq!(
            segment_key("messages[0].segments[1].items[2]"),
            Some((0, 1))
        );
        assert_eq!(segment_key("messages"), None);
        assert_eq!(segment_key("messages[x].segments[1]"), None);
    }

    #[test]
    fn lines_take_the_link_of_their_deepest_linked_node() {
        let request = serde_json::json!({
            "model": "m",
            "messages": [
                {"role": "system", "content": "head"},
                {"role": "user", "content": [
                    {"type": "text", "text": "a \"quoted\": key"},
                    {"type": "image_url", "image_url": {"url": "u"}}
                ]},
                {"role": "assistant", "content": null, "tool_calls": [
                    {"id": "call_1", "function": {"name": "f", "arguments": "{}"}}
                ]}
            ],
            "tools": [{"type": "function", "function": {"name": "f", "parameters": {}}}]
        });
        let json = format!("{request:#}");
        let links = [
            link(
                "messages[0]",
                &["messages[0].segments[0]", "messages[0].segments[1]"],
            ),
            link(
                "messages[1]",
                &["messages[1].segments[0]", "messages[1].segments[1]"],
            ),
            link("messages[1].content[0]", &["messages[1].segments[0]"]),
            link("messages[1].content[1]", &["messages[1].segments[1]"]),
            link("messages[2]", &["messages[2].segments[0]"]),
            link("messages[2].tool_calls[0]", &["messages[2].segments[0]"]),
            link("tools[0]", &["messages[0].segments[2].items[0]"]),
        ];
        let map = LineLinks::new(&json, &links);
        let of = |needle: &str| {
            let number = json.lines().position(|l| l.contains(needle));
            let group = number.and_then(|n| map.group_of_line(n));
            group.map(|g| map.segments(g).to_vec())
        };
        assert_eq!(of("\"model\""), None);
        assert_eq!(of("\"head\""), Some(vec![(0, 0), (0, 1)]));
        assert_eq!(of("quoted"), Some(vec![(1, 0)]));
        assert_eq!(of("\"url\""), Some(vec![(1, 1)]));
        assert_eq!(of("\"role\": \"user\""), Some(vec![(1, 0), (1, 1)]));
        assert_eq!(of("call_1"), Some(vec![(2, 0)]));
        assert_eq!(of("\"parameters\""), Some(vec![(0, 2)]));
        // Closing lines belong to what they close.
        let last = json.lines().count() - 1;
        assert_eq!(map.group_of_line(last), None);
        // The `{` that opens the part, not the message's first line.
        let part = json
            .lines()
            .position(|l| l.contains("image_url"))
            .map(|n| n - 1);
        assert_eq!(map.first_line_of((1, 1)), part);
        assert_eq!(map.groups_of((9, 9)), &[] as &[u32]);
    }
}
