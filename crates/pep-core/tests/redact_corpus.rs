//! The redaction corpus (DECISIONS §8, "Redaction before sharing"): made-up secrets of every
//! kind, each to be found with its kind and its exact range, and near misses (hashes, UUIDs,
//! base64 images, commit ids, prose, `task-…` ids, placeholders), none of which may be. Every
//! miss and every false positive is listed at once, with the counts.

use pep_core::redact::{Hit, SecretKind, scan_text, scan_value};
use serde_json::Value;

const CORPUS: &str = include_str!("fixtures/redact/corpus.json");

fn corpus() -> Value {
    serde_json::from_str(CORPUS).unwrap_or_else(|e| panic!("corpus.json: {e}"))
}

fn entries<'c>(corpus: &'c Value, key: &str) -> &'c [Value] {
    corpus[key]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_else(|| panic!("corpus.json has no `{key}` array"))
}

fn field<'e>(entry: &'e Value, key: &str) -> &'e str {
    entry[key]
        .as_str()
        .unwrap_or_else(|| panic!("corpus entry without `{key}`: {entry}"))
}

fn kind(entry: &Value) -> SecretKind {
    let name = field(entry, "kind");
    SecretKind::from_name(name).unwrap_or_else(|| panic!("unknown kind {name:?}"))
}

/// What was expected and what was found, when they differ.
fn mismatch(expected: &Hit, found: &[Hit], shown: &str) -> Option<String> {
    (found != std::slice::from_ref(expected))
        .then(|| format!("expected {expected:?}, found {found:?} in {shown:?}"))
}

#[test]
fn every_secret_is_found_with_its_kind_and_range() {
    let corpus = corpus();
    let secrets = entries(&corpus, "secrets");
    let mut misses = Vec::new();
    let mut per_kind = std::collections::BTreeMap::new();
    for entry in secrets {
        let (text, secret) = (field(entry, "text"), field(entry, "secret"));
        let start = text
            .find(secret)
            .unwrap_or_else(|| panic!("the secret is not in its text: {entry}"));
        let expected = Hit {
            kind: kind(entry),
            range: start..start + secret.len(),
        };
        *per_kind.entry(expected.kind).or_insert(0) += 1;
        misses.extend(mismatch(&expected, &scan_text(text), text));
    }
    for kind in SecretKind::ALL {
        assert!(per_kind.contains_key(&kind), "the corpus has no {kind}");
    }
    eprintln!(
        "redact corpus: {} secrets, {} missed or misread, by kind {per_kind:?}",
        secrets.len(),
        misses.len()
    );
    assert!(secrets.len() >= 40, "only {} secrets", secrets.len());
    assert!(
        misses.is_empty(),
        "{} of {} secrets missed or misread:\n{}",
        misses.len(),
        secrets.len(),
        misses.join("\n")
    );
}

#[test]
fn no_near_miss_is_a_secret() {
    let corpus = corpus();
    let near = entries(&corpus, "near_misses");
    let false_positives: Vec<String> = near
        .iter()
        .filter_map(|entry| {
            let text = field(entry, "text");
            let found = scan_text(text);
            (!found.is_empty()).then(|| format!("{}: {found:?} in {text:?}", field(entry, "why")))
        })
        .collect();
    eprintln!(
        "redact corpus: {} near misses, {} false positives",
        near.len(),
        false_positives.len()
    );
    assert!(near.len() >= 40, "only {} near misses", near.len());
    assert!(
        false_positives.is_empty(),
        "{} false positives in {} near misses:\n{}",
        false_positives.len(),
        near.len(),
        false_positives.join("\n")
    );
}

#[test]
fn named_values_are_secrets_as_a_whole_and_near_names_are_not() {
    let corpus = corpus();
    let named = entries(&corpus, "named_values");
    let mut wrong: Vec<String> = named
        .iter()
        .filter_map(|entry| {
            let (name, value) = (field(entry, "name"), field(entry, "value"));
            let expected = Hit {
                kind: kind(entry),
                range: 0..value.len(),
            };
            mismatch(
                &expected,
                &scan_value(name, value),
                &format!("{name}={value}"),
            )
        })
        .collect();
    let near = entries(&corpus, "named_misses");
    wrong.extend(near.iter().filter_map(|entry| {
        let (name, value) = (field(entry, "name"), field(entry, "value"));
        let found = scan_value(name, value);
        (!found.is_empty()).then(|| format!("false positive {found:?} in {name}={value:?}"))
    }));
    assert!(
        wrong.is_empty(),
        "{} wrong of {} named values and {} near names:\n{}",
        wrong.len(),
        named.len(),
        near.len(),
        wrong.join("\n")
    );
}

/// The corpus as an envelope: one text segment per entry, secrets first. Scanning finds one
/// secret per secret entry (at its segment's content) and nothing else; redacting keeps it
/// valid, and nothing of any secret remains.
#[test]
fn the_corpus_as_an_envelope() {
    let corpus = corpus();
    let secrets = entries(&corpus, "secrets");
    let near = entries(&corpus, "near_misses");
    let segments: Vec<Value> = secrets
        .iter()
        .chain(near)
        .map(|entry| serde_json::json!({"kind": "text", "content": field(entry, "text")}))
        .collect();
    let text = serde_json::json!({
        "version": "1.0",
        "model": "gpt-4o",
        "messages": [{"id": "m1", "role": "user", "segments": segments, "timestamp": 1}],
    })
    .to_string();
    let loaded = pep_core::load(&text, pep_core::Mode::Strict);
    assert!(!loaded.has_errors(), "{:?}", loaded.issues);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope")
    };
    let findings = pep_core::redact::scan(&envelope);
    let paths: Vec<String> = (0..secrets.len())
        .map(|s| format!("messages[0].segments[{s}].content"))
        .collect();
    let found: Vec<&str> = findings.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        found,
        paths,
        "{} findings for {} secrets",
        findings.len(),
        secrets.len()
    );
    let (redacted, again) = pep_core::redact::redact(envelope);
    assert_eq!(again, findings);
    let written = redacted.to_value().to_string();
    assert!(!pep_core::validate(&written).iter().any(|i| i.is_error()));
    for (s, entry) in secrets.iter().enumerate() {
        let secret = field(entry, "secret");
        let Some(pep_core::Segment::Text(segment)) = redacted.segment_at(0, s) else {
            panic!("segment {s} is gone")
        };
        assert!(!segment.content.contains(secret), "{secret:?} survived");
        assert!(
            segment.content.contains("[redacted: "),
            "{}",
            segment.content
        );
    }
}
