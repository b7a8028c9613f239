//! What the shell offers the views inside it: embed mode, opening Your envelope, texts that
//! arrive by paste or drop, what a framing host loaded, and what the page asks the lazy
//! module to show with which of its options.

use leptos::prelude::*;
use pep_view::host::HostIssue;
use pep_view::text::{Lang, Text};
use pep_view::view_mode::ViewMode;

pub use crate::platform::lazy_document::PageOptions;

use super::doc::Doc;
use super::options::PanelChoice;
use super::theme::ThemeControl;

/// The shell's services.
#[derive(Debug, Clone, Copy)]
pub struct Shell {
    /// Embed mode: no top bar, no editor, nothing that leaves the view.
    pub embed: bool,
    /// Shows the user's own envelope (after "Edit a copy" or an arrival put one there).
    pub open_custom: Callback<()>,
}

/// A text that arrived by paste, drop or "Edit a copy", or why it was refused; taken by
/// Your envelope.
#[derive(Debug, Clone, Copy)]
pub struct Incoming(pub RwSignal<Option<Result<String, Text>>>);

/// What the host has loaded, and its last refusal.
#[derive(Debug, Clone, Copy)]
pub struct Hosted {
    /// The envelope the host loaded, shown instead of the demo.
    pub shown: RwSignal<Option<Doc>>,
    /// The last `load` or `set` that could not be done: shown as an error panel.
    pub refused: RwSignal<Vec<HostIssue>>,
}

/// The options a host's `set` changes.
#[derive(Debug, Clone, Copy)]
pub struct HostOptions {
    /// The UI language.
    pub lang: RwSignal<Lang>,
    /// The view mode.
    pub view: RwSignal<ViewMode>,
    /// The panel.
    pub panel: PanelChoice,
    /// The theme.
    pub theme: ThemeControl,
    /// The step asked for.
    pub step: RwSignal<Option<u64>>,
    /// The place asked for (a deep link's path).
    pub at: RwSignal<Option<String>>,
}

/// Which envelope the page asks the module to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LazyShown {
    /// Your envelope: the editor and its view.
    Custom,
    /// The envelope of a share link's payload (the fragment after `#envelope=`).
    Shared(String),
    /// Embed mode's `?demo=custom`: the stored envelope, read-only.
    Stored,
}

impl LazyShown {
    /// The name the page and the module use for it (`custom`, `shared`, `stored`); the payload
    /// goes beside it.
    pub fn name(&self) -> &'static str {
        match self {
            LazyShown::Custom => "custom",
            LazyShown::Shared(_) => "shared",
            LazyShown::Stored => "stored",
        }
    }

    /// A shared link's payload; none for the others.
    pub fn payload(&self) -> Option<&str> {
        match self {
            LazyShown::Shared(payload) => Some(payload),
            LazyShown::Custom | LazyShown::Stored => None,
        }
    }

    /// The envelope named `name` (with `payload` for a shared one); none for another name.
    pub fn from_name(name: &str, payload: Option<String>) -> Option<LazyShown> {
        match name {
            "custom" => Some(LazyShown::Custom),
            "shared" => Some(LazyShown::Shared(payload.unwrap_or_default())),
            "stored" => Some(LazyShown::Stored),
            _ => None,
        }
    }
}
