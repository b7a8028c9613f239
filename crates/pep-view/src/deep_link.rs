//! Deep links (DECISIONS §15): `?at=messages[I]` or `?at=messages[I].segments[J]` opens the
//! page on that message or segment. This reads the path, decides once the message's model is
//! known whether the place exists and whether the user view hides it, and writes the query of a
//! link to a segment. The page scrolls, unfolds and marks; this decides.

use pep_core::{Place, SegmentRef};

use crate::model::{MessageModel, MessageView, SegmentView};
use crate::view_mode::user_sees;

/// The place `?at=` names, in §1's path form with indices from 0 and no other spelling
/// (`messages[3]`, `messages[3].segments[0]`; no spaces, signs or leading zeros); `None` for
/// anything else.
pub fn parse(text: &str) -> Option<Place> {
    let rest = text.strip_prefix("messages[")?;
    let (message, rest) = index(rest)?;
    if rest.is_empty() {
        return Some(Place::Message(message));
    }
    let (segment, rest) = index(rest.strip_prefix(".segments[")?)?;
    rest.is_empty()
        .then_some(Place::Segment(SegmentRef::new(message, segment)))
}

/// An index and what follows its closing bracket.
fn index(text: &str) -> Option<(usize, &str)> {
    let (digits, rest) = text.split_once(']')?;
    let canonical = !digits.is_empty()
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    canonical.then_some(())?;
    // By hand: `str::parse` would add its generic code to the page's first module.
    let value = digits.bytes().try_fold(0_usize, |value, digit| {
        value
            .checked_mul(10)?
            .checked_add(usize::from(digit - b'0'))
    })?;
    Some((value, rest))
}

/// The path of a place, as `?at=` and `data-path` spell it.
pub fn path(place: Place) -> String {
    place.path()
}

/// Where a deep link lands, once the model of its message is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// The place exists; `user_hidden` when the user view does not show it (the page then
    /// switches to the model view).
    Found {
        /// Whether the user view hides the place.
        user_hidden: bool,
    },
    /// The message has no such segment.
    Missing,
}

/// Where `place` lands in `message` (the model of message `place.message()`). A message that
/// is itself invalid shows as one fallback card: a segment of it lands on that card.
pub fn land(place: Place, message: &MessageView) -> Landing {
    let MessageView::Valid(MessageModel {
        segments,
        model_only,
        ..
    }) = message
    else {
        return Landing::Found { user_hidden: false };
    };
    match place {
        Place::Message(_) => Landing::Found {
            user_hidden: *model_only,
        },
        Place::Segment(at) => match segments.get(at.segment) {
            None => Landing::Missing,
            Some(SegmentView::Valid(segment)) => Landing::Found {
                user_hidden: !user_sees(segment.kind()),
            },
            Some(SegmentView::Invalid(_)) => Landing::Found { user_hidden: false },
        },
    }
}

/// Whether a message index is beyond an envelope of `count` messages (no model to wait for).
pub fn beyond(place: Place, count: usize) -> bool {
    place.message() >= count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_in_the_one_spelling() {
        assert_eq!(parse("messages[0]"), Some(Place::Message(0)));
        assert_eq!(
            parse("messages[12].segments[3]"),
            Some(Place::Segment(SegmentRef::new(12, 3)))
        );
        assert_eq!(
            parse("messages[9999].segments[10]"),
            Some(Place::Segment(SegmentRef::new(9999, 10)))
        );
        for wrong in [
            "",
            "messages",
            "messages[]",
            "messages[-1]",
            "messages[+1]",
            "messages[01]",
            "messages[1 ]",
            " messages[1]",
            "messages[1].segments",
            "messages[1].segments[]",
            "messages[1].segments[2].content",
            "messages[1]x",
            "messages[1].segments[2]]",
            "messages[99999999999999999999999]",
            "messages[1].items[2]",
            "tools[0]",
            "messages[٣]",
        ] {
            assert_eq!(parse(wrong), None, "{wrong:?}");
        }
    }

    #[test]
    fn paths_round_trip() {
        for place in [Place::Message(7), Place::Segment(SegmentRef::new(7, 0))] {
            assert_eq!(parse(&path(place)), Some(place));
        }
        assert!(beyond(Place::Message(3), 3) && !beyond(Place::Message(2), 3));
    }

    #[cfg(feature = "engine")]
    #[test]
    fn landings_follow_the_model() {
        use std::collections::HashMap;
        let text = r#"{"version":"1.0","messages":[
            {"id":"a","role":"system","timestamp":1,"segments":[
                {"kind":"system_prompt","content":"Be brief.","collapsed":true}]},
            {"id":"b","role":"user","timestamp":2,"segments":[
                {"kind":"text","content":"Hi"},
                {"kind":"memory","description":"Known.","items":[{"title":"t","content":"c"}],"collapsed":true}]}]}"#;
        let loaded = pep_core::load(text, pep_core::Mode::Repair);
        let Some(envelope) = loaded.envelope else {
            panic!("the test envelope loads: {:?}", loaded.issues);
        };
        let views: Vec<MessageView> = envelope
            .messages
            .iter()
            .map(|entry| crate::engine::message_view(entry, &HashMap::new()))
            .collect();
        let found = |user_hidden| Landing::Found { user_hidden };
        assert_eq!(land(Place::Message(0), &views[0]), found(true));
        assert_eq!(land(Place::Message(1), &views[1]), found(false));
        let at = |m, s| Place::Segment(SegmentRef::new(m, s));
        assert_eq!(land(at(1, 0), &views[1]), found(false));
        assert_eq!(land(at(1, 1), &views[1]), found(true));
        assert_eq!(land(at(1, 2), &views[1]), Landing::Missing);
    }
}
