//! The protocol panel (spec §7.3): the exact request for OpenAI, Anthropic and MCP, and the raw
//! protocol, each with Copy, Download and its export warnings. Every tab panel stays in the
//! page; the inactive ones are `hidden`. The panel's place is there with the first render and
//! its content a task later, so the chat's task holds the chat alone (issue 23: no task over
//! 50 ms); the tab in view is built then, the others one a task once the page has painted, or
//! when they are opened.

use std::cell::Cell;
use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;
use pep_view::panel_tab::PanelTab;
use pep_view::text::Text;

use super::export_tab::ExportTab;
use super::wrap_switch::WrapSwitch;
use crate::components::widgets::{CopyButton, JsonText, JsonView};
use crate::platform;
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::lang::tr;
use crate::state::options::use_wrap;

thread_local! {
    /// Whether a panel's content has been built yet (the page's first waits a task).
    static FIRST_BUILT: Cell<bool> = const { Cell::new(false) };
}

/// The protocol panel of one envelope.
#[component]
pub fn ProtocolPanel(
    /// The open tab.
    tab: RwSignal<PanelTab>,
    /// File name without extension, e.g. `demo-f`: downloads are `demo-f.openai.json`, …, and
    /// `demo-f.json`.
    file_stem: String,
    /// The envelope shown.
    doc: Doc,
    /// Set once the page has painted: the tabs out of view are built then.
    painted: Signal<bool>,
) -> impl IntoView {
    let current_text = Callback::new(move |()| current_text(doc, tab.get_untracked()));
    let stem = StoredValue::new(file_stem.clone());
    let download = move |_| {
        let name = stem.with_value(|stem| tab.get_untracked().file_name(stem));
        let text = current_text.run(());
        let _ = platform::files::download(&name, &format!("{text}\n"), "application/json");
    };
    // Only the page's first panel waits a task: a later one (a new envelope, an edit) takes
    // the place of one on screen and is built with it, so the panel never blinks.
    let ready = RwSignal::new(FIRST_BUILT.get());
    if !ready.get_untracked() {
        set_timeout(
            move || {
                FIRST_BUILT.set(true);
                ready.try_set(true);
            },
            std::time::Duration::ZERO,
        );
    }
    let turns = tab_turns(painted);
    let wrap = use_wrap();
    // The page and the lazy module each hold the switch: the other may have turned it since
    // (Your envelope's panel, then a demo's), and the browser kept that.
    if let Some(remembered) = platform::storage::remembered_wrap()
        && remembered != wrap.get_untracked()
    {
        wrap.set(remembered);
    }
    let turn = move |which: PanelTab| {
        let at = PanelTab::ALL.iter().position(|tab| *tab == which);
        Signal::derive(move || at.is_some_and(|at| turns.get() > at))
    };
    let content = move || {
        ready.get().then(|| {
            let export_panels = Format::ALL.map(|format| {
                let which = PanelTab::Export(format);
                let file_name = which.file_name(&file_stem);
                view! { <ExportTab tab=tab format=format doc=doc file_name=file_name turn=turn(which) /> }
            });
            view! {
            <div class="pe-panel__bar">
                <div role="tablist" class="pe-tabs" aria-label=tr(Text::ProtocolPanel)>
                    {PanelTab::ALL.map(|which| tab_button(tab, which))}
                </div>
                <div class="pe-panel__actions">
                    <WrapSwitch />
                    <CopyButton label=Text::Copy testid="copy" text=current_text />
                    <button type="button" class="pe-button" data-testid="download" on:click=download>
                        {tr(Text::Download)}
                    </button>
                </div>
            </div>
            {export_panels}
            {raw_panel(tab, doc, turn(PanelTab::Raw))}
            }
        })
    };
    view! {
        <section class="pe-panel" class:pe-panel--wrap=wrap aria-label=tr(Text::ProtocolPanel) data-testid="panel">
            {content}
        </section>
    }
}

/// The open tab's whole text (Copy, Download). The raw text of a large source is made when
/// its tab is opened; until it is here, the source itself stands in for it.
fn current_text(doc: Doc, tab: PanelTab) -> Arc<str> {
    match tab {
        PanelTab::Raw => doc
            .raw_untracked()
            .unwrap_or_else(|| Arc::clone(&doc.fixed().source)),
        PanelTab::Export(format) => doc
            .export_untracked(format)
            .map_or_else(|| Arc::from(""), |export| Arc::clone(&export.text)),
    }
}

/// One tab button (WAI-ARIA tabs: arrow keys, Home, End).
fn tab_button(tab: RwSignal<PanelTab>, which: PanelTab) -> impl IntoView {
    view! {
        <button
            type="button"
            role="tab"
            id=which.id()
            class="pe-tab"
            aria-selected=move || (tab.get() == which).to_string()
            aria-controls=which.panel_id()
            tabindex=move || if tab.get() == which { "0" } else { "-1" }
            on:click=move |_| tab.set(which)
            on:keydown=move |event: leptos::ev::KeyboardEvent| {
                let Some(next) = tab.get_untracked().after_key(&event.key()) else { return };
                event.prevent_default();
                tab.set(next);
                platform::dom::focus_id(&next.id());
            }
        >
            {tr(which.label())}
        </button>
    }
}

/// How many tabs, in [`PanelTab::ALL`]'s order, may be built out of view: none until the page
/// has painted, then one more each task, so no task builds them all.
fn tab_turns(painted: Signal<bool>) -> RwSignal<usize> {
    let turns = RwSignal::new(0);
    Effect::new(move |started: Option<bool>| {
        if started == Some(true) || !painted.get() {
            return started.unwrap_or(false);
        }
        leptos::task::spawn_local(async move {
            for turn in 1..=PanelTab::ALL.len() {
                platform::tasks::next_task().await;
                // Gone with its envelope: nothing more to build.
                if turns.try_set(turn).is_some() {
                    break;
                }
            }
        });
        true
    });
    turns
}

/// The raw protocol's tab panel: the source pretty-printed, asked for when first needed.
fn raw_panel(tab: RwSignal<PanelTab>, doc: Doc, turn: Signal<bool>) -> impl IntoView {
    let engine = use_engine();
    let shown = Memo::new(move |was: Option<&bool>| {
        was.copied().unwrap_or(false) || tab.get() == PanelTab::Raw || turn.get()
    });
    let content = move || {
        if !shown.get() {
            return None;
        }
        let raw = doc.raw();
        if raw.is_none() && tab.get() == PanelTab::Raw {
            doc.want_raw(&engine);
        }
        Some(match raw {
            Some(raw) => {
                view! { <JsonView json=JsonText::plain(raw) testid=PanelTab::Raw.json_hook() wrap=use_wrap() /> }
                    .into_any()
            }
            None => view! {
                <p class="pe-panel__ok" role="status">{tr(Text::Preparing)}</p>
            }
            .into_any(),
        })
    };
    view! {
        <div
            role="tabpanel"
            id=PanelTab::Raw.panel_id()
            class="pe-tabpanel"
            tabindex="0"
            aria-labelledby=PanelTab::Raw.id()
            hidden=move || tab.get() != PanelTab::Raw
        >
            {content}
        </div>
    }
}
