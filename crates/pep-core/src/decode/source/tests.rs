//! The scanner on duplicate keys, spans, garbage and deep nesting, and its caps.

use super::*;
use crate::issue::{EnvelopeProblem, Repeated};

fn duplicates(text: &str) -> Vec<String> {
    scan(text)
        .duplicate_keys
        .iter()
        .map(|issue| issue.path.clone())
        .collect()
}

#[test]
fn duplicate_keys_are_reported_with_their_path() {
    let text = r#"{"messages":[{"id":"a","x":{"k":1,"k":2},"id":"b"}],"v":1,"v":2}"#;
    assert_eq!(duplicates(text), ["messages[0].x.k", "messages[0].id", "v"]);
    let escaped = r#"{"a":1,"\u0061":2}"#;
    assert_eq!(duplicates(escaped).len(), 1);
    assert_eq!(
        duplicates(r#"{"a\u001b":1,"a\u001b":2}"#),
        [r#"["a\u001b"]"#]
    );
}

#[test]
fn spans_locate_members_and_messages() {
    let text = r#"{"version":"1.0", "messages":[{"a":1E5}, 2 ,"x"],"n":[3]}"#;
    let facts = scan(text);
    let slices: Vec<&str> = facts
        .members
        .iter()
        .map(|s| &text[s.start..s.end])
        .collect();
    assert_eq!(slices, [r#""1.0""#, r#"[{"a":1E5}, 2 ,"x"]"#, "[3]"]);
    let [(member, elements)] = facts.message_lists.as_slice() else {
        panic!("{:?}", facts.message_lists);
    };
    assert_eq!(*member, 1);
    let slices: Vec<(&str, bool)> = elements
        .iter()
        .map(|s| (&text[s.start..s.end], s.has_exponent))
        .collect();
    assert_eq!(
        slices,
        [(r#"{"a":1E5}"#, true), ("2", false), (r#""x""#, false)]
    );
    assert!(facts.has_exponent);
}

#[test]
fn garbage_and_deep_nesting_never_crash() {
    for text in [
        "",
        "}",
        "]]]",
        "{\"a",
        "[\"\\",
        "{:::,,,}",
        "-",
        "\u{feff}x",
    ] {
        let _ = scan(text);
    }
    let deep = "[".repeat(200_000) + "{\"k\":1,\"k\":2}" + &"]".repeat(200_000);
    let _ = scan(&deep);
    let limit = "[".repeat(126) + "{\"k\":1,\"k\":2}" + &"]".repeat(126);
    assert_eq!(scan(&limit).duplicate_keys.len(), 1);
}

#[test]
fn duplicates_beyond_the_cap_are_counted() {
    let members: Vec<String> = (0..250).map(|_| "\"d\":1".to_owned()).collect();
    let text = format!("{{{}}}", members.join(","));
    let facts = scan(&text);
    assert_eq!(facts.duplicate_keys.len(), Cap::LIMIT + 1);
    assert_eq!(
        facts.duplicate_keys.last().map(|issue| &issue.problem),
        Some(&Problem::Envelope(EnvelopeProblem::NotListed {
            what: Repeated::Key,
            count: 249 - Cap::LIMIT
        }))
    );
}
