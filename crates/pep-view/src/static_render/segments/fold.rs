//! The folding frame of the seven kinds with a `collapsed` field: the app's `Collapsible`
//! (`src/components/widgets/collapsible.rs`) as a `<details>`, open unless the segment is
//! folded, with the header as its `<summary>`. No script: the browser folds it.

use pep_core::SegmentKind;

use super::Place;
use crate::static_render::html::Html;
use crate::text::Text;

/// A folding segment's header.
pub(in crate::static_render) struct Fold<'a> {
    /// Its kind, for `data-kind` and the colour class.
    pub kind: SegmentKind,
    /// Folded or not (the segment's `collapsed`).
    pub collapsed: bool,
    /// The symbol before the title (decorative).
    pub icon: &'static str,
    /// The kind's label.
    pub title: Text,
    /// What the header says after the title (a tool name, an item count).
    pub summary: Option<&'a str>,
    /// An extra class on the frame (a result's success or failure).
    pub modifier: Option<&'static str>,
}

impl Fold<'_> {
    /// Writes the frame, with `body` inside it.
    pub fn write(&self, html: &mut Html, at: &Place<'_>, body: impl FnOnce(&mut Html)) {
        let kind = self.kind.as_str();
        let class = match self.modifier {
            Some(modifier) => format!("pe-seg pe-seg--{kind} pe-fold {modifier}"),
            None => format!("pe-seg pe-seg--{kind} pe-fold"),
        };
        let collapsed = if self.collapsed { "true" } else { "false" };
        html.open(
            "details",
            &[
                ("class", Some(&class)),
                ("data-kind", Some(kind)),
                ("data-path", Some(at.path)),
                ("data-collapsed", Some(collapsed)),
                ("open", (!self.collapsed).then_some("")),
            ],
        );
        html.raw("<summary class=\"pe-fold__toggle\"><span class=\"pe-fold__chevron\" aria-hidden=\"true\"></span>");
        html.element(
            "span",
            &[
                ("class", Some("pe-fold__icon")),
                ("aria-hidden", Some("true")),
            ],
            self.icon,
        );
        html.element(
            "span",
            &[("class", Some("pe-fold__title"))],
            at.lang.t(self.title),
        );
        if let Some(summary) = self.summary {
            html.element("span", &[("class", Some("pe-fold__summary"))], summary);
        }
        html.raw("</summary><div class=\"pe-fold__body\">");
        body(html);
        html.raw("</div></details>");
    }
}
