//! `document` (spec §3.9): file icon by MIME type, name, size and snippet; "查看解析 / View
//! parsed" shows the parsed content (markdown) when there is some.

use leptos::prelude::*;
use pep_core::export::human_size;
use pep_core::model::DocumentSegment;

use crate::collapse::SegmentKey;
use crate::components::{Disclosure, MarkdownView};
use pep_view::text::Text;

/// An icon for a MIME type.
pub fn file_icon(mime: &str) -> &'static str {
    let mime = mime.to_ascii_lowercase();
    let (kind, sub) = mime.split_once('/').unwrap_or((mime.as_str(), ""));
    match (kind, sub) {
        (_, "pdf") => "📕",
        ("image", _) => "🖼️",
        ("audio", _) => "🎵",
        ("video", _) => "🎬",
        (_, s) if s.contains("spreadsheet") || s.contains("excel") || s == "csv" => "📊",
        (_, s) if s.contains("presentation") || s.contains("powerpoint") => "📽️",
        (_, s) if s.contains("zip") || s.contains("tar") || s.contains("compressed") => "🗜️",
        (_, s) if s.contains("word") || s.contains("document") => "📘",
        (_, s) if s.contains("json") || s.contains("xml") || s.contains("javascript") => "🧾",
        ("text", _) => "📄",
        _ => "📁",
    }
}

/// An uploaded document.
#[component]
pub fn DocumentCard(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment.
    segment: DocumentSegment,
) -> impl IntoView {
    let parsed = segment
        .parsed_content
        .filter(|p| !p.is_empty())
        .map(|parsed| {
            view! {
                <Disclosure
                    id=format!("pe-doc-{}-{}-parsed", key.message, key.segment)
                    label=Text::ViewParsed
                    open_label=Text::HideParsed
                    region_class="pe-doc__parsed"
                >
                    <MarkdownView source=parsed.clone() />
                </Disclosure>
            }
        });
    view! {
        <article class="pe-seg pe-seg--document" data-kind="document">
            <div class="pe-doc__head">
                <span class="pe-doc__icon" aria-hidden="true">{file_icon(&segment.mime_type)}</span>
                <div class="pe-doc__meta">
                    <span class="pe-doc__name">{segment.file_name}</span>
                    <span class="pe-doc__details">
                        {format!("{} · {}", human_size(segment.size_bytes), segment.mime_type)}
                    </span>
                </div>
            </div>
            <pre class="pe-doc__snippet" tabindex="0">{segment.snippet}</pre>
            {parsed}
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::file_icon;

    #[test]
    fn icons_by_mime_type() {
        assert_eq!(file_icon("application/pdf"), "📕");
        assert_eq!(file_icon("IMAGE/PNG"), "🖼️");
        assert_eq!(file_icon("text/csv"), "📊");
        assert_eq!(file_icon("text/plain"), "📄");
        assert_eq!(
            file_icon("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
            "📘"
        );
        assert_eq!(file_icon("weird"), "📁");
    }
}
