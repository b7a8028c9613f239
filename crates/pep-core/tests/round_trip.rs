//! Parse → serialize gives back the same JSON: same keys, same order, numbers exactly as
//! written, unknown fields and invalid parts included.

mod common;

use common::{DEMOS, json, read};
use pep_core::Mode;

fn round_trip(text: &str, mode: Mode) -> String {
    let loaded = pep_core::load(text, mode);
    match loaded.envelope {
        Some(envelope) => envelope.to_value().to_string(),
        None => panic!("no envelope: {:?}", loaded.issues),
    }
}

#[test]
fn demos_round_trip_exactly() {
    for demo in DEMOS {
        let text = read(&format!("demos/{demo}"));
        assert_eq!(
            round_trip(&text, Mode::Strict),
            json(&text).to_string(),
            "{demo}"
        );
    }
}

#[test]
fn unknown_fields_odd_order_numbers_and_invalid_parts_survive() {
    let text = r#"{
      "x-top": {"b": 1E5, "a": [1.0, -0.0, 12345678901234567890]},
      "messages": [
        {"segments": [
            {"content": "reordered", "kind": "text", "x": 1.50},
            {"kind": "memory", "items": [{"content": "c", "title": "t", "note": null}], "collapsed": true, "description": "d"},
            {"kind": "text", "content": 42, "why": "invalid: kept raw"},
            {"kind": "tool_call_request", "toolName": "s", "arguments": {"z": 1e-7, "a": "é"}, "collapsed": false, "y": []},
            {"kind": "skills", "items": [{"name": "pdf", "body": "L2", "description": "d"}, {"body": 5, "name": "x", "description": "d"}], "collapsed": true}
          ],
         "timestamp": 1780897800000, "id": "m1", "role": "assistant", "meta": {"k": "v"}},
        {"id": "m2", "role": "wizard", "segments": [], "timestamp": 1.5},
        {"id": "m3", "role": "tool", "segments": [{"kind": "tool_call_result", "toolName": "s", "success": true, "result": "ok", "collapsed": true}], "timestamp": 1780897900000}
      ],
      "model": "",
      "version": 1.0
    }"#;
    for mode in [Mode::Strict, Mode::Repair] {
        assert_eq!(round_trip(text, mode), json(text).to_string(), "{mode:?}");
    }
}

#[test]
fn minus_zero_integers_round_trip() {
    // Found by fuzzing: `-0` is a valid count and timestamp, and must be written back as such.
    let text = r#"{"version":"1.0","messages":[{"id":"m","role":"user","segments":[{"kind":"document","fileName":"f","mimeType":"m","snippet":"s","sizeBytes":-0},{"kind":"long_text","content":"","charCount":-0,"collapsed":true}],"timestamp":-0}]}"#;
    let loaded = pep_core::load(text, Mode::Strict);
    assert_eq!(loaded.issues, []);
    assert_eq!(round_trip(text, Mode::Strict), json(text).to_string());
}
