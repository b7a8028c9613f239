//! Ways to send an exported request yourself: a cURL command with the request inline, and
//! short programs for the official Python and TypeScript SDKs that read the downloaded file.
//!
//! Only the HTTP APIs have them; an MCP `prompts/get` result is what a server returns, and
//! OpenTelemetry attributes are what a trace records: not requests anyone sends.

use pep_core::export::{Endpoint, Format};

/// The model as the url's path names it: the envelope's, percent-encoded (so no character of
/// a shared envelope's model is special to the shell or the url), else `$GEMINI_MODEL` for the
/// user to set (the export warns that the model is missing).
fn model_or_variable(model: Option<&str>) -> String {
    let Some(model) = model.filter(|model| !model.is_empty()) else {
        return "$GEMINI_MODEL".to_owned();
    };
    crate::embed_kit::encode(model)
}

/// Whether `format` is an HTTP API request (and so has a cURL command and SDK snippets).
pub fn has_api(format: Format) -> bool {
    format.provider().endpoint().is_some()
}

/// A cURL command that sends `json` (the pretty-printed request) to `format`'s API; `model` is
/// the envelope's, which Gemini's url names (the other APIs read it from the body).
///
/// The body goes in a quoted here-document, so no character of it is special to the shell.
/// Its terminator `JSON` cannot occur as a line of pretty-printed JSON, where every line
/// starts with a brace, a bracket, a quote or spaces.
pub fn curl(format: Format, json: &str, model: Option<&str>) -> Option<String> {
    // The table of providers gives the url and headers (Gemini's url ends before the model).
    let Endpoint { url, headers } = format.provider().endpoint()?;
    let mut command = match format {
        // Double quotes: a missing model leaves `$GEMINI_MODEL` for the shell; a model is
        // percent-encoded, so nothing in it is special inside them.
        Format::Gemini => format!(
            "curl \"{url}{}:generateContent\" \\\n",
            model_or_variable(model)
        ),
        _ => format!("curl {url} \\\n"),
    };
    for header in headers {
        // Double quotes, so the shell expands the API key variable.
        command.push_str(&format!("  -H \"{header}\" \\\n"));
    }
    command.push_str("  --data-binary @- <<'JSON'\n");
    command.push_str(json);
    command.push_str("\nJSON\n");
    Some(command)
}

/// The SDK languages a snippet is offered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Python, with the `openai`, `anthropic` or `google-genai` package.
    Python,
    /// TypeScript on Node, with `openai`, `@anthropic-ai/sdk` or `@google/genai`.
    TypeScript,
}

impl Language {
    /// Both, in the order shown.
    pub const ALL: [Language; 2] = [Language::Python, Language::TypeScript];

    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "Python",
            Language::TypeScript => "TypeScript",
        }
    }
}

/// A program that sends the downloaded request `file` (e.g. `demo-f.openai.json`) with the
/// official SDK. Reading the file keeps the snippet short and free of quoting problems, and
/// the request exactly as exported. `model` is the envelope's (Gemini's body has none).
pub fn sdk_snippet(format: Format, language: Language, file: &str, model: &str) -> Option<String> {
    let text = match (format, language) {
        (Format::OpenAi, Language::Python) => format!(
            "import json\n\nfrom openai import OpenAI\n\n\
             client = OpenAI()  # reads OPENAI_API_KEY\n\
             with open(\"{file}\", encoding=\"utf-8\") as f:\n    request = json.load(f)\n\
             completion = client.chat.completions.create(**request)\n\
             print(completion.choices[0].message)\n"
        ),
        (Format::OpenAi, Language::TypeScript) => format!(
            "import {{ readFileSync }} from \"node:fs\";\nimport OpenAI from \"openai\";\n\n\
             const client = new OpenAI(); // reads OPENAI_API_KEY\n\
             const request = JSON.parse(readFileSync(\"{file}\", \"utf8\"));\n\
             const completion = await client.chat.completions.create(request);\n\
             console.log(completion.choices[0].message);\n"
        ),
        (Format::Responses, Language::Python) => format!(
            "import json\n\nfrom openai import OpenAI\n\n\
             client = OpenAI()  # reads OPENAI_API_KEY\n\
             with open(\"{file}\", encoding=\"utf-8\") as f:\n    request = json.load(f)\n\
             response = client.responses.create(**request)\n\
             print(response.output_text)\n"
        ),
        (Format::Responses, Language::TypeScript) => format!(
            "import {{ readFileSync }} from \"node:fs\";\nimport OpenAI from \"openai\";\n\n\
             const client = new OpenAI(); // reads OPENAI_API_KEY\n\
             const request = JSON.parse(readFileSync(\"{file}\", \"utf8\"));\n\
             const response = await client.responses.create(request);\n\
             console.log(response.output_text);\n"
        ),
        (Format::Anthropic, Language::Python) => format!(
            "import json\n\nimport anthropic\n\n\
             client = anthropic.Anthropic()  # reads ANTHROPIC_API_KEY\n\
             with open(\"{file}\", encoding=\"utf-8\") as f:\n    request = json.load(f)\n\
             message = client.messages.create(**request)\n\
             print(message.content)\n"
        ),
        (Format::Anthropic, Language::TypeScript) => format!(
            "import {{ readFileSync }} from \"node:fs\";\n\
             import Anthropic from \"@anthropic-ai/sdk\";\n\n\
             const client = new Anthropic(); // reads ANTHROPIC_API_KEY\n\
             const request = JSON.parse(readFileSync(\"{file}\", \"utf8\"));\n\
             const message = await client.messages.create(request);\n\
             console.log(message.content);\n"
        ),
        (Format::Gemini, Language::Python) => format!(
            "import json\n\nfrom google import genai\n\n\
             client = genai.Client()  # reads GEMINI_API_KEY\n\
             with open(\"{file}\", encoding=\"utf-8\") as f:\n    request = json.load(f)\n\
             config = {{k: request[k] for k in (\"systemInstruction\", \"tools\") if k in request}}\n\
             response = client.models.generate_content(\n    \
             model={model}, contents=request[\"contents\"], config=config\n)\n\
             print(response.text)\n",
            model = gemini_model(model)
        ),
        (Format::Gemini, Language::TypeScript) => format!(
            "import {{ readFileSync }} from \"node:fs\";\n\
             import {{ GoogleGenAI }} from \"@google/genai\";\n\n\
             const ai = new GoogleGenAI({{}}); // reads GEMINI_API_KEY\n\
             const {{ contents, systemInstruction, tools }} = JSON.parse(readFileSync(\"{file}\", \"utf8\"));\n\
             const response = await ai.models.generateContent({{\n  \
             model: {model},\n  contents,\n  config: {{ systemInstruction, tools }},\n}});\n\
             console.log(response.text);\n",
            model = gemini_model(model)
        ),
        (Format::Mcp | Format::Otel, _) => return None,
    };
    Some(text)
}

/// The model a Gemini program names, as a string literal valid in Python and TypeScript
/// alike (JSON's): the envelope's, else a placeholder to replace (the export warns that the
/// model is missing).
fn gemini_model(model: &str) -> String {
    let model = if model.is_empty() { "MODEL" } else { model };
    serde_json::to_string(model).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curl_sends_the_body_verbatim_in_a_quoted_here_document() {
        let json = "{\n  \"messages\": [\"$HOME `x` 'q' \\\\\"]\n}";
        let Some(command) = curl(Format::Anthropic, json, None) else {
            panic!("anthropic has an API")
        };
        assert!(command.starts_with("curl https://api.anthropic.com/v1/messages \\\n"));
        assert!(command.contains("  -H \"x-api-key: $ANTHROPIC_API_KEY\" \\\n"));
        assert!(command.contains("  -H \"anthropic-version: 2023-06-01\" \\\n"));
        let body = command
            .split_once("<<'JSON'\n")
            .and_then(|(_, rest)| rest.strip_suffix("\nJSON\n"));
        assert_eq!(body, Some(json));
        assert!(
            curl(Format::OpenAi, "{}", None).is_some_and(|c| c.contains("Bearer $OPENAI_API_KEY"))
        );
        assert!(curl(Format::Responses, "{}", None).is_some_and(|c| c.contains("/v1/responses")));
        assert_eq!(curl(Format::Mcp, "{}", None), None);
    }

    #[test]
    fn snippets_read_the_downloaded_file_with_the_official_sdk() {
        let formats = [
            (Format::OpenAi, "chat.completions.create"),
            (Format::Responses, "responses.create"),
            (Format::Anthropic, "messages.create"),
            (Format::Gemini, "enerate"),
        ];
        for (format, sdk) in formats {
            for language in Language::ALL {
                let Some(code) = sdk_snippet(format, language, "demo-f.x.json", "m") else {
                    panic!("{format:?} {language:?}")
                };
                assert!(code.contains("\"demo-f.x.json\""), "{code}");
                assert!(code.contains(sdk), "{code}");
            }
        }
        let Some(command) = curl(Format::Gemini, "{}", Some("gemini-2.5-flash")) else {
            panic!("gemini has an API")
        };
        assert!(command.starts_with(
            "curl \"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent\" \\\n"
        ));
        assert!(command.contains("x-goog-api-key: $GEMINI_API_KEY"));
        let python = sdk_snippet(
            Format::Gemini,
            Language::Python,
            "f.json",
            "gemini-2.5-flash",
        );
        assert!(python.is_some_and(|code| code.contains("model=\"gemini-2.5-flash\"")));
        // A shared envelope's model cannot reach the shell or break the program's string.
        let Some(hostile) = curl(Format::Gemini, "{}", Some("a\"$(x) `y`/b?c")) else {
            panic!("gemini has an API")
        };
        assert!(hostile.starts_with(
            "curl \"https://generativelanguage.googleapis.com/v1beta/models/a%22%24%28x%29%20%60y%60%2Fb%3Fc:generateContent\""
        ));
        let quoted = sdk_snippet(Format::Gemini, Language::Python, "f", "a\"b\u{1b}");
        assert!(quoted.is_some_and(|code| code.contains(r#"model="a\"b\u001b""#)));
        assert_eq!(sdk_snippet(Format::Mcp, Language::Python, "x", ""), None);
    }
}
