//! Linking the chat and the protocol panel: hovering or focusing a segment marks the lines of
//! the open tab's JSON it produced; clicking such a line (or an issue's path, or a search hit)
//! brings its segment into view and marks it.

use leptos::prelude::*;
use pep_view::{Place, SegmentRef};

/// The two signals both sides share, provided by the envelope view.
#[derive(Debug, Clone, Copy)]
pub struct Linking {
    /// The segment under the pointer or holding focus, if any.
    pub hovered: RwSignal<Option<SegmentRef>>,
    /// The segment to jump to (search, issue links, JSON lines).
    pub target: RwSignal<Option<SegmentRef>>,
    /// A deep link's place (DECISIONS §15), set just before `target`: the jump to it marks
    /// the place itself (a message row, or the segment) as the deep link's target.
    pub deep: StoredValue<Option<Place>>,
}

impl Linking {
    /// New signals, provided to every component below.
    pub fn provide() -> Linking {
        let linking = Linking {
            hovered: RwSignal::new(None),
            target: RwSignal::new(None),
            deep: StoredValue::new(None),
        };
        provide_context(linking);
        linking
    }
}

/// The linking signals of the envelope view around, if any (component tests have none).
pub fn use_linking() -> Option<Linking> {
    use_context::<Linking>()
}
