//! The kinds that show content: text, variables, the system prompt, a tool's result, documents,
//! long text and media.

use pep_core::SegmentKind;
use pep_core::model::{MediaType, Segment};

use super::{Fold, Place, markdown};
use crate::engine::markdown_of;
use crate::model::{Markdown, PromptPiece};
use crate::render::icons::file_icon;
use crate::static_render::html::Html;
use crate::text::{Noun, Text};

/// `text`: markdown through the one safe renderer.
pub(super) fn text(html: &mut Html, at: &Place<'_>, content: &Markdown) {
    html.open(
        "div",
        &[
            ("class", Some("pe-seg pe-seg--text")),
            ("data-kind", Some("text")),
            ("data-path", Some(at.path)),
        ],
    );
    markdown(html, at.lang, content);
    html.raw("</div>");
}

/// `static_var`: a pill, its description a tooltip shown on hover and focus.
pub(super) fn static_var(
    html: &mut Html,
    at: &Place<'_>,
    name: &str,
    value: &str,
    description: Option<&str>,
) {
    let tip = format!("{}var-tip-{}", at.ids, id_of(at.path));
    html.open(
        "span",
        &[
            ("class", Some("pe-seg pe-seg--static_var pe-pill")),
            ("data-kind", Some("static_var")),
            ("data-path", Some(at.path)),
            ("tabindex", Some("0")),
            ("aria-describedby", description.map(|_| tip.as_str())),
        ],
    );
    html.element("span", &[("class", Some("pe-pill__name"))], name);
    html.raw("<span class=\"pe-pill__eq\" aria-hidden=\"true\"> = </span>");
    html.element("span", &[("class", Some("pe-pill__value"))], value);
    if let Some(description) = description {
        html.element(
            "span",
            &[
                ("class", Some("pe-pill__tooltip")),
                ("role", Some("tooltip")),
                ("id", Some(&tip)),
            ],
            description,
        );
    }
    html.raw("</span>");
}

/// `system_prompt`: the template as written, each known placeholder marked with its value
/// beside it, unknown ones flagged (the app's Template mode; Expanded needs a script).
pub(super) fn system_prompt(
    html: &mut Html,
    at: &Place<'_>,
    summary: &str,
    pieces: &[PromptPiece],
    collapsed: bool,
) {
    let fold = Fold {
        kind: SegmentKind::SystemPrompt,
        collapsed,
        icon: "📋",
        title: Text::KindSystemPrompt,
        summary: Some(summary),
        modifier: None,
    };
    fold.write(html, at, |html| {
        html.open_pre(&[("class", Some("pe-prompt"))]);
        for piece in pieces {
            match piece {
                PromptPiece::Text(text) => html.element("span", &[], text),
                PromptPiece::Known { raw, value } => {
                    html.element(
                        "mark",
                        &[("class", Some("pe-var")), ("title", Some(value))],
                        raw,
                    );
                    html.element("span", &[("class", Some("pe-var__value"))], value);
                }
                PromptPiece::Unknown { raw } => {
                    let undefined = at.lang.t(Text::UndefinedVariable);
                    html.open(
                        "mark",
                        &[
                            ("class", Some("pe-var pe-var--unknown")),
                            ("title", Some(undefined)),
                        ],
                    );
                    html.text(raw);
                    html.element(
                        "span",
                        &[("class", Some("pe-sr-only"))],
                        &format!(" ({undefined})"),
                    );
                    html.raw("</mark>");
                }
            }
        }
        html.raw("</pre>");
    });
}

/// `tool_call_result`: its text in full, green or red by `success`.
pub(super) fn tool_result(
    html: &mut Html,
    at: &Place<'_>,
    tool: &str,
    result: &str,
    success: bool,
    collapsed: bool,
) {
    let status = at.lang.t(if success {
        Text::Success
    } else {
        Text::Failure
    });
    let summary = format!("{tool} · {status}");
    let fold = Fold {
        kind: SegmentKind::ToolCallResult,
        collapsed,
        icon: if success { "✓" } else { "✗" },
        title: Text::KindToolCallResult,
        summary: Some(&summary),
        modifier: Some(if success {
            "pe-result--success"
        } else {
            "pe-result--failure"
        }),
    };
    fold.write(html, at, |html| {
        html.element(
            "pre",
            &[("class", Some("pe-result__text")), ("tabindex", Some("0"))],
            result,
        );
    });
}

/// `document`: a file card, the snippet, and the parsed content (markdown) folded apart.
pub(super) fn document(html: &mut Html, at: &Place<'_>, [name, mime, size, snippet]: [&str; 4]) {
    html.open(
        "article",
        &[
            ("class", Some("pe-seg pe-seg--document")),
            ("data-kind", Some("document")),
            ("data-path", Some(at.path)),
        ],
    );
    html.raw("<div class=\"pe-doc__head\">");
    html.element(
        "span",
        &[
            ("class", Some("pe-doc__icon")),
            ("aria-hidden", Some("true")),
        ],
        file_icon(mime),
    );
    html.raw("<div class=\"pe-doc__meta\">");
    html.element("span", &[("class", Some("pe-doc__name"))], name);
    html.element(
        "span",
        &[("class", Some("pe-doc__details"))],
        &format!("{size} · {mime}"),
    );
    html.raw("</div></div>");
    html.element(
        "pre",
        &[("class", Some("pe-doc__snippet")), ("tabindex", Some("0"))],
        snippet,
    );
    let parsed = match at.source {
        Some(Segment::Document(document)) => document.parsed_content.as_deref(),
        _ => None,
    };
    if let Some(parsed) = parsed.filter(|parsed| !parsed.is_empty()) {
        html.raw("<details class=\"pe-doc__fold\"><summary class=\"pe-link-button\">");
        html.text(at.lang.t(Text::ViewParsed));
        html.raw("</summary><div class=\"pe-doc__parsed\">");
        markdown(html, at.lang, &markdown_of(parsed));
        html.raw("</div></details>");
    }
    html.raw("</article>");
}

/// `long_text`: the whole text, also while folded (the fold only hides it on screen).
pub(super) fn long_text(
    html: &mut Html,
    at: &Place<'_>,
    content: &str,
    (char_count, lines): (u64, usize),
    collapsed: bool,
) {
    let count = usize::try_from(char_count).unwrap_or(usize::MAX);
    let summary = format!(
        "{} · {}",
        at.lang.count(count, Noun::Character),
        at.lang.count(lines, Noun::Line)
    );
    let fold = Fold {
        kind: SegmentKind::LongText,
        collapsed,
        icon: "📜",
        title: Text::KindLongText,
        summary: Some(&summary),
        modifier: None,
    };
    fold.write(html, at, |html| {
        html.element(
            "pre",
            &[("class", Some("pe-long__text")), ("tabindex", Some("0"))],
            content,
        );
    });
}

/// `media`: the player for a URL the protocol allows (§1), else the URL, blocked.
pub(super) fn media(
    html: &mut Html,
    at: &Place<'_>,
    media_type: MediaType,
    url: &str,
    alt: Option<&str>,
    allowed: bool,
) {
    let (icon, label) = match media_type {
        MediaType::Image => ("🖼️", Text::Image),
        MediaType::Audio => ("🎵", Text::Audio),
        MediaType::Video => ("🎬", Text::Video),
    };
    html.open(
        "figure",
        &[
            ("class", Some("pe-seg pe-seg--media")),
            ("data-kind", Some("media")),
            ("data-path", Some(at.path)),
            ("data-media-type", Some(media_type.as_str())),
        ],
    );
    html.raw("<figcaption class=\"pe-media__caption\">");
    html.element(
        "span",
        &[
            ("class", Some("pe-media__icon")),
            ("aria-hidden", Some("true")),
        ],
        icon,
    );
    html.element(
        "span",
        &[("class", Some("pe-media__type"))],
        at.lang.t(label),
    );
    if let Some(alt) = alt {
        html.element("span", &[("class", Some("pe-media__alt"))], alt);
    }
    html.raw("</figcaption>");
    if !allowed {
        html.raw("<p class=\"pe-media__blocked\">");
        html.element("span", &[], at.lang.t(Text::UrlBlocked));
        html.element("code", &[], url);
        html.raw("</p>");
    } else {
        let (tag, class, extra) = match media_type {
            MediaType::Image => (
                "img",
                "pe-media__image",
                ("alt", Some(alt.unwrap_or_default())),
            ),
            MediaType::Audio => ("audio", "pe-media__audio", ("controls", Some(""))),
            MediaType::Video => ("video", "pe-media__video", ("controls", Some(""))),
        };
        let load = if tag == "img" {
            ("loading", Some("lazy"))
        } else {
            ("preload", Some("none"))
        };
        html.open(
            tag,
            &[("class", Some(class)), ("src", Some(url)), extra, load],
        );
        if tag != "img" {
            html.close(tag);
        }
    }
    html.raw("</figure>");
}

/// A path as a piece of an element id: `messages[1].segments[2]` → `1-2`.
pub(super) fn id_of(path: &str) -> String {
    path.chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .map(|c| if c == '.' { '-' } else { c })
        .collect()
}
