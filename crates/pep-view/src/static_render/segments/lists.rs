//! The kinds that list things: memory, skills, the declared tools, and a tool call's
//! arguments.

use pep_core::SegmentKind;

use super::{Fold, Place, markdown};
use crate::engine::markdown_of;
use crate::model::{SkillView, ToolView, ValueClass};
use crate::static_render::html::Html;
use crate::text::{Noun, Text};

/// `memory`: its items as a definition list.
pub(super) fn memory(
    html: &mut Html,
    at: &Place<'_>,
    description: Option<&str>,
    items: &[(String, String)],
    collapsed: bool,
) {
    let count = at.lang.count(items.len(), Noun::Item);
    let fold = Fold {
        kind: SegmentKind::Memory,
        collapsed,
        icon: "🧠",
        title: Text::KindMemory,
        summary: Some(&count),
        modifier: None,
    };
    fold.write(html, at, |html| {
        describe(html, description);
        html.raw("<dl class=\"pe-memory\">");
        for (title, content) in items {
            html.raw("<div class=\"pe-memory__item\">");
            html.element("dt", &[], title);
            html.element("dd", &[], content);
            html.raw("</div>");
        }
        html.raw("</dl>");
    });
}

/// `skills`: each skill's name and description (L1); the registry's full instructions (L2)
/// folded apart, as the app asks for them only when opened.
pub(super) fn skills(
    html: &mut Html,
    at: &Place<'_>,
    description: Option<&str>,
    items: &[SkillView],
    collapsed: bool,
) {
    let count = at.lang.count(items.len(), Noun::Item);
    let fold = Fold {
        kind: SegmentKind::Skills,
        collapsed,
        icon: "⚡",
        title: Text::KindSkills,
        summary: Some(&count),
        modifier: None,
    };
    fold.write(html, at, |html| {
        describe(html, description);
        html.raw("<ul class=\"pe-skills\">");
        for item in items {
            html.raw("<li class=\"pe-skills__item\">");
            html.element(
                "code",
                &[("class", Some("pe-skills__name"))],
                &format!("/{}", item.name),
            );
            html.element(
                "span",
                &[("class", Some("pe-skills__description"))],
                &item.description,
            );
            let body = item
                .in_registry
                .then(|| pep_core::skills::find(&item.name))
                .flatten();
            match body {
                Some(skill) => {
                    html.raw("<details class=\"pe-skills__l2\"><summary class=\"pe-link-button\">");
                    html.text(at.lang.t(Text::ShowInstructions));
                    html.raw("</summary><div class=\"pe-skills__body\">");
                    markdown(html, at.lang, &markdown_of(skill.body));
                    html.raw("</div></details>");
                }
                None => html.element(
                    "span",
                    &[("class", Some("pe-skills__missing"))],
                    at.lang.t(Text::NotInRegistry),
                ),
            }
            html.raw("</li>");
        }
        html.raw("</ul>");
    });
}

/// `tool_overview`: each tool's signature and description, its schema folded apart.
pub(super) fn tools(html: &mut Html, at: &Place<'_>, items: &[ToolView], collapsed: bool) {
    let count = at.lang.count(items.len(), Noun::Item);
    let fold = Fold {
        kind: SegmentKind::ToolOverview,
        collapsed,
        icon: "🛠️",
        title: Text::KindToolOverview,
        summary: Some(&count),
        modifier: None,
    };
    fold.write(html, at, |html| {
        html.raw("<ul class=\"pe-tools\">");
        for item in items {
            html.raw("<li class=\"pe-tools__item\">");
            html.element(
                "code",
                &[("class", Some("pe-tools__signature"))],
                &format!("{}({})", item.name, item.parameters),
            );
            html.element(
                "span",
                &[("class", Some("pe-tools__description"))],
                &item.description,
            );
            match &item.schema {
                Some(schema) => {
                    html.raw(
                        "<details class=\"pe-tools__fold\"><summary class=\"pe-link-button\">",
                    );
                    html.text(at.lang.t(Text::Schema));
                    html.raw("</summary>");
                    html.element(
                        "pre",
                        &[
                            ("class", Some("pe-json pe-tools__schema")),
                            ("tabindex", Some("0")),
                        ],
                        schema,
                    );
                    html.raw("</details>");
                }
                None => html.element(
                    "span",
                    &[("class", Some("pe-tools__no-schema"))],
                    at.lang.t(Text::NoSchema),
                ),
            }
            html.raw("</li>");
        }
        html.raw("</ul>");
    });
}

/// `tool_call_request`: the terminal with the command and its arguments as rows.
pub(super) fn tool_call(
    html: &mut Html,
    at: &Place<'_>,
    tool: &str,
    arguments: &[(String, String, ValueClass)],
    collapsed: bool,
) {
    let fold = Fold {
        kind: SegmentKind::ToolCallRequest,
        collapsed,
        icon: "⚙",
        title: Text::KindToolCallRequest,
        summary: Some(tool),
        modifier: None,
    };
    fold.write(html, at, |html| {
        html.raw("<div class=\"pe-terminal\"><div class=\"pe-terminal__command\"><span class=\"pe-terminal__prompt\" aria-hidden=\"true\">$ </span>");
        html.text(tool);
        html.raw("</div>");
        if arguments.is_empty() {
            html.element(
                "p",
                &[("class", Some("pe-terminal__empty"))],
                at.lang.t(Text::NoArguments),
            );
        } else {
            html.raw("<dl class=\"pe-terminal__args\">");
            for (name, text, class) in arguments {
                // Each value as JSON (DECISIONS §15): a string quoted, so `"5"` and `5` differ
                // on paper as they do in the request.
                let (class, value) = match class {
                    ValueClass::String => (
                        "pe-kv__value pe-json-string",
                        serde_json::to_string(text).unwrap_or_else(|_| text.clone()),
                    ),
                    ValueClass::Number => ("pe-kv__value pe-json-number", text.clone()),
                    ValueClass::Literal => ("pe-kv__value pe-json-literal", text.clone()),
                    ValueClass::Structure => ("pe-kv__value pe-json-punct", text.clone()),
                };
                html.raw("<div class=\"pe-kv\">");
                html.element("dt", &[("class", Some("pe-kv__key"))], name);
                html.element("dd", &[("class", Some(class))], &value);
                html.raw("</div>");
            }
            html.raw("</dl>");
        }
        html.raw("</div>");
    });
}

/// A segment's description line, unless it has none.
fn describe(html: &mut Html, description: Option<&str>) {
    if let Some(description) = description {
        html.element("p", &[("class", Some("pe-seg__description"))], description);
    }
}
