//! Pretty JSON with syntax highlighting, built from text nodes (no HTML injection). The
//! element's text content is exactly the JSON text.

use leptos::prelude::*;

use crate::json_tokens::tokenize;

/// Highlighted JSON text.
#[component]
pub fn JsonView(
    /// The JSON text to show, as is.
    #[prop(into)]
    json: String,
    /// A `data-testid` for the element holding the text, for tests that read it.
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    let spans = tokenize(&json)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view();
    view! {
        <pre class="pe-json">
            <code data-testid=testid>{spans}</code>
        </pre>
    }
}
