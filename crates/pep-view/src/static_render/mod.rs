//! The static render (`pep render`, DECISIONS §15): an envelope as one self-contained HTML page
//! with no script, for docs that cannot frame the app and for print. The markup is the app's
//! (the same view model, [`crate::model`], and the same class names), styled by the app's own
//! CSS files ([`stylesheet`]); folds are `<details>`.
//!
//! Layers: this module turns the view model into HTML text and depends on the engine (which
//! makes the model); nothing here is used by the page's wasm.

mod css;
mod html;
mod page;
mod segments;

use pep_core::export::{self, Format};
use pep_core::{Issue, Mode};

pub use html::escape;

use crate::panel_tab::PanelTab;
use crate::text::Lang;
use crate::view_mode::ViewMode;

/// Which panel the page shows beside the chat (`--panel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// A provider request, exactly as `pep export --to FORMAT` prints it.
    Export(Format),
    /// The envelope as 2-space pretty JSON, key order and number spelling kept.
    Raw,
    /// No panel.
    None,
}

impl Panel {
    /// The panel a `--panel` value names: a format, `raw` or `none`.
    pub fn from_name(name: &str) -> Option<Panel> {
        match name {
            "raw" => Some(Panel::Raw),
            "none" => Some(Panel::None),
            name => Format::from_name(name).map(Panel::Export),
        }
    }
}

/// What to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The panel (default: OpenAI's request).
    pub panel: Panel,
    /// Only the first K messages, and the panel of that cut.
    pub step: Option<usize>,
    /// The model view (everything) or the user view (the hidden kinds left out).
    pub view: ViewMode,
    /// The page's language.
    pub lang: Lang,
    /// The page's title; by default the envelope's model's.
    pub title: Option<String>,
    /// `None` for a whole page; for a fragment of a page that holds others (mdBook), what its
    /// element ids start with, so that they stay unique.
    pub fragment: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            panel: Panel::Export(Format::OpenAi),
            step: None,
            view: ViewMode::Model,
            lang: Lang::En,
            title: None,
            fragment: None,
        }
    }
}

/// Why an envelope was not rendered.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// Not JSON, not an envelope, or an envelope with errors: every issue, with its path (or
    /// line and column).
    Invalid(Vec<Issue>),
    /// `--step K` outside `1..=count`.
    Step {
        /// The K asked for.
        asked: usize,
        /// How many messages there are.
        count: usize,
    },
}

/// A rendered envelope.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// The `<main>` element (a `<div>` for a fragment): the title, the chat and the panel.
    pub body: String,
    /// The page's title.
    pub title: String,
    /// The page's language.
    pub lang: Lang,
    /// The warnings (repairs of missing `collapsed` among them), for stderr.
    pub warnings: Vec<Issue>,
}

impl Rendered {
    /// The whole page: `<!DOCTYPE html>`, the head with the one `<style>`, the body.
    pub fn page(&self) -> String {
        page::document(&self.body, &self.title, self.lang)
    }
}

/// The stylesheet of a whole page, or (`fragment`) of fragments inside another page, once per
/// page (the app's own CSS files, DECISIONS §15).
pub fn stylesheet(fragment: bool) -> String {
    if fragment {
        css::fragment()
    } else {
        css::page()
    }
}

/// Renders the envelope in `text`. The same input gives the same bytes.
pub fn render(text: &str, options: &Options) -> Result<Rendered, Failure> {
    // The viewer's repairs (a missing `collapsed` takes the spec's default, with a warning).
    let loaded = pep_core::load(text, Mode::Repair);
    let has_errors = loaded.has_errors();
    let (Some(mut envelope), false) = (loaded.envelope, has_errors) else {
        return Err(Failure::Invalid(loaded.issues));
    };
    let count = envelope.messages.len();
    let step = match options.step {
        Some(asked) if asked == 0 || asked > count => {
            return Err(Failure::Step { asked, count });
        }
        Some(step) => {
            envelope.messages.truncate(step);
            Some((step, count))
        }
        None => None,
    };
    let (_, (variables, exported)) = pep_core::prepare(&envelope, |prepared| {
        let variables = crate::engine::variables(prepared.analysis);
        let exported = match options.panel {
            Panel::Export(format) => {
                Some(export::print(prepared.conversation, format, export::Options::default()).text)
            }
            Panel::Raw | Panel::None => None,
        };
        (variables, exported)
    });
    let panel = match options.panel {
        Panel::Export(format) => exported.map(|text| {
            (
                format.as_str(),
                PanelTab::Export(format).label(),
                format!("{text}\n"),
            )
        }),
        Panel::Raw => raw(text, options.step).map(|text| ("raw", PanelTab::Raw.label(), text)),
        Panel::None => None,
    };
    // An empty title would leave the page without a name: the default then.
    let given = options
        .title
        .clone()
        .filter(|title| !title.trim().is_empty());
    let title = given.unwrap_or_else(|| {
        match envelope.model.as_deref().filter(|model| !model.is_empty()) {
            Some(model) => format!("Prompt Envelope · {model}"),
            None => "Prompt Envelope".to_owned(),
        }
    });
    let parts = page::Body {
        envelope: &envelope,
        variables: &variables,
        step,
        panel,
        title: &title,
        ids: options.fragment.as_deref().unwrap_or("pe-static-"),
    };
    Ok(Rendered {
        body: page::body(&parts, options),
        title,
        lang: options.lang,
        warnings: loaded.issues,
    })
}

/// The envelope as 2-space pretty JSON (key order and number spelling as written), its
/// messages cut at `step`; with a final newline.
fn raw(text: &str, step: Option<usize>) -> Option<String> {
    let mut parsed = pep_core::decode::parse_json(text).ok()?.value;
    if let (Some(step), Some(messages)) = (
        step,
        parsed.get_mut("messages").and_then(|m| m.as_array_mut()),
    ) {
        messages.truncate(step);
    }
    serde_json::to_string_pretty(&parsed)
        .ok()
        .map(|text| text + "\n")
}
