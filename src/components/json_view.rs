//! Pretty JSON with syntax highlighting, built from text nodes (no HTML injection). The
//! element's text content is exactly the JSON text.

use leptos::prelude::*;

use crate::json_tokens::tokenize;

/// Above this size the text is shown without colours: one span per token would make the page
/// crawl on multi-megabyte envelopes, and the text matters more than its colours.
const HIGHLIGHT_LIMIT: usize = 256 * 1024;

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
    let spans = if json.len() > HIGHLIGHT_LIMIT {
        json.into_any()
    } else {
        tokenize(&json)
            .into_iter()
            .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
            .collect_view()
            .into_any()
    };
    view! {
        <pre class="pe-json">
            <code data-testid=testid>{spans}</code>
        </pre>
    }
}
