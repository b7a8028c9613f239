//! Which lines of an export came from which segments, recorded while the printer writes
//! them: nothing is scanned afterwards.

use crate::path::SegmentRef;

/// A node of the request, by the lines it takes, and the segments it was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The node's first line (0-based): where its value starts.
    pub first_line: u32,
    /// Its last line: the one its closing bracket is on, or its first for a string.
    pub last_line: u32,
    /// The segments it came from, in order (a tool_overview item links to its segment).
    pub segments: Vec<SegmentRef>,
}

/// The links of one export as it is written: nothing is kept when they are not wanted.
pub(crate) struct Recorder {
    links: Option<Vec<Link>>,
}

impl Recorder {
    /// Links kept or not.
    pub(crate) fn new(wanted: bool) -> Recorder {
        Recorder {
            links: wanted.then(Vec::new),
        }
    }

    /// Links lines `first..=last` to the segments `segments` makes, when links are wanted.
    pub(crate) fn add(
        &mut self,
        first_line: u32,
        last_line: u32,
        segments: impl FnOnce() -> Vec<SegmentRef>,
    ) {
        if let Some(links) = &mut self.links {
            links.push(Link {
                first_line,
                last_line,
                segments: segments(),
            });
        }
    }

    /// The links kept, in the order their nodes were closed.
    pub(crate) fn into_vec(self) -> Vec<Link> {
        self.links.unwrap_or_default()
    }
}
