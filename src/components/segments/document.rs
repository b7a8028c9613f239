//! `document` (spec §3.9): file icon by MIME type, name, size and snippet; "查看解析 / View
//! parsed" shows the parsed content (markdown), rendered when first opened.

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::model::MarkdownKey;
use pep_view::render::icons::file_icon;
use pep_view::text::Text;

use super::asked::AskedMarkdown;
use crate::components::widgets::{Disclosure, SegmentLink};

/// An uploaded document.
#[component]
pub fn DocumentCard(
    /// Where the segment is.
    key: SegmentRef,
    /// The file name.
    file_name: String,
    /// The MIME type.
    mime_type: String,
    /// The size, human-readable.
    size: String,
    /// The snippet.
    snippet: String,
    /// Whether it has parsed content.
    parsed: bool,
) -> impl IntoView {
    let parsed = parsed.then(|| {
        view! {
            <Disclosure
                id=format!("pe-doc-{}-{}-parsed", key.message, key.segment)
                label=Text::ViewParsed
                open_label=Text::HideParsed
                region_class="pe-doc__parsed"
            >
                <AskedMarkdown key=MarkdownKey::Parsed(key) />
            </Disclosure>
        }
    });
    view! {
        <article class="pe-seg pe-seg--document" data-kind="document" data-path=key.path()>
            <div class="pe-doc__head">
                <span class="pe-doc__icon" aria-hidden="true">{file_icon(&mime_type)}</span>
                <div class="pe-doc__meta">
                    <span class="pe-doc__name">{file_name}</span>
                    <span class="pe-doc__details">{format!("{size} · {mime_type}")}</span>
                </div>
            </div>
            <pre class="pe-doc__snippet" tabindex="0">{snippet}</pre>
            {parsed}
            <SegmentLink />
        </article>
    }
}
