//! The one difference the round trips of DECISIONS §7 allow: with `tools`, the head of the
//! second export gains the tool lines of §3 for the tool_overview the import made.
#![allow(dead_code)]

use pep_core::export::Format;
use serde_json::Value;

/// `request` with `"\n\n"` and one line `- {name}({summary}): {description}` per declared tool
/// appended to its head (the OpenAI system message's content, Responses' `instructions`,
/// Anthropic's `system`, Gemini's `systemInstruction` text); unchanged
/// without tools.
pub fn with_tool_lines(request: &Value, format: Format) -> Value {
    let mut expected = request.clone();
    let tools_key = match format {
        Format::Otel => "gen_ai.tool.definitions",
        _ => "tools",
    };
    let tools = match format {
        // Gemini declares every function in its first Tool.
        Format::Gemini => request
            .get("tools")
            .and_then(|tools| tools.get(0))
            .and_then(|tool| tool.get("functionDeclarations")),
        _ => request.get(tools_key),
    };
    let Some(Value::Array(tools)) = tools else {
        return expected;
    };
    let lines: Vec<String> = tools
        .iter()
        .map(|tool| {
            let declared = if format == Format::OpenAi {
                &tool["function"]
            } else {
                tool
            };
            let schema = match format {
                Format::OpenAi | Format::Responses | Format::Otel => &declared["parameters"],
                Format::Anthropic | Format::Mcp => &declared["input_schema"],
                Format::Gemini => &declared["parametersJsonSchema"],
            };
            let description = declared
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("");
            let name = declared["name"].as_str().unwrap_or("");
            format!("- {name}({}): {description}", summary(schema))
        })
        .collect();
    if format == Format::Otel {
        return with_otel_lines(expected, &lines);
    }
    let head = match format {
        Format::OpenAi => &mut expected["messages"][0]["content"],
        Format::Responses => &mut expected["instructions"],
        Format::Anthropic | Format::Mcp => &mut expected["system"],
        Format::Gemini => &mut expected["systemInstruction"]["parts"][0]["text"],
        Format::Otel => unreachable!("handled above"),
    };
    let text = format!("{}\n\n{}", head.as_str().unwrap_or(""), lines.join("\n"));
    *head = Value::from(text);
    expected
}

/// The OpenTelemetry attributes with the tool lines in the system instructions' text part,
/// which comes first (and is made when there was none).
fn with_otel_lines(request: Value, lines: &[String]) -> Value {
    let key = "gen_ai.system_instructions";
    let head = request[key][0]["content"].as_str().map(str::to_owned);
    let text = match head {
        Some(head) => format!("{head}\n\n{}", lines.join("\n")),
        None => lines.join("\n"),
    };
    let mut out = serde_json::Map::new();
    out.insert(
        key.to_owned(),
        serde_json::json!([{"type": "text", "content": text}]),
    );
    for (k, v) in request.as_object().into_iter().flatten() {
        if k != key {
            out.insert(k.clone(), v.clone());
        }
    }
    Value::Object(out)
}

/// The §7 parameter summary, written again for the test.
pub fn summary(schema: &Value) -> String {
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let types = |s: &Value| match &s["type"] {
        Value::String(t) => Some(t.clone()),
        Value::Array(ts) if !ts.is_empty() => Some(
            ts.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("|"),
        ),
        _ => None,
    };
    let Some(properties) = schema["properties"].as_object() else {
        return String::new();
    };
    let parts: Vec<String> = properties
        .iter()
        .map(|(name, property)| {
            let members = ["anyOf", "oneOf"].iter().find_map(|key| {
                let found: Vec<String> = property[*key]
                    .as_array()?
                    .iter()
                    .filter_map(types)
                    .collect();
                (!found.is_empty()).then(|| found.join("|"))
            });
            let kind = types(property)
                .or(members)
                .unwrap_or_else(|| "any".to_owned());
            let optional = if required.contains(&name.as_str()) {
                ""
            } else {
                "?"
            };
            format!("{name}{optional}: {kind}")
        })
        .collect();
    parts.join(", ")
}
