//! Helpers of the session-log tests: writing a log, and reading an import back in short.
#![allow(dead_code)]

use serde_json::Value;

/// The lines as JSON Lines.
pub fn jsonl(lines: &[Value]) -> String {
    lines
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each message of the import as `role: segment + segment`, a segment by its text or kind.
pub fn texts(imported: &pep_core::import::Imported) -> Vec<String> {
    let value = imported.to_value();
    value["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let segments: Vec<String> = m["segments"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| match s["kind"].as_str() {
                    Some("text") => s["content"].as_str().unwrap_or("").to_owned(),
                    Some("tool_call_request") => {
                        format!("call {}", s["toolName"].as_str().unwrap_or(""))
                    }
                    Some("tool_call_result") => {
                        format!("result {}", s["result"].as_str().unwrap_or(""))
                    }
                    Some("system_prompt") => {
                        format!("system {}", s["content"].as_str().unwrap_or(""))
                    }
                    other => format!("{other:?}"),
                })
                .collect();
            format!(
                "{}: {}",
                m["role"].as_str().unwrap_or(""),
                segments.join(" + ")
            )
        })
        .collect()
}

/// The import's warnings as `warning PATH: message` lines.
pub fn warnings(imported: &pep_core::import::Imported) -> Vec<String> {
    imported.warnings.iter().map(ToString::to_string).collect()
}
