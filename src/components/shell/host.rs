//! The app's side of the embedding API ([`crate::embed`]): a `load` shows its envelope (the
//! previous one stays when it cannot be shown, with an error panel), a `set` changes the
//! panel, language, theme or view.

use std::sync::Arc;

use leptos::prelude::*;
use pep_core::{Mode, Severity};

use crate::components::{PanelChoice, ThemeControl, use_theme};
use crate::embed::{self, HostIssue, Request, SetRequest};
use crate::recognise::recognise;
use pep_view::route::Panel;
use pep_view::text::Lang;
use pep_view::theme::Theme;
use pep_view::view_mode::ViewMode;

/// What the host has loaded, and its last refusal.
#[derive(Debug, Clone, Copy)]
pub struct Hosted {
    /// The envelope text the host loaded, shown instead of the demo.
    pub source: RwSignal<Option<Arc<str>>>,
    /// The last `load` or `set` that could not be done: shown as an error panel.
    pub refused: RwSignal<Vec<HostIssue>>,
}

/// Answers the host's messages (when framed) and reports the content's height.
pub fn connect(hosted: Hosted, lang: RwSignal<Lang>, view: RwSignal<ViewMode>, panel: PanelChoice) {
    let theme = use_theme();
    embed::listen(move |request, reply| {
        let issues = match request {
            // Any §7 format: a request is imported first.
            Request::Load(text) => match load(&recognise(text).text) {
                Ok((text, errors, warnings)) => {
                    hosted.refused.set(Vec::new());
                    hosted.source.set(Some(text));
                    reply.loaded(errors, warnings);
                    return;
                }
                Err(issues) => issues,
            },
            Request::Set(set) => match apply(&set, lang, view, panel, theme) {
                Ok(()) => {
                    hosted.refused.set(Vec::new());
                    return;
                }
                Err(issues) => issues,
            },
            Request::Malformed(issue) => vec![issue],
        };
        reply.error(&issues);
        hosted.refused.set(issues);
    });
    // Once the app is in the page, watch its height.
    Effect::new(move |_| {
        if let Some(app) = document().query_selector(".pe-app").ok().flatten() {
            embed::report_height(&app);
        }
    });
}

/// The text and the counts of errors and warnings of an envelope the view can show, or why it
/// cannot.
fn load(text: &str) -> Result<(Arc<str>, usize, usize), Vec<HostIssue>> {
    let loaded = pep_core::load(text, Mode::Repair);
    let issues = loaded.issues.iter().map(|issue| HostIssue {
        severity: issue.severity().as_str(),
        path: issue.path.clone(),
        message: issue.problem.to_string(),
    });
    if loaded.envelope.is_none() {
        return Err(issues.collect());
    }
    let errors = loaded
        .issues
        .iter()
        .filter(|i| i.severity() == Severity::Error)
        .count();
    Ok((Arc::from(text), errors, loaded.issues.len() - errors))
}

/// Applies a `set`: all of it, or (one value wrong) none of it.
fn apply(
    set: &SetRequest,
    lang: RwSignal<Lang>,
    view: RwSignal<ViewMode>,
    panel: PanelChoice,
    theme_control: ThemeControl,
) -> Result<(), Vec<HostIssue>> {
    let wrong =
        |field: &str, allowed: &str| HostIssue::error(field, format!("must be one of {allowed}"));
    let mut issues = Vec::new();
    let new_panel = set.panel.as_deref().map(|name| match name {
        "openai" | "anthropic" | "mcp" | "raw" | "none" => Some(Panel::from_query(Some(name))),
        _ => None,
    });
    if new_panel == Some(None) {
        issues.push(wrong("panel", "openai, anthropic, mcp, raw, none"));
    }
    let new_lang = set.lang.as_deref().map(|tag| match tag {
        "zh" => Some(Lang::Zh),
        "en" => Some(Lang::En),
        _ => None,
    });
    if new_lang == Some(None) {
        issues.push(wrong("lang", "zh, en"));
    }
    let new_view = set.view.as_deref().map(|name| match name {
        "model" | "user" => Some(ViewMode::from_query(Some(name))),
        _ => None,
    });
    if new_view == Some(None) {
        issues.push(wrong("view", "model, user"));
    }
    if set
        .theme
        .as_deref()
        .is_some_and(|t| t != "light" && t != "dark")
    {
        issues.push(wrong("theme", "light, dark"));
    }
    if !issues.is_empty() {
        return Err(issues);
    }
    if let Some(Some(choice)) = new_panel {
        panel.shown.set(choice != Panel::Hidden);
        panel.tab.set(choice.tab());
    }
    if let Some(Some(next)) = new_lang {
        lang.set(next);
    }
    if let Some(Some(next)) = new_view {
        view.set(next);
    }
    // The host's choice wins over the system's, like `?theme=`.
    if let Some(theme) = Theme::from_query(set.theme.as_deref()) {
        theme_control.set(theme);
    }
    Ok(())
}
