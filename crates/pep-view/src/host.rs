//! The embedding API's messages (DECISIONS §8), as plain data: what a framing host asks for,
//! and whether a `set` names values the viewer has. The platform layer reads and posts them.
//!
//! Host → app: `{"type":"prompt-envelope:load","envelope": object or JSON text}`,
//! `{"type":"prompt-envelope:set","panel"?,"lang"?,"theme"?,"view"?,"step"?,"at"?}`. App → host:
//! `ready` (once), `loaded` (`errors`, `warnings`), `error` (`issues`), `resize` (`height`),
//! `step` (`step`, `of`: on every change of the step, DECISIONS §13).

use crate::route::Panel;
use crate::text::Lang;
use crate::theme::Theme;
use crate::view_mode::ViewMode;

/// The prefix of every message type.
pub const PREFIX: &str = "prompt-envelope:";

/// One problem in an `error` message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostIssue {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// Where: a JSON path in the envelope, or the message's field (`envelope`, `panel`).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl HostIssue {
    /// An error at `path`.
    pub fn error(path: &str, message: impl Into<String>) -> HostIssue {
        HostIssue {
            severity: "error",
            path: path.to_owned(),
            message: message.into(),
        }
    }
}

/// A `set` message's fields, as given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetRequest {
    /// `panel`.
    pub panel: Option<String>,
    /// `lang`.
    pub lang: Option<String>,
    /// `theme`.
    pub theme: Option<String>,
    /// `view`.
    pub view: Option<String>,
    /// `step`: the number given (a host may give any number; [`SetRequest::check`] wants a
    /// whole one of at least 1).
    pub step: Option<StepNumber>,
    /// `at`: a deep link's place (DECISIONS §15), as given; one that does not parse or does
    /// not exist gets the page's notice, as `?at=` does, not an `error`.
    pub at: Option<String>,
}

/// A number a host gave for `step`, compared by its bits (so that a request stays `Eq`).
#[derive(Debug, Clone, Copy)]
pub struct StepNumber(pub f64);

impl PartialEq for StepNumber {
    fn eq(&self, other: &StepNumber) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for StepNumber {}

/// What a host asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostRequest {
    /// Show this text (an envelope or an importable request).
    Load(String),
    /// Change view options.
    Set(SetRequest),
    /// A message of ours, of the wrong shape.
    Malformed(HostIssue),
}

/// The changes a valid `set` makes; `None` leaves that option as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetChanges {
    /// The panel: a tab, or hidden.
    pub panel: Option<Panel>,
    /// The UI language.
    pub lang: Option<Lang>,
    /// The view.
    pub view: Option<ViewMode>,
    /// The theme (wins over the system's, like `?theme=`).
    pub theme: Option<Theme>,
    /// The step (the page takes its last step for one beyond the envelope).
    pub step: Option<u64>,
    /// The place to open on (a deep link's path, as given).
    pub at: Option<String>,
}

impl SetRequest {
    /// The changes, or (one value wrong) none of them and an issue per wrong field.
    pub fn check(&self) -> Result<SetChanges, Vec<HostIssue>> {
        let mut issues = Vec::new();
        let mut wrong = |field: &str, allowed: &str| {
            issues.push(HostIssue::error(field, format!("must be one of {allowed}")));
        };
        let panel = self.panel.as_deref().map(|name| match name {
            "openai" | "anthropic" | "mcp" | "raw" | "none" => Some(Panel::from_query(Some(name))),
            _ => None,
        });
        if panel == Some(None) {
            wrong("panel", "openai, anthropic, mcp, raw, none");
        }
        let lang = self.lang.as_deref().map(|tag| match tag {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        });
        if lang == Some(None) {
            wrong("lang", "zh, en");
        }
        let view = self.view.as_deref().map(|name| match name {
            "model" | "user" => Some(ViewMode::from_query(Some(name))),
            _ => None,
        });
        if view == Some(None) {
            wrong("view", "model, user");
        }
        let theme = self
            .theme
            .as_deref()
            .map(|name| Theme::from_query(Some(name)));
        if theme == Some(None) {
            wrong("theme", "light, dark");
        }
        let step = self.step.map(|number| crate::step::from_host(number.0));
        if step == Some(None) {
            issues.push(HostIssue::error(
                "step",
                "must be a whole number of at least 1",
            ));
        }
        if !issues.is_empty() {
            return Err(issues);
        }
        Ok(SetChanges {
            panel: panel.flatten(),
            lang: lang.flatten(),
            view: view.flatten(),
            theme: theme.flatten(),
            step: step.flatten(),
            at: self.at.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panel_tab::PanelTab;
    use pep_core::export::Format;

    #[test]
    fn a_set_is_all_or_nothing() {
        let set = SetRequest {
            panel: Some("anthropic".into()),
            theme: Some("dark".into()),
            ..SetRequest::default()
        };
        let changes = set.check();
        assert_eq!(
            changes,
            Ok(SetChanges {
                panel: Some(Panel::Tab(PanelTab::Export(Format::Anthropic))),
                theme: Some(Theme::Dark),
                ..SetChanges::default()
            })
        );
        let wrong = SetRequest {
            panel: Some("bogus".into()),
            lang: Some("fr".into()),
            view: Some("user".into()),
            step: Some(StepNumber(2.5)),
            ..SetRequest::default()
        };
        let Err(issues) = wrong.check() else {
            panic!("wrong values pass")
        };
        let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(paths, ["panel", "lang", "step"]);
        let step = SetRequest {
            step: Some(StepNumber(3.0)),
            ..SetRequest::default()
        };
        assert_eq!(step.check().map(|c| c.step), Ok(Some(3)));
        assert_eq!(SetRequest::default().check(), Ok(SetChanges::default()));
    }
}
