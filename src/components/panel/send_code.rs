//! "Copy as cURL" and SDK code for an export whose format is an HTTP API (OpenAI, Anthropic);
//! the code itself is the lazy module's (`Snippets`), shown when its disclosure first opens.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;

use pep_view::snippets::{curl, has_api};
use pep_view::text::Text;

use crate::components::widgets::CopyButton;
use crate::platform;
use crate::state::lang::{tr, use_lang};

/// The cURL button and the code snippets of one export tab; nothing for MCP.
#[component]
pub fn SendCode(
    /// The export's format.
    format: Format,
    /// The pretty-printed request, shared with the tab's view.
    json: Arc<str>,
    /// The file name Download gives this request, which the snippets read.
    file_name: String,
    /// The envelope's model, for a format that takes it in the url (Gemini).
    model: Option<Arc<str>>,
) -> impl IntoView {
    if !has_api(format) {
        return ().into_any();
    }
    let json = StoredValue::new(json);
    let model = StoredValue::new(model);
    let command = Callback::new(move |()| {
        let model = model.get_value();
        json.with_value(|json| Arc::from(curl(format, json, model.as_deref()).unwrap_or_default()))
    });
    // The SDK code is the lazy module's: mounted here when the disclosure first opens.
    let host = NodeRef::<leptos::html::Div>::new();
    let lang = use_lang();
    let file_name = StoredValue::new(file_name);
    let opened = move |event: leptos::ev::Event| {
        if platform::dom::details_open(&event)
            && let Some(host) = host.get_untracked()
        {
            let model = model.get_value();
            file_name.with_value(|name| {
                let model = model.as_deref().unwrap_or_default();
                platform::snippets::show(&host, format, name, model, lang.get_untracked());
            });
        }
    };
    view! {
        <div class="pe-send">
            <CopyButton label=Text::CopyCurl testid="copy-curl" text=command />
            <details class="pe-send__code" data-testid="snippets" on:toggle=opened>
                <summary>{tr(Text::CodeSnippets)}</summary>
                <div class="pe-send__snippets" node_ref=host></div>
            </details>
        </div>
    }
    .into_any()
}
