//! Compare is linear (DECISIONS §13, §9): two large generated envelopes that differ in one
//! message in the middle, by one message inserted at the front, and everywhere (every text,
//! every call: the alignment passes its cap and pairs the messages by role), at n and 4n
//! messages.
//!
//! Natively with `cargo test`; compiled to wasm (the code the compare module runs) by
//! `scripts/wasm-parity.sh`, under Node.

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use common::scaling::assert_linear;
use common::synth::{Config, generate};
use pep_core::diff::{Options, diff};
use pep_core::{Envelope, Mode};
use serde_json::Value;

/// Between the two envelopes of one input.
const SEPARATOR: char = '\u{0}';

fn envelope_of(messages: usize, seed: u64) -> String {
    generate(&Config {
        messages,
        seed,
        ..Config::default()
    })
}

/// A, the separator, then B: A with the text of its middle message edited.
fn middle(n: usize) -> String {
    let a = envelope_of(n, 1);
    let mut value: Value = serde_json::from_str(&a).unwrap_or_default();
    if let Some(messages) = value.get_mut("messages").and_then(Value::as_array_mut) {
        let middle = messages.len() / 2;
        for segment in messages[middle]["segments"]
            .as_array_mut()
            .into_iter()
            .flatten()
        {
            if let Some(Value::String(content)) = segment.get_mut("content") {
                content.push_str(" (edited)");
            }
        }
    }
    format!("{a}{SEPARATOR}{value}")
}

/// A, the separator, then B: A with one more message at the front.
fn front(n: usize) -> String {
    let a = envelope_of(n, 1);
    let mut value: Value = serde_json::from_str(&a).unwrap_or_default();
    if let Some(messages) = value.get_mut("messages").and_then(Value::as_array_mut) {
        messages.insert(
            0,
            serde_json::json!({"id": "new", "role": "user", "timestamp": 0,
                "segments": [{"kind": "text", "content": "One more question first."}]}),
        );
    }
    format!("{a}{SEPARATOR}{value}")
}

/// A and B generated from different seeds: the same shape of turns, different everything.
fn everywhere(n: usize) -> String {
    format!("{}{SEPARATOR}{}", envelope_of(n, 1), envelope_of(n, 2))
}

fn load(text: &str) -> Envelope {
    match pep_core::load(text, Mode::Strict).envelope {
        Some(envelope) => envelope,
        None => panic!("no envelope"),
    }
}

/// Loads both and compares them (loading is linear; the comparison must be too).
fn compare(input: &str) {
    let (a, b) = input.split_once(SEPARATOR).unwrap_or((input, input));
    let (a, b) = (load(a), load(b));
    std::hint::black_box(diff(&a, &b, &Options::default()));
}

#[test]
fn two_envelopes_that_differ_in_the_middle() {
    let input = middle(400);
    let (a, b) = input.split_once(SEPARATOR).unwrap_or_default();
    let found = diff(&load(a), &load(b), &Options::default());
    assert_eq!(
        (found.message_counts.same, found.message_counts.changed),
        (400, 1)
    );
    assert_linear("diff, one change in the middle", 500, middle, compare);
}

#[test]
fn two_envelopes_that_differ_everywhere() {
    let input = everywhere(400);
    let (a, b) = input.split_once(SEPARATOR).unwrap_or_default();
    let found = diff(&load(a), &load(b), &Options::default());
    // More than the cap of edits: every message pairs with its counterpart by role.
    assert!(
        found.message_counts.changed > 300,
        "{:?}",
        found.message_counts
    );
    assert_linear("diff, different everywhere", 500, everywhere, compare);
}

#[test]
fn two_envelopes_that_differ_by_a_message_at_the_front() {
    let input = front(400);
    let (a, b) = input.split_once(SEPARATOR).unwrap_or_default();
    let a = load(a);
    let found = diff(&a, &load(b), &Options::default());
    assert_eq!(
        (found.message_counts.same, found.message_counts.added),
        (a.messages.len(), 1)
    );
    assert_linear("diff, one message at the front", 500, front, compare);
}
