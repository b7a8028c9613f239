//! What the shell offers the views inside it: embed mode, opening Your envelope, texts that
//! arrive by paste or drop, and what a framing host loaded.

use leptos::prelude::*;
use pep_view::host::HostIssue;
use pep_view::text::{Lang, Text};
use pep_view::view_mode::ViewMode;

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
}
