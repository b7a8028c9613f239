//! The Gemini export's calls and responses (DECISIONS §14): ids only from a `callId` (G-2), a
//! repeated `callId` written as the `call_N` its warning names, and a result that is a JSON
//! object sent as that object with its numbers as written (G-3).

use pep_core::export::{Format, Options};

fn envelope(result: &str, second_id: &str) -> String {
    let result = serde_json::to_string(result).unwrap_or_default();
    format!(
        r#"{{"version": "1.0", "messages": [
      {{"id": "u", "role": "user", "timestamp": 1, "segments": [{{"kind": "text", "content": "Go"}}]}},
      {{"id": "a", "role": "assistant", "timestamp": 2, "segments": [
        {{"kind": "tool_call_request", "toolName": "f", "arguments": {{}}, "collapsed": false, "callId": "a"}},
        {{"kind": "tool_call_request", "toolName": "g", "arguments": {{}}, "collapsed": false, "callId": "{second_id}"}},
        {{"kind": "tool_call_request", "toolName": "h", "arguments": {{}}, "collapsed": false}}]}},
      {{"id": "t", "role": "tool", "timestamp": 3, "segments": [
        {{"kind": "tool_call_result", "toolName": "f", "result": {result}, "success": true, "collapsed": true, "callId": "a"}},
        {{"kind": "tool_call_result", "toolName": "g", "result": "two", "success": false, "collapsed": false, "callId": "{second_id}"}},
        {{"kind": "tool_call_result", "toolName": "h", "result": "three", "success": true, "collapsed": true}}]}}]}}"#
    )
}

fn contents(text: &str) -> (String, Vec<String>) {
    match pep_core::export_text(text, Format::Gemini, Options::default()) {
        Ok(exported) => {
            let request = exported.request();
            let warnings = exported.warnings.iter().map(ToString::to_string).collect();
            (request["contents"].to_string(), warnings)
        }
        Err(issues) => panic!("{issues:#?}"),
    }
}

#[test]
fn ids_come_from_call_ids_only() {
    let (contents, warnings) = contents(&envelope(r#"{"n": 1E5, "big": 1e400, "x": 1.0}"#, "b"));
    assert_eq!(
        contents,
        concat!(
            r#"[{"role":"user","parts":[{"text":"Go"}]},"#,
            r#"{"role":"model","parts":[{"functionCall":{"id":"a","name":"f","args":{}}},"#,
            r#"{"functionCall":{"id":"b","name":"g","args":{}}},{"functionCall":{"name":"h","args":{}}}]},"#,
            r#"{"role":"user","parts":[{"functionResponse":{"id":"a","name":"f","response":{"n":1E5,"big":1e400,"x":1.0}}},"#,
            r#"{"functionResponse":{"id":"b","name":"g","response":{"error":"two"}}},"#,
            r#"{"functionResponse":{"name":"h","response":{"output":"three"}}}]}]"#
        )
    );
    assert!(
        warnings.iter().all(|w| !w.contains("callId")),
        "{warnings:#?}"
    );
}

#[test]
fn a_repeated_call_id_is_written_as_its_warning_says() {
    let (contents, warnings) = contents(&envelope("one", "a"));
    assert!(
        contents.contains(r#"{"functionCall":{"id":"call_2","name":"g","args":{}}}"#)
            && contents.contains(r#"{"functionResponse":{"id":"call_2","name":"g","#),
        "{contents}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("call_2")),
        "{warnings:#?}"
    );
}
