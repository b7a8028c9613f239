//! The view options every envelope view follows: the view mode (`?view=`), the panel
//! (`?panel=`), the step and the place asked for (`?step=`, `?at=`) and presenter mode
//! (`?present=`), set by the URL,
//! the switches and the embedding host.

use leptos::prelude::*;
use pep_view::panel_tab::PanelTab;
use pep_view::route::Panel;
use pep_view::view_mode::ViewMode;

/// The view mode (model or user view).
#[derive(Debug, Clone, Copy)]
pub struct ViewModeState(pub RwSignal<ViewMode>);

/// The view signal of the app; the model view when none is provided (component tests).
pub fn use_view_mode() -> RwSignal<ViewMode> {
    use_context::<ViewModeState>().map_or_else(|| RwSignal::new(ViewMode::Model), |v| v.0)
}

/// The protocol panel as the URL (or an embedding host) chose it: its open tab, and whether it
/// is shown at all (`?panel=none`).
#[derive(Debug, Clone, Copy)]
pub struct PanelChoice {
    /// The open tab, shared by every envelope shown.
    pub tab: RwSignal<PanelTab>,
    /// Whether the panel is shown.
    pub shown: RwSignal<bool>,
}

impl PanelChoice {
    /// The choice `panel` names.
    pub fn new(panel: Panel) -> PanelChoice {
        PanelChoice {
            tab: RwSignal::new(panel.tab()),
            shown: RwSignal::new(panel != Panel::Hidden),
        }
    }

    /// Applies a host's or the URL's panel.
    pub fn set(self, panel: Panel) {
        self.shown.set(panel != Panel::Hidden);
        self.tab.set(panel.tab());
    }
}

/// The panel choice of the app; the OpenAI tab, shown, when none is provided.
pub fn use_panel() -> PanelChoice {
    use_context::<PanelChoice>().unwrap_or_else(|| PanelChoice::new(Panel::from_query(None)))
}

/// A step asked for (DECISIONS §13) by `?step=` at start or by a host's `set`, taken by the
/// envelope view shown (then cleared): a step of at least 1, the last one beyond the envelope.
#[derive(Debug, Clone, Copy)]
pub struct StepAsk(pub RwSignal<Option<u64>>);

/// The step asked for; a signal of its own when none is provided (component tests).
pub fn use_step_ask() -> RwSignal<Option<u64>> {
    use_context::<StepAsk>().map_or_else(|| RwSignal::new(None), |ask| ask.0)
}

/// A deep link's place asked for (DECISIONS §15) by `?at=` at start or by a host's `set`, as
/// written (the notice names it when it does not exist), taken by the envelope view shown.
#[derive(Debug, Clone, Copy)]
pub struct AtAsk(pub RwSignal<Option<String>>);

/// The place asked for; a signal of its own when none is provided (component tests).
pub fn use_at_ask() -> RwSignal<Option<String>> {
    use_context::<AtAsk>().map_or_else(|| RwSignal::new(None), |ask| ask.0)
}

/// Presenter mode (`?present=1`, the top bar's switch): large type, the chat and the panel
/// side by side, no editor or demo switcher, each demo's note above the chat.
#[derive(Debug, Clone, Copy)]
pub struct Presenter(pub RwSignal<bool>);

/// Whether presenter mode is on; off when none is provided (component tests).
pub fn use_presenter() -> RwSignal<bool> {
    use_context::<Presenter>().map_or_else(|| RwSignal::new(false), |on| on.0)
}

/// Whether the panel's JSON wraps long lines (DECISIONS §15's wrap switch), shared by every
/// panel of the page and remembered in the browser where it may.
#[derive(Debug, Clone, Copy)]
pub struct Wrap(pub RwSignal<bool>);

impl Wrap {
    /// The switch as last remembered.
    pub fn remembered() -> Wrap {
        Wrap(RwSignal::new(crate::platform::storage::load_wrap()))
    }
}

/// Whether the panel's JSON wraps; as remembered when none is provided (component tests).
pub fn use_wrap() -> RwSignal<bool> {
    use_context::<Wrap>().unwrap_or_else(Wrap::remembered).0
}

/// The open tab of the envelope view around (Your envelope keeps its own across edits), for
/// what asks the engine for a tab first (a step).
#[derive(Debug, Clone, Copy)]
pub struct OpenTab(pub RwSignal<PanelTab>);

/// The open tab of the envelope view around; the app's panel tab when none is provided.
pub fn use_open_tab() -> RwSignal<PanelTab> {
    use_context::<OpenTab>().map_or_else(|| use_panel().tab, |tab| tab.0)
}

/// The step kept across the documents of one view (Your envelope: each edit is a new
/// document, and the step stays where the user left it, within the new envelope).
#[derive(Debug, Clone, Copy)]
pub struct KeptStep(pub RwSignal<Option<usize>>);
