//! Each segment kind as static HTML: the app's markup and class names (its components in
//! `src/components/segments/`), with `<details>` where the app has a fold button, and every
//! text in full (DECISIONS §15). One exhaustive `match` over the view model's kinds: a new
//! kind does not compile until it has its markup here too.

mod content;
mod fold;
mod lists;

use pep_core::model::Segment;

use super::html::Html;
use crate::model::{Markdown, SegmentModel, SegmentView};
use crate::text::{Lang, Text};

pub(super) use fold::Fold;

/// What a segment's markup is made from.
pub(super) struct Place<'a> {
    /// Its path, `messages[I].segments[J]`, for `data-path` and unique ids.
    pub path: &'a str,
    /// The segment as decoded, for what the view model leaves to be asked for (a document's
    /// parsed content).
    pub source: Option<&'a Segment>,
    /// The page's language.
    pub lang: Lang,
    /// What every element id starts with.
    pub ids: &'a str,
}

/// Writes one segment.
pub(super) fn segment(html: &mut Html, at: &Place<'_>, segment: &SegmentView) {
    let model = match segment {
        SegmentView::Valid(model) => model,
        // The render refuses an envelope with errors (DECISIONS §15: exit 1), so none of its
        // segments is invalid.
        SegmentView::Invalid(_) => return,
    };
    match model {
        SegmentModel::Text(markdown) => content::text(html, at, markdown),
        SegmentModel::StaticVar {
            name,
            value,
            description,
        } => content::static_var(html, at, name, value, description.as_deref()),
        SegmentModel::SystemPrompt {
            summary,
            pieces,
            collapsed,
        } => content::system_prompt(html, at, summary, pieces, *collapsed),
        SegmentModel::Memory {
            description,
            items,
            collapsed,
        } => lists::memory(html, at, description.as_deref(), items, *collapsed),
        SegmentModel::Skills {
            description,
            items,
            collapsed,
        } => lists::skills(html, at, description.as_deref(), items, *collapsed),
        SegmentModel::ToolOverview { items, collapsed } => {
            lists::tools(html, at, items, *collapsed);
        }
        SegmentModel::ToolCallRequest {
            tool,
            arguments,
            collapsed,
            ..
        } => lists::tool_call(html, at, tool, arguments, *collapsed),
        SegmentModel::ToolCallResult {
            tool,
            result,
            success,
            collapsed,
            ..
        } => content::tool_result(html, at, tool, result, *success, *collapsed),
        SegmentModel::Document {
            file_name,
            mime_type,
            size,
            snippet,
            ..
        } => content::document(
            html,
            at,
            [file_name, mime_type, size, snippet].map(String::as_str),
        ),
        SegmentModel::LongText {
            content,
            char_count,
            lines,
            collapsed,
            ..
        } => content::long_text(html, at, content, (*char_count, *lines), *collapsed),
        SegmentModel::Media {
            media_type,
            url,
            alt,
            allowed,
        } => content::media(html, at, *media_type, url, alt.as_deref(), *allowed),
    }
}

/// Markdown as the app's `MarkdownView` shows it: the safe renderer's HTML, or the text with
/// why it is plain.
pub(super) fn markdown(html: &mut Html, lang: Lang, markdown: &Markdown) {
    let (note, text) = match markdown {
        Markdown::Html(rendered) => {
            html.raw("<div class=\"pe-md\">");
            html.made(rendered);
            html.raw("</div>");
            return;
        }
        Markdown::TooLarge(text) => (Text::MarkdownTooLarge, text),
        Markdown::TooComplex(text) => (Text::MarkdownTooComplex, text),
    };
    html.raw("<div class=\"pe-md pe-md--plain\">");
    html.element(
        "p",
        &[("class", Some("pe-md__note")), ("role", Some("note"))],
        lang.t(note),
    );
    html.element("pre", &[("class", Some("pe-md__plain"))], text);
    html.raw("</div>");
}
