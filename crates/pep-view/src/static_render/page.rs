//! The page around the segments: the document shell (DECISIONS §15: one `<style>`, no
//! script, nothing loaded), the messages as the app's chat lists them, and the panel's export.

use std::collections::HashMap;

use pep_core::model::{Entry, Envelope, Role};

use super::html::Html;
use super::segments::{self, Place};
use super::{Options, stylesheet};
use crate::engine::message_view;
use crate::model::{MessageView, SegmentView};
use crate::render::json_tokens::tokenize;
use crate::text::{Lang, Text};
use crate::time::format_timestamp;
use crate::view_mode::{ViewMode, user_sees};

/// What the body is made of.
pub(super) struct Body<'a> {
    /// The envelope, cut at the step.
    pub envelope: &'a Envelope,
    /// Its variables, name → value, for the system prompts.
    pub variables: &'a HashMap<String, String>,
    /// The messages before the cut, when cut.
    pub step: Option<(usize, usize)>,
    /// The panel: its name (`openai`, `raw`), its label and its text.
    pub panel: Option<(&'static str, Text, String)>,
    /// The page's title.
    pub title: &'a str,
    /// What every element id starts with (unique per fragment of one page).
    pub ids: &'a str,
}

/// The whole page.
pub(super) fn document(body: &str, title: &str, lang: Lang) -> String {
    let css = stylesheet(false);
    let mut html = Html::with_capacity(body.len() + css.len() + 512);
    html.raw("<!DOCTYPE html>\n");
    html.open("html", &[("lang", Some(code(lang)))]);
    html.raw("\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"generator\" content=\"pep render\">\n");
    html.element("title", &[], title);
    html.raw("\n<style>\n");
    html.made(&css);
    html.raw("</style>\n</head>\n<body>\n");
    html.made(body);
    html.raw("\n</body>\n</html>\n");
    html.finish()
}

/// DECISIONS §15 spells the page's language `en` or `zh` (the app's `zh-CN` is its URL's).
fn code(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
    }
}

/// The `<main>` element (a `<div>` for a fragment): the title, the chat and the panel.
pub(super) fn body(parts: &Body<'_>, options: &Options) -> String {
    let lang = options.lang;
    let mut html = Html::with_capacity(4096);
    // A fragment sits in a page of its own (a book's chapter): no second `<main>`, no `<h1>`.
    let (root, class) = match options.fragment {
        Some(_) => ("div", "pe-static pe-static--fragment"),
        None => ("main", "pe-static"),
    };
    // A fragment says its language: the host page's may differ.
    let lang_code = options.fragment.as_ref().map(|_| code(lang));
    html.open(
        root,
        &[
            ("class", Some(class)),
            ("lang", lang_code),
            ("data-view", Some(options.view.as_str())),
        ],
    );
    head(&mut html, parts, options);
    let chat_id = format!("{}chat", parts.ids);
    html.open(
        "section",
        &[
            ("class", Some("pe-static__chat")),
            ("aria-labelledby", Some(&chat_id)),
        ],
    );
    html.element(
        "h2",
        &[
            ("class", Some("pe-static__heading")),
            ("id", Some(&chat_id)),
        ],
        lang.t(Text::Chat),
    );
    html.raw("<ol class=\"pe-messages\">");
    for (index, entry) in parts.envelope.messages.iter().enumerate() {
        message(&mut html, parts, options, index, entry);
    }
    html.raw("</ol></section>");
    if let Some((name, label, text)) = &parts.panel {
        let id = format!("{}panel-{name}", parts.ids);
        panel(&mut html, (lang, &id), name, *label, text);
    }
    html.close(root);
    html.finish()
}

/// The title (a page's only) and the step shown, if cut.
fn head(html: &mut Html, parts: &Body<'_>, options: &Options) {
    let step = parts.step.map(|(step, count)| {
        let label = options.lang.t(Text::StepSlider);
        format!("{label} {}", crate::step::position(step, count))
    });
    if options.fragment.is_some() && step.is_none() {
        return;
    }
    html.raw("<header class=\"pe-static__head\">");
    if options.fragment.is_none() {
        html.element("h1", &[("class", Some("pe-static__title"))], parts.title);
    }
    if let Some(step) = step {
        html.element("p", &[("class", Some("pe-static__step"))], &step);
    }
    html.raw("</header>");
}

/// One message: its role, time and id, then its segments (in the user view, those the chat
/// user saw; a message of none of them is left out).
fn message(
    html: &mut Html,
    parts: &Body<'_>,
    options: &Options,
    index: usize,
    entry: &Entry<pep_core::model::Message>,
) {
    let view = message_view(entry, parts.variables);
    let model = match &view {
        MessageView::Valid(model) => model,
        // The render refuses envelopes with errors: an invalid message never gets here.
        MessageView::Invalid(_) => return,
    };
    let user_view = options.view == ViewMode::User;
    if user_view && model.model_only {
        return;
    }
    let role = model.role.as_str();
    let index_text = index.to_string();
    html.open(
        "li",
        &[
            ("class", Some(&format!("pe-message pe-message--{role}"))),
            ("data-index", Some(&index_text)),
            ("data-role", Some(role)),
            ("data-message-id", Some(&model.id)),
        ],
    );
    meta(html, options.lang, model.role, model.timestamp, &model.id);
    html.raw("<div class=\"pe-message__body\">");
    let source = match entry {
        Entry::Valid(message) => Some(message),
        Entry::Invalid(_) => None,
    };
    for (position, segment) in model.segments.iter().enumerate() {
        let hidden = matches!(segment, SegmentView::Valid(model)
            if !user_sees(model.kind()));
        if user_view && hidden {
            continue;
        }
        let path = format!("messages[{index}].segments[{position}]");
        let at = Place {
            path: &path,
            source: source.and_then(|message| match message.segments.get(position) {
                Some(Entry::Valid(segment)) => Some(segment),
                _ => None,
            }),
            lang: options.lang,
            ids: parts.ids,
        };
        segments::segment(html, &at, segment);
    }
    html.raw("</div></li>");
}

/// A message's meta line: role, time (UTC: a static page has no reader's time zone), id.
fn meta(html: &mut Html, lang: Lang, role: Role, timestamp: i64, id: &str) {
    let label = lang.t(match role {
        Role::System => Text::RoleSystem,
        Role::User => Text::RoleUser,
        Role::Assistant => Text::RoleAssistant,
        Role::Tool => Text::RoleTool,
    });
    let utc = format_timestamp(timestamp, 0);
    html.raw("<div class=\"pe-message__meta\">");
    html.element(
        "span",
        &[(
            "class",
            Some(&format!("pe-role pe-role--{}", role.as_str())),
        )],
        label,
    );
    html.element(
        "time",
        &[
            ("class", Some("pe-message__time")),
            ("datetime", Some(&format!("{}Z", utc.replace(' ', "T")))),
            ("title", Some(&timestamp.to_string())),
        ],
        &format!("{utc} UTC"),
    );
    html.element(
        "span",
        &[("class", Some("pe-message__id"))],
        &format!("#{id}"),
    );
    html.raw("</div>");
}

/// The panel: the export's text, highlighted with the app's token classes.
fn panel(html: &mut Html, (lang, id): (Lang, &str), name: &str, label: Text, text: &str) {
    html.open(
        "section",
        &[
            ("class", Some("pe-static__panel")),
            ("aria-labelledby", Some(id)),
        ],
    );
    html.element(
        "h2",
        &[("class", Some("pe-static__heading")), ("id", Some(id))],
        lang.t(label),
    );
    let testid = format!("export-{name}");
    html.open_pre(&[
        ("class", Some("pe-json")),
        ("data-testid", Some(&testid)),
        ("tabindex", Some("0")),
    ]);
    for (class, token) in tokenize(text) {
        html.element("span", &[("class", Some(class.css_class()))], token);
    }
    html.raw("</pre></section>");
}
