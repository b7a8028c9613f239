//! The SDK code of an export (OpenAI, Anthropic, Gemini): in the lazy module, mounted into the "Code"
//! disclosure of the page's tab when it is first opened (`src/platform/snippets.rs`), so the
//! page's first render carries neither the code nor its texts.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;
use pep_view::snippets::{Language, sdk_snippet};
use pep_view::text::Text;
use pep_view::text::lazy::LazyText;

use crate::components::widgets::CopyButton;
use crate::state::lang::tr_lazy;

/// The code snippets of one export tab, each with Copy.
#[component]
pub fn Snippets(
    /// The export's format.
    format: Format,
    /// The file name Download gives this request, which the snippets read.
    file_name: String,
    /// The envelope's model, empty when none (Gemini's code names it; the body has none).
    model: String,
) -> impl IntoView {
    let snippets = Language::ALL.map(|language| {
        let code: Arc<str> =
            Arc::from(sdk_snippet(format, language, &file_name, &model).unwrap_or_default());
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
        <p class="pe-send__hint">{tr_lazy(LazyText::CodeSnippetsHint)}</p>
        {snippets}
    }
}
