//! Search over the envelope itself, standing in for the browser's find-in-page, which cannot
//! see the messages a windowed list has not rendered: every text a segment carries is
//! searched, case-insensitively, in envelope order.

use std::borrow::Cow::{self, Borrowed, Owned};

use pep_core::model::{Entry, Envelope, Segment};

use crate::SegmentRef as SegmentKey;

/// At most this many hits are kept; the count goes on past it.
pub const MAX_HITS: usize = 10_000;
/// Longer queries are cut to this many characters, which keeps every search linear in the
/// envelope's size.
pub const MAX_QUERY_CHARS: usize = 200;

/// The segments whose text contains a query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hits {
    /// The first [`MAX_HITS`] matching segments, in envelope order.
    pub keys: Vec<SegmentKey>,
    /// How many segments match in all.
    pub total: usize,
}

/// The segments of `envelope` whose text contains `query`, ignoring case. A blank query finds
/// nothing. Linear in the envelope's text.
pub fn find(envelope: &Envelope, query: &str) -> Hits {
    let query: String = query.trim().chars().take(MAX_QUERY_CHARS).collect();
    let mut hits = Hits::default();
    if query.is_empty() {
        return hits;
    }
    let mut needle = String::new();
    fold_into(&query, &mut needle);
    // One finder and one buffer for the whole search: linear in the text, no copy per field.
    let finder = memchr::memmem::Finder::new(needle.as_bytes());
    let mut folded = String::new();
    let mut found_in = |text: &str| {
        folded.clear();
        fold_into(text, &mut folded);
        finder.find(folded.as_bytes()).is_some()
    };
    for (m, message) in envelope.messages.iter().enumerate() {
        let Entry::Valid(message) = message else {
            continue;
        };
        for (s, segment) in message.segments.iter().enumerate() {
            let Some(segment) = segment.valid() else {
                continue;
            };
            if texts(segment).iter().any(|text| found_in(text)) {
                hits.total += 1;
                if hits.keys.len() < MAX_HITS {
                    hits.keys.push(SegmentKey::new(m, s));
                }
            }
        }
    }
    hits
}

/// Appends `text` to `out` with [`fold`] applied: ASCII text is copied and lower-cased in
/// place, which is much faster than going character by character.
fn fold_into(text: &str, out: &mut String) {
    if text.is_ascii() {
        let start = out.len();
        out.push_str(text);
        if let Some(added) = out.get_mut(start..) {
            added.make_ascii_lowercase();
        }
    } else {
        out.extend(text.chars().map(fold));
    }
}

/// Every text of a segment that a reader would search for, by kind.
fn texts(segment: &Segment) -> Vec<Cow<'_, str>> {
    match segment {
        Segment::Text(s) => vec![Borrowed(&s.content)],
        Segment::StaticVar(s) => [
            Some(Borrowed(s.name.as_str())),
            Some(Borrowed(&s.value)),
            optional(&s.description),
        ]
        .into_iter()
        .flatten()
        .collect(),
        Segment::SystemPrompt(s) => vec![Borrowed(&s.content)],
        Segment::Memory(s) => optional(&s.description)
            .into_iter()
            .chain(
                s.items
                    .iter()
                    .flat_map(|i| [Borrowed(i.title.as_str()), Borrowed(&i.content)]),
            )
            .collect(),
        Segment::Skills(s) => optional(&s.description)
            .into_iter()
            .chain(
                s.items
                    .iter()
                    .flat_map(|i| [Borrowed(i.name.as_str()), Borrowed(&i.description)]),
            )
            .collect(),
        Segment::ToolOverview(s) => s
            .items
            .iter()
            .flat_map(|i| {
                [
                    Borrowed(i.name.as_str()),
                    Borrowed(&i.description),
                    Borrowed(&i.parameters),
                ]
            })
            .collect(),
        Segment::ToolCallRequest(s) => vec![
            Borrowed(s.tool_name.as_str()),
            Owned(serde_json::Value::Object(s.arguments.clone()).to_string()),
        ],
        Segment::ToolCallResult(s) => vec![Borrowed(s.tool_name.as_str()), Borrowed(&s.result)],
        Segment::Document(s) => [
            Some(Borrowed(s.file_name.as_str())),
            Some(Borrowed(&s.snippet)),
            optional(&s.parsed_content),
        ]
        .into_iter()
        .flatten()
        .collect(),
        Segment::LongText(s) => vec![Borrowed(&s.content)],
        Segment::Media(s) => [Some(Borrowed(s.url.as_str())), optional(&s.alt_text)]
            .into_iter()
            .flatten()
            .collect(),
    }
}

fn optional(text: &Option<String>) -> Option<Cow<'_, str>> {
    text.as_deref().map(Borrowed)
}

/// Lower-cases the letters of the common cased scripts: ASCII, Latin-1, Latin Extended-A,
/// Greek (final sigma as sigma), Cyrillic and fullwidth Latin. `str::to_lowercase` would do all of Unicode, but its tables add 9 KB
/// (gzip) to the app; CJK, the app's other main script, has no case.
fn fold(c: char) -> char {
    let code = u32::from(c);
    let lower = match code {
        0x41..=0x5A
        | 0xC0..=0xD6
        | 0xD8..=0xDE
        | 0x391..=0x3A1
        | 0x3A3..=0x3AB
        | 0x410..=0x42F
        | 0xFF21..=0xFF3A => code + 0x20,
        0x400..=0x40F => code + 0x50,
        0x178 => 0xFF,
        0x386 => 0x3AC,
        0x388..=0x38A => code + 0x25,
        0x38C => 0x3CC,
        0x38E..=0x38F => code + 0x3F,
        // Final sigma searches like sigma.
        0x3C2 => 0x3C3,
        0x100..=0x12F | 0x132..=0x137 | 0x14A..=0x177 if code % 2 == 0 => code + 1,
        0x139..=0x148 | 0x179..=0x17E if code % 2 == 1 => code + 1,
        _ => code,
    };
    char::from_u32(lower).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envelope(source: &str) -> Envelope {
        let loaded = pep_core::load(source, pep_core::Mode::Repair);
        let Some(envelope) = loaded.envelope else {
            panic!("{:?}", loaded.issues)
        };
        envelope
    }

    #[test]
    fn finds_segments_of_every_text_field_ignoring_case() {
        let source = r#"{"version":"1.0","messages":[
          {"id":"a","role":"user","timestamp":1,"segments":[
            {"kind":"text","content":"Hello WORLD"},
            {"kind":"media","mediaType":"image","url":"https://x/cat.png","altText":"一只猫"}]},
          {"id":"b","role":"assistant","timestamp":2,"segments":[
            {"kind":"tool_call_request","toolName":"search","arguments":{"q":"world news"},"collapsed":true}]},
          {"id":"c","role":"tool","timestamp":3,"segments":[
            {"kind":"tool_call_result","toolName":"search","result":"none","success":true,"collapsed":true}]}]}"#;
        let envelope = envelope(source);
        assert_eq!(
            find(&envelope, "world").keys,
            [SegmentKey::new(0, 0), SegmentKey::new(1, 0)]
        );
        assert_eq!(
            find(&envelope, "  SEARCH ").keys,
            [SegmentKey::new(1, 0), SegmentKey::new(2, 0)]
        );
        assert_eq!(find(&envelope, "猫").keys, [SegmentKey::new(0, 1)]);
        assert_eq!(find(&envelope, "").total, 0);
        assert_eq!(find(&envelope, "   ").total, 0);
        assert_eq!(find(&envelope, "absent").total, 0);
    }

    #[test]
    fn folding_matches_the_standard_library_where_it_applies() {
        for code in (0x20..0x250).chain(0x370..0x460).chain(0xFF00..0xFF60) {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let folded = fold(c);
            // Final sigma is lower case already; it folds to sigma on purpose.
            if folded != c && c != 'ς' {
                assert_eq!(
                    c.to_lowercase().collect::<String>(),
                    folded.to_string(),
                    "{c}"
                );
            }
        }
        assert_eq!(fold('Ω'), 'ω');
        assert_eq!(fold('Ж'), 'ж');
        assert_eq!(fold('Ё'), 'ё');
        assert_eq!(fold('Ł'), 'ł');
        assert_eq!(fold('中'), '中');
    }

    #[test]
    fn non_ascii_queries_ignore_case_too() {
        let source = r#"{"version":"1.0","messages":[{"id":"a","role":"user","timestamp":1,
            "segments":[{"kind":"text","content":"ÉCOLE ΣΟΦΊΑ ПРИВЕТ"}]}]}"#;
        assert_eq!(find(&envelope(source), "école").total, 1);
        assert_eq!(find(&envelope(source), "привет").total, 1);
        assert_eq!(find(&envelope(source), "σοφία").total, 1);
        assert_eq!(find(&envelope(source), "ＡＢＣ").total, 0);
        let fullwidth = source.replace("ÉCOLE", "ＡＢＣ");
        assert_eq!(find(&envelope(&fullwidth), "ａｂｃ").total, 1);
    }

    #[test]
    fn hits_are_capped_but_counted() {
        let segments = vec![r#"{"kind":"text","content":"needle"}"#; MAX_HITS + 5].join(",");
        let source = format!(
            r#"{{"version":"1.0","messages":[{{"id":"a","role":"user","timestamp":1,"segments":[{segments}]}}]}}"#
        );
        let hits = find(&envelope(&source), "needle");
        assert_eq!(hits.keys.len(), MAX_HITS);
        assert_eq!(hits.total, MAX_HITS + 5);
    }
}
