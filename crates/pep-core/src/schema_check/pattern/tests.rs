use std::time::{Duration, Instant};

use super::Regex;

fn regex(pattern: &str) -> Regex {
    Regex::new(pattern, 10_000).unwrap_or_else(|| panic!("{pattern:?} is refused"))
}

fn matches(pattern: &str, text: &str) -> bool {
    regex(pattern).is_match(text)
}

#[test]
fn search_is_unanchored_unless_anchored() {
    assert!(matches("abc", "xxabcxx"));
    assert!(!matches("abd", "xxabcxx"));
    assert!(matches("^ab", "abc"));
    assert!(!matches("^bc", "abc"));
    assert!(matches("bc$", "abc"));
    assert!(!matches("ab$", "abc"));
    assert!(matches("^abc$", "abc"));
    assert!(!matches("^abc$", "abcd"));
    assert!(!matches("^abc$", "abc\n"));
    assert!(matches("", "anything"));
    assert!(matches("^$", ""));
    assert!(!matches("^$", "x"));
    assert!(matches("a|^b", "cb a"));
}

#[test]
fn escapes_and_dot() {
    assert!(matches(r"^\d+$", "2024"));
    assert!(!matches(r"^\d+$", "20a4"));
    assert!(matches(r"^\w+$", "snake_case9"));
    assert!(!matches(r"^\w+$", "kebab-case"));
    assert!(matches(r"^\s$", "\u{a0}"));
    assert!(matches(r"^\D\W\S$", "a-b"));
    assert!(!matches(r"^\D$", "5"));
    assert!(matches(r"^a\.b$", "a.b"));
    assert!(!matches(r"^a\.b$", "axb"));
    assert!(matches(r"^a.b$", "axb"));
    assert!(matches(r"^.$", "é"));
    assert!(!matches(r"^.$", "\n"));
    assert!(matches(r"^\x41\u00e9\t$", "Aé\t"));
    assert!(matches(
        r"^\(\)\[\]\{\}\\\/\-\^\$\*\+\?\|$",
        r"()[]{}\/-^$*+?|"
    ));
}

#[test]
fn classes() {
    assert!(matches("^[a-z0-9_]+$", "user_42"));
    assert!(!matches("^[a-z0-9_]+$", "User_42"));
    assert!(matches("^[^0-9]+$", "abc"));
    assert!(!matches("^[^0-9]+$", "ab1"));
    assert!(matches(r"^[\d.]+$", "3.14"));
    assert!(matches(r"^[\D]$", "x"));
    assert!(matches("^[-a]+$", "-a-"));
    assert!(matches("^[a-]+$", "-a-"));
    assert!(matches("^[a-c-e]+$", "a-e"));
    assert!(!matches("^[a-c-e]+$", "d"));
    assert!(matches(r"^[\]\\]+$", r"]\"));
    assert!(matches("^[^]$", "\n"));
    assert!(!matches("[]", "anything"));
    assert!(matches("^[[]$", "["));
    assert!(matches(r"^[\b]$", "\u{8}"));
}

#[test]
fn groups_and_alternation() {
    assert!(matches("^(cat|dog)s?$", "dogs"));
    assert!(matches("^(cat|dog)s?$", "cat"));
    assert!(!matches("^(cat|dog)s?$", "cow"));
    assert!(matches("^(?:a|b|)c$", "c"));
    assert!(matches("^(a|b)(c|d)$", "bd"));
    assert!(matches("^((a|b)c)+$", "acbcac"));
    assert!(!matches("^((a|b)c)+$", "acbd"));
    assert!(matches("^(https?|ftp)://[^ ]+$", "https://example.com"));
    assert!(matches("^()$", ""));
}

#[test]
fn counted_repeats() {
    assert!(matches(r"^\d{4}-\d{2}-\d{2}$", "2024-06-01"));
    assert!(!matches(r"^\d{4}-\d{2}-\d{2}$", "2024-6-01"));
    assert!(matches("^a{2,}$", "aaaa"));
    assert!(!matches("^a{2,}$", "a"));
    assert!(matches("^a{2,3}$", "aaa"));
    assert!(!matches("^a{2,3}$", "aaaa"));
    assert!(matches("^a{0}$", ""));
    assert!(matches("^(ab){1,2}$", "abab"));
    assert!(matches("^a*?b+?c??$", "aabb"));
    assert!(matches("^a{2,3}?$", "aa"));
}

#[test]
fn unsupported_and_malformed_patterns_are_refused() {
    for pattern in [
        "(?=a)",
        "(?!a)",
        "(?<=a)b",
        "(?<!a)b",
        "(?<name>a)",
        "(?i)abc",
        r"(a)\1",
        r"\bword\b",
        r"\Bx",
        r"\p{L}",
        r"\k<x>",
        r"\cJ",
        r"\u{1F600}",
        r"\a",
        r"\ud800",
        r"\01",
        "a{",
        "a{1",
        "a{x}",
        "{1}",
        "a}",
        "]",
        "a**",
        "a{2}{3}",
        "*a",
        "+",
        "^*",
        "(a",
        "a)",
        "[a",
        "[z-a]",
        r"[\d-z]",
        "a{3,2}",
        "a{10001}",
        "x\\",
    ] {
        assert!(
            Regex::new(pattern, 10_000).is_none(),
            "{pattern:?} is accepted"
        );
    }
}

#[test]
fn program_size_is_capped() {
    assert!(Regex::new("a{5000}", 10_000).is_some());
    assert!(Regex::new("(a{100}){100}", 10_000).is_none());
    assert!(Regex::new("((a{100}){100}){100}", 10_000).is_none());
    assert!(Regex::new("a{10000}", 10_000).is_none());
    assert!(Regex::new("abc", 3).is_none());
    // Repeating an empty group costs nothing, however often.
    let started = Instant::now();
    assert!(Regex::new("((){10000}){10000}", 10_000).is_some());
    assert!(Regex::new("((()()){10000}){10000}", 10_000).is_some());
    assert!(Regex::new("(((a{0}){10000}){10000}){10000}", 10_000).is_some());
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(matches("^(a{0}){5}b$", "b"));
    let deep = format!("{}a{}", "(".repeat(65), ")".repeat(65));
    assert!(Regex::new(&deep, 10_000).is_none());
    let fine = format!("{}a{}", "(".repeat(60), ")".repeat(60));
    assert!(Regex::new(&fine, 10_000).is_some());
}

#[test]
fn pathological_patterns_run_in_linear_time() {
    let text = "a".repeat(100_000);
    let started = Instant::now();
    assert!(!matches("(a*)*b", &text));
    assert!(!matches("^(a|a)*$b", &text));
    assert!(!matches("(a|aa)+c", &text));
    assert!(matches("(a*)*$", &text));
    let long = format!("{text}b");
    assert!(matches("^(a+)+b$", &long));
    // A backtracking engine takes longer than the age of the universe; this takes
    // milliseconds (generous bound for slow debug builds on shared machines).
    assert!(started.elapsed() < Duration::from_secs(10));
}
