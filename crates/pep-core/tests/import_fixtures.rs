//! Real request bodies (`tests/fixtures/import/{openai,anthropic,mcp,responses}/`, each listed in its
//! folder's `SOURCE.md`): each is detected as its format, imports to an envelope that
//! validates with no errors, exports back to its format, and the export is a fixed point of
//! import + export (DECISIONS §7, with the tool-lines exception).

mod common;
#[path = "import/support.rs"]
mod support;
#[path = "import/tool_lines.rs"]
mod tool_lines;

use pep_core::export::{Format, Options, export};
use pep_core::import::{Source, detect, import};

/// Fixtures that carry none of the signs §7's detection looks for.
const DETECTED_AS_OPENAI: [&str; 2] = ["anthropic/multi-turn.json", "anthropic/web-search.json"];

fn fixtures(folder: &str) -> Vec<(String, String)> {
    let files = support::fixture_files(folder, "json");
    files
        .into_iter()
        .map(|(name, _, text)| (name, text))
        .collect()
}

/// Imports, validates and re-exports every fixture of `folder`; returns the warnings of each
/// import as `file: warning PATH: message` lines.
fn check_folder(folder: &str, source: Source, format: Format) -> Vec<String> {
    let sources = common::read(&format!("tests/fixtures/import/{folder}/SOURCE.md"));
    let files = fixtures(folder);
    assert!(files.len() >= 6, "{folder}: {} fixtures", files.len());
    let mut warnings = Vec::new();
    for (name, text) in files {
        let id = format!("{folder}/{name}");
        assert!(
            sources.contains(&format!("- `{name}`: ")),
            "{id} is not listed in SOURCE.md"
        );
        let detected = detect(&common::json(&text));
        let expected = if DETECTED_AS_OPENAI.contains(&id.as_str()) {
            Source::OpenAi
        } else {
            source
        };
        assert_eq!(detected, Ok(expected), "{id}");
        let imported = support::imported(&text, Some(source));
        support::assert_valid(&imported);
        warnings.extend(imported.warnings.iter().map(|w| format!("{name}: {w}")));

        // The envelope exports (as `pep export` would: no validation errors) ...
        let exported =
            match pep_core::export_text(&imported.to_pretty_json(), format, Options::default()) {
                Ok(exported) => exported.request(),
                Err(issues) => panic!("{id}: not exported: {issues:#?}"),
            };
        // ... and that export comes back from import + export as it is (with the tool lines).
        let again = match import(&exported.to_string(), Some(source)) {
            Ok(again) => again,
            Err(errors) => panic!("{id}: re-import failed: {errors:#?}\n{exported}"),
        };
        let second = export(&again.envelope, format, Options::default()).request();
        assert_eq!(
            second.to_string(),
            tool_lines::with_tool_lines(&exported, format).to_string(),
            "{id}"
        );
    }
    warnings
}

/// The import warnings of every fixture, in order: what each real request loses.
#[test]
fn openai_fixtures() {
    let warnings = check_folder("openai", Source::OpenAi, Format::OpenAi);
    assert_eq!(
        warnings,
        [
            "audio-input.json: warning modalities: left out of the envelope: the key `modalities`",
            "audio-input.json: warning audio: left out of the envelope: the key `audio`",
            "chat-default.json: warning messages[0].role: a developer message is imported as a system message",
            "chat-functions.json: warning tool_choice: left out of the envelope: the key `tool_choice`",
            "chat-image-input.json: warning max_tokens: left out of the envelope: the key `max_tokens`",
            "chat-logprobs.json: warning logprobs: left out of the envelope: the key `logprobs`",
            "chat-logprobs.json: warning top_logprobs: left out of the envelope: the key `top_logprobs`",
            "chat-streaming.json: warning stream: left out of the envelope: the key `stream`",
            "chat-streaming.json: warning stream_options: left out of the envelope: the key `stream_options`",
            "chat-streaming.json: warning messages[0].role: a developer message is imported as a system message",
            "file-input.json: warning messages[0].content[0]: the file's content is not kept: the document keeps its name, type and size, with an empty snippet",
            "function-calling-results.json: warning tools[0].function.strict: left out of the envelope: the key `strict`",
            "legacy-functions.json: warning function_call: left out of the envelope: the key `function_call`",
            "parallel-tool-calls.json: warning tool_choice: left out of the envelope: the key `tool_choice`",
            "parallel-tool-calls.json: warning messages[2].name: left out of the envelope: the key `name`",
            "parallel-tool-calls.json: warning messages[3].name: left out of the envelope: the key `name`",
            "parallel-tool-calls.json: warning messages[4].name: left out of the envelope: the key `name`",
        ]
    );
}

#[test]
fn anthropic_fixtures() {
    let max_tokens = |file: &str, n: u32| {
        format!(
            "{file}: warning max_tokens: max_tokens {n} is left out of the envelope; the Anthropic \
             export takes it as an option (4096 unless told otherwise)"
        )
    };
    let not_kept = "the file's content is not kept: the document keeps its name, type and size, with an empty snippet";
    let warnings = check_folder("anthropic", Source::Anthropic, Format::Anthropic);
    assert_eq!(
        warnings,
        [
            max_tokens("citations-text.json", 1024),
            "citations-text.json: warning messages[0].content[0].context: left out of the envelope: the key `context`".to_owned(),
            "citations-text.json: warning messages[0].content[0].citations: left out of the envelope: the key `citations`".to_owned(),
            max_tokens("extended-thinking-tools.json", 16000),
            "extended-thinking-tools.json: warning thinking: left out of the envelope: the key `thinking`".to_owned(),
            "extended-thinking-tools.json: warning messages[1].content[0]: left out of the envelope: a content block of type `thinking`".to_owned(),
            max_tokens("messages-system.json", 2048),
            max_tokens("multi-turn.json", 1024),
            max_tokens("pdf-base64.json", 1024),
            format!("pdf-base64.json: warning messages[0].content[0]: {not_kept}"),
            max_tokens("pdf-url.json", 1024),
            format!("pdf-url.json: warning messages[0].content[0]: {not_kept}"),
            max_tokens("prompt-caching.json", 1024),
            "prompt-caching.json: warning system[1].cache_control: left out of the envelope: the key `cache_control`".to_owned(),
            max_tokens("tool-result-error.json", 1024),
            max_tokens("tool-result.json", 1024),
            max_tokens("tool-use.json", 1024),
            max_tokens("vision-base64.json", 1024),
            max_tokens("vision-url.json", 1024),
            max_tokens("web-search.json", 1024),
            "web-search.json: warning tools[0]: left out of the envelope: the server tool `web_search` (a tool without input_schema)".to_owned(),
        ]
    );
}

#[test]
fn mcp_fixtures() {
    let warnings = check_folder("mcp", Source::Mcp, Format::Mcp);
    assert_eq!(
        warnings,
        [
            "blob-resource.json: warning messages[0].content: the file's content is not kept: the document keeps its name, type and size, with an empty snippet",
            "content-image.json: warning description: left out of the envelope: the key `description`",
            "content-resource.json: warning result.messages[0].content.resource.name: left out of the envelope: the key `name`",
            "content-resource.json: warning result.messages[0].content.resource.title: left out of the envelope: the key `title`",
            "everything-resource-prompt.json: warning result.messages[1].content.resource.name: left out of the envelope: the key `name`",
            "prompts-get-response.json: warning result.description: left out of the envelope: the key `description`",
            "resource-link.json: warning description: left out of the envelope: the key `description`",
            "resource-link.json: warning messages[1].content.description: left out of the envelope: the key `description`",
            "resource-link.json: warning messages[1].content.mimeType: left out of the envelope: the key `mimeType`",
        ]
    );
}

/// Two fixtures in full: what the envelope of a real request looks like.
#[test]
fn two_fixtures_in_full() {
    let text = common::read("tests/fixtures/import/anthropic/tool-result.json");
    let imported = support::imported(&text, None);
    let schema = serde_json::json!({"type": "object", "properties": {
        "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"],
                 "description": "The unit of temperature, either \"celsius\" or \"fahrenheit\""}},
        "required": ["location"]});
    let expected = serde_json::json!({"version": "1.0", "model": "claude-opus-4-1-20250805", "messages": [
      {"id": "m-1", "role": "system", "segments": [{"kind": "tool_overview", "items": [
        {"name": "get_weather", "description": "Get the current weather in a given location",
         "parameters": "location: string, unit?: string", "schema": schema}], "collapsed": true}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [{"kind": "text", "content": "What is the weather like in San Francisco?"}], "timestamp": 2},
      {"id": "m-3", "role": "assistant", "segments": [
        {"kind": "text", "content": "I need to use get_weather, and the user wants SF, which is likely San Francisco, CA."},
        {"kind": "tool_call_request", "toolName": "get_weather", "arguments": {"location": "San Francisco, CA", "unit": "celsius"},
         "collapsed": false, "callId": "toolu_01A09q90qw90lq917835lq9"}], "timestamp": 3},
      {"id": "m-4", "role": "tool", "segments": [
        {"kind": "tool_call_result", "toolName": "get_weather", "result": "15 degrees", "success": true, "collapsed": true,
         "callId": "toolu_01A09q90qw90lq917835lq9"}], "timestamp": 4}]});
    assert_eq!(imported.to_value().to_string(), expected.to_string());

    let text = common::read("tests/fixtures/import/mcp/everything-resource-prompt.json");
    let imported = support::imported(&text, None);
    let expected = serde_json::json!({"version": "1.0", "messages": [
      {"id": "m-1", "role": "user", "segments": [{"kind": "text",
        "content": "This prompt includes Resource 1. Please analyze the following resource:"}], "timestamp": 1},
      {"id": "m-2", "role": "user", "segments": [{"kind": "document", "fileName": "1", "mimeType": "text/plain",
        "snippet": "Resource 1: This is a plaintext resource", "sizeBytes": 40,
        "parsedContent": "Resource 1: This is a plaintext resource"}], "timestamp": 2}]});
    assert_eq!(imported.to_value().to_string(), expected.to_string());
}

/// OpenAI Responses requests (DECISIONS §10), from the API reference, guides and cookbook.
#[test]
fn responses_fixtures() {
    let warnings = check_folder("responses", Source::Responses, Format::Responses);
    let not_kept = "the file's content is not kept: the document keeps its name, type and size, with an empty snippet";
    assert_eq!(
        warnings,
        [
            format!("file-input-base64.json: warning input[0].content[0]: {not_kept}"),
            "file-input-url.json: warning input[0].content[1].detail: left out of the envelope: the key `detail`".to_owned(),
            format!("file-input-url.json: warning input[0].content[1]: {not_kept}"),
            "file-search.json: warning tools[0]: left out of the envelope: a tool of type `file_search` (only function tools are imported)".to_owned(),
            "functions.json: warning tool_choice: left out of the envelope: the key `tool_choice`".to_owned(),
            "reasoning-encrypted.json: warning store: left out of the envelope: the key `store`".to_owned(),
            "reasoning-encrypted.json: warning include: left out of the envelope: the key `include`".to_owned(),
            "reasoning-encrypted.json: warning tools[0].strict: left out of the envelope: the key `strict`".to_owned(),
            "reasoning-items.json: warning input[1]: left out of the envelope: an input item of type `reasoning`".to_owned(),
            "reasoning-items.json: warning input[2].id: left out of the envelope: the key `id`".to_owned(),
            "reasoning-items.json: warning input[2].status: left out of the envelope: the key `status`".to_owned(),
            "reasoning-items.json: warning tools[0].strict: left out of the envelope: the key `strict`".to_owned(),
            "streaming.json: warning stream: left out of the envelope: the key `stream`".to_owned(),
            "structured-output.json: warning text: left out of the envelope: the key `text`".to_owned(),
            "web-search.json: warning tools[0]: left out of the envelope: a tool of type `web_search_preview` (only function tools are imported)".to_owned(),
        ]
    );
}

/// Google Gemini `generateContent` bodies (DECISIONS §14): the API's REST samples in both
/// spellings, Vertex, and two bodies gemini-cli sent (the Code Assist wrapper).
#[test]
fn gemini_fixtures() {
    let warnings = check_folder("gemini", Source::Gemini, Format::Gemini);
    let converted = |file: &str, key: &str, k: usize, tool: &str| {
        format!(
            "{file}: warning tools[0].{key}[{k}].parameters: the tool `{tool}`'s parameters \
             (Gemini's OpenAPI subset) are kept as JSON Schema, every `type` lower-cased and every key in camelCase"
        )
    };
    let left_out = |file: &str, path: &str, key: &str| {
        format!("{file}: warning {path}: left out of the envelope: the key `{key}`")
    };
    let (calls, snake) = (
        "function-call-role-function-openapi-types.json",
        "function-declarations-snake-single-objects.json",
    );
    let code = "code-execution-chat-snake.json";
    assert_eq!(
        warnings,
        [
            "code-assist-thought-signatures.json: warning request.contents[0].parts[1].thoughtSignature: 3 thoughtSignatures left out: a thinking model expects them back with its turns".to_owned(),
            left_out("code-assist-wrapper-parameters-json-schema.json", "request.generationConfig", "generationConfig"),
            format!("{code}: warning contents[1].parts[0].text: left out of the envelope: an empty text"),
            left_out(code, "contents[1].parts[1].executable_code", "executable_code"),
            left_out(code, "contents[1].parts[2].code_execution_result", "code_execution_result"),
            format!("{code}: warning tools[0].code_execution: left out of the envelope: Gemini's built-in tool `code_execution` (only functionDeclarations are imported)"),
            converted(calls, "functionDeclarations", 0, "find_movies"),
            converted(calls, "functionDeclarations", 1, "find_theaters"),
            converted(calls, "functionDeclarations", 2, "get_showtimes"),
            converted(snake, "function_declarations", 0, "find_movies"),
            converted(snake, "function_declarations", 1, "find_theaters"),
            converted(snake, "function_declarations", 2, "get_showtimes"),
            left_out("generation-config.json", "generationConfig", "generationConfig"),
            "google-search-tool-snake.json: warning tools[0].google_search: left out of the envelope: Gemini's built-in tool `google_search` (only functionDeclarations are imported)".to_owned(),
            left_out("inline-data-thinking-config.json", "generationConfig", "generationConfig"),
            left_out("vertex-file-data-gs-snake.json", "generation_config", "generation_config"),
            left_out("vertex-file-data-gs-snake.json", "safety_settings", "safety_settings"),
            // Google's sample declares a png for a .jpg file.
            "vertex-file-data-gs-snake.json: warning contents.parts[1].file_data.mime_type: the mimeType `image/png` is not kept: a media segment holds only the url, whose export names image/jpeg".to_owned(),
        ]
    );
}

/// Each Gemini body's envelope exports to OpenAI and Anthropic, and those requests import
/// back to the same calls and results, paired the same way (what a reader switching tabs
/// compares); the SDK judges of the test command check that each export is valid.
#[test]
fn gemini_fixtures_cross_export() {
    for (name, text) in fixtures("gemini") {
        let envelope = support::imported(&text, Some(Source::Gemini)).to_pretty_json();
        let shape = |text: &str| {
            let imported = support::imported(text, None);
            let calls = pep_core::lower::ToolCalls::pair(&imported.envelope);
            let answered: Vec<Option<usize>> = calls.answers.iter().map(|a| a.request).collect();
            (calls.requests.len(), answered)
        };
        let expected = shape(&envelope);
        for format in [Format::OpenAi, Format::Anthropic] {
            let exported = match pep_core::export_text(&envelope, format, Options::default()) {
                Ok(exported) => exported.request().to_string(),
                Err(issues) => panic!("{name} to {format:?}: {issues:#?}"),
            };
            assert_eq!(
                shape(&exported),
                expected,
                "{name} to {format:?}: {exported}"
            );
        }
    }
}
