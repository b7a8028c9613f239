//! "Copy as cURL" and SDK code for an export whose format is an HTTP API (OpenAI, Anthropic).

use std::sync::Arc;

use leptos::prelude::*;
use pep_core::export::Format;

use pep_view::snippets::{Language, curl, has_api, sdk_snippet};
use pep_view::text::Text;

use crate::components::widgets::CopyButton;
use crate::state::lang::tr;

/// The cURL button and the code snippets of one export tab; nothing for MCP.
#[component]
pub fn SendCode(
    /// The export's format.
    format: Format,
    /// The pretty-printed request, shared with the tab's view.
    json: Arc<str>,
    /// The file name Download gives this request, which the snippets read.
    file_name: String,
) -> impl IntoView {
    if !has_api(format) {
        return ().into_any();
    }
    let json = StoredValue::new(json);
    let command = Callback::new(move |()| {
        json.with_value(|json| Arc::from(curl(format, json).unwrap_or_default()))
    });
    let snippets = Language::ALL.map(|language| {
        let code: Arc<str> =
            Arc::from(sdk_snippet(format, language, &file_name).unwrap_or_default());
        let copied = Arc::clone(&code);
        let testid = match language {
            Language::Python => "copy-python",
            Language::TypeScript => "copy-typescript",
        };
        view! {
            <div class="pe-snippet">
                <div class="pe-snippet__bar">
                    <span class="pe-snippet__lang">{language.name()}</span>
                    <CopyButton
                        label=Text::Copy
                        testid=testid
                        text=Callback::new(move |()| Arc::clone(&copied))
                    />
                </div>
                <pre class="pe-snippet__code" tabindex="0">{code.to_string()}</pre>
            </div>
        }
    });
    view! {
        <div class="pe-send">
            <CopyButton label=Text::CopyCurl testid="copy-curl" text=command />
            <details class="pe-send__code" data-testid="snippets">
                <summary>{tr(Text::CodeSnippets)}</summary>
                <p class="pe-send__hint">{tr(Text::CodeSnippetsHint)}</p>
                {snippets}
            </details>
        </div>
    }
    .into_any()
}
