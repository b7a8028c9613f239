//! What DECISIONS §13 says each golden case shows, written out by reasoning from the
//! decisions (not from the output): same, the counts and both cache breaks.

use super::compare;

/// A cache break as `(a, b, segment)` paths.
type Break = Option<(
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
)>;

/// What DECISIONS §13 says each case shows: same, message and segment counts (same,
/// changed, added, removed), the OpenAI and the Anthropic break.
#[allow(clippy::type_complexity)]
const REASONED: [(&str, bool, [usize; 4], [usize; 4], Break, Break); 10] = [
    // Other ids, timestamps and `collapsed` make no difference.
    ("identical", true, [6, 0, 0, 0], [8, 0, 0, 0], None, None),
    // The static_var changed; the system prompt using it is the same segment, but the head
    // (OpenAI's first message, Anthropic's system) differs, after the tool.
    (
        "variable-changed",
        false,
        [1, 1, 0, 0],
        [3, 1, 0, 0],
        Some((
            Some("messages[0]"),
            Some("messages[0]"),
            Some("messages[0].segments[1]"),
        )),
        Some((
            Some("system"),
            Some("system"),
            Some("messages[0].segments[1]"),
        )),
    ),
    // A's request is a prefix of B's.
    (
        "message-appended",
        false,
        [3, 0, 1, 0],
        [5, 0, 1, 0],
        Some((None, Some("messages[3]"), Some("messages[3].segments[0]"))),
        Some((None, Some("messages[2]"), Some("messages[3].segments[0]"))),
    ),
    // B's second tool stands where A's head does; the head's tool lines changed too.
    (
        "tool-added",
        false,
        [1, 1, 0, 0],
        [3, 1, 0, 0],
        Some((
            Some("messages[0]"),
            Some("tools[1]"),
            Some("messages[0].segments[2]"),
        )),
        Some((
            Some("system"),
            Some("tools[1]"),
            Some("messages[0].segments[2]"),
        )),
    ),
    (
        "middle-changed",
        false,
        [5, 1, 0, 0],
        [7, 1, 0, 0],
        Some((
            Some("messages[2]"),
            Some("messages[2]"),
            Some("messages[2].segments[0]"),
        )),
        Some((
            Some("messages[1]"),
            Some("messages[1]"),
            Some("messages[2].segments[0]"),
        )),
    ),
    // One exchange stays aligned; the other is removed where it was and added where it is.
    (
        "reordered",
        false,
        [3, 0, 2, 2],
        [5, 0, 2, 2],
        Some((
            Some("messages[1]"),
            Some("messages[1]"),
            Some("messages[1].segments[0]"),
        )),
        Some((
            Some("messages[0]"),
            Some("messages[0]"),
            Some("messages[1].segments[0]"),
        )),
    ),
    (
        "segment-removed",
        false,
        [1, 1, 0, 0],
        [5, 0, 0, 1],
        Some((
            Some("messages[1]"),
            Some("messages[1]"),
            Some("messages[1].segments[1]"),
        )),
        Some((
            Some("messages[0]"),
            Some("messages[0]"),
            Some("messages[1].segments[1]"),
        )),
    ),
    (
        "argument-changed",
        false,
        [4, 1, 0, 0],
        [7, 1, 0, 0],
        Some((
            Some("messages[2]"),
            Some("messages[2]"),
            Some("messages[2].segments[1]"),
        )),
        Some((
            Some("messages[1]"),
            Some("messages[1]"),
            Some("messages[2].segments[1]"),
        )),
    ),
    (
        "media-changed",
        false,
        [2, 1, 0, 0],
        [5, 1, 0, 0],
        Some((
            Some("messages[1]"),
            Some("messages[1]"),
            Some("messages[1].segments[1]"),
        )),
        Some((
            Some("messages[0]"),
            Some("messages[0]"),
            Some("messages[1].segments[1]"),
        )),
    ),
    // A's call and result carry the imported `callId`, B's do not: `callId` is content
    // (it becomes the exported id, `call_1` in B), so both messages changed and the exports
    // part at the call.
    (
        "openai-imported",
        false,
        [3, 2, 0, 0],
        [4, 2, 0, 0],
        Some((
            Some("messages[2]"),
            Some("messages[2]"),
            Some("messages[2].segments[0]"),
        )),
        Some((
            Some("messages[1]"),
            Some("messages[1]"),
            Some("messages[2].segments[0]"),
        )),
    ),
];

/// The Responses break of each case (DECISIONS §10, §13): the head is `instructions`, after
/// the tools; every other message is one input item, except that an assistant message's text
/// and each of its calls are an item each. So OpenAI's `messages[k]` is `input[k - 1]` until
/// an assistant message with text and calls, and the segment is the same one.
const RESPONSES: [(&str, Break); 10] = [
    ("identical", None),
    (
        "variable-changed",
        Some((
            Some("instructions"),
            Some("instructions"),
            Some("messages[0].segments[1]"),
        )),
    ),
    (
        "message-appended",
        Some((None, Some("input[2]"), Some("messages[3].segments[0]"))),
    ),
    (
        "tool-added",
        Some((
            Some("instructions"),
            Some("tools[1]"),
            Some("messages[0].segments[2]"),
        )),
    ),
    (
        "middle-changed",
        Some((
            Some("input[1]"),
            Some("input[1]"),
            Some("messages[2].segments[0]"),
        )),
    ),
    (
        "reordered",
        Some((
            Some("input[0]"),
            Some("input[0]"),
            Some("messages[1].segments[0]"),
        )),
    ),
    (
        "segment-removed",
        Some((
            Some("input[0]"),
            Some("input[0]"),
            Some("messages[1].segments[1]"),
        )),
    ),
    // messages[2] is an assistant text and its call: the call is the item after the text.
    (
        "argument-changed",
        Some((
            Some("input[2]"),
            Some("input[2]"),
            Some("messages[2].segments[1]"),
        )),
    ),
    (
        "media-changed",
        Some((
            Some("input[0]"),
            Some("input[0]"),
            Some("messages[1].segments[1]"),
        )),
    ),
    // messages[2] holds only the call, one item.
    (
        "openai-imported",
        Some((
            Some("input[1]"),
            Some("input[1]"),
            Some("messages[2].segments[0]"),
        )),
    ),
];

#[test]
fn each_case_shows_what_decisions_say() {
    for ((case, same, messages, segments, openai, anthropic), (named, responses)) in
        REASONED.into_iter().zip(RESPONSES)
    {
        assert_eq!(case, named);
        let diff = compare(case);
        assert_eq!(diff.same, same, "{case}");
        let counts = |c: pep_core::diff::Counts| [c.same, c.changed, c.added, c.removed];
        assert_eq!(counts(diff.message_counts), messages, "{case}: messages");
        assert_eq!(counts(diff.segment_counts), segments, "{case}: segments");
        // OpenAI, Responses and Anthropic are checked here; Gemini's breaks are in the goldens.
        assert_eq!(diff.cache.len(), 4, "{case}");
        for (report, expected) in diff.cache.iter().zip([openai, responses, anthropic]) {
            let found = report.cache_break.as_ref().map(|b| {
                let segment = b.segment.as_ref().map(|s| s.at.path());
                (b.a.clone(), b.b.clone(), segment)
            });
            let expected = expected.map(|(a, b, s)| {
                (
                    a.map(str::to_owned),
                    b.map(str::to_owned),
                    s.map(str::to_owned),
                )
            });
            assert_eq!(found, expected, "{case}: {}", report.format.as_str());
        }
    }
}
