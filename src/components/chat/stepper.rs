//! The stepper (DECISIONS §13): previous and next, a slider, "k / N", Play, and a line that
//! says what the step added. The keys ← → Home End move it when focus is on the page or a
//! plain control (not in a text field, a slider, the tabs or a box that scrolls with those
//! keys); Escape stops Play. The step is the document's ([`Doc::set_step`]): the chat shows
//! k messages at once, the panel and the budget follow when the engine has cut the envelope.

use leptos::prelude::*;
use pep_view::step::{PLAY_EVERY_MS, StepKey, added, position};
use pep_view::text::Text;

use crate::platform;
use crate::state::doc::Doc;
use crate::state::engine::use_engine;
use crate::state::lang::{tr, use_lang};
use crate::state::options::use_open_tab;

/// The stepper of one envelope.
#[component]
pub fn Stepper(
    /// The envelope shown.
    doc: Doc,
) -> impl IntoView {
    let count = doc.len();
    let engine = use_engine();
    let tab = use_open_tab();
    let go = move |step: usize| doc.set_step(&engine, step, tab.get_untracked());
    let playing = RwSignal::new(false);
    play(doc, playing, go);
    keys(doc, playing, go);
    let summary = added_line(doc);
    let at_first = Memo::new(move |_| doc.step() <= 1);
    let at_last = Memo::new(move |_| doc.step() >= count);
    let shown = Memo::new(move |_| position(doc.step(), count));
    let slide = move |event: leptos::ev::Event| {
        if let Ok(step) = event_target_value(&event).parse::<usize>() {
            go(step);
        }
    };
    view! {
        <div class="pe-stepper" role="group" aria-label=tr(Text::Stepper) data-testid="stepper">
            {move_button(StepKey::Previous, at_first, doc, go)}
            <input
                type="range"
                class="pe-stepper__slider"
                data-testid="step-slider"
                min="1"
                max=count
                step="1"
                prop:value=move || doc.step().to_string()
                aria-label=tr(Text::StepSlider)
                aria-valuetext=shown
                on:input=slide
            />
            {move_button(StepKey::Next, at_last, doc, go)}
            <span class="pe-stepper__position" data-testid="step-position" title=tr(Text::StepOf)>
                {shown}
            </span>
            <button
                type="button"
                class="pe-button pe-stepper__play"
                data-testid="step-play"
                aria-pressed=move || playing.get().to_string()
                aria-disabled=(count < 2).then_some("true")
                on:click=move |_| toggle_play(doc, playing, go)
            >
                {move || if playing.get() { tr(Text::StepPause)() } else { tr(Text::StepPlay)() }}
            </button>
            <span class="pe-stepper__added" data-testid="step-added" aria-live="polite">
                {summary}
            </span>
        </div>
    }
}

/// Previous or next: still focusable at the first or last step (focus is not lost there),
/// where it does nothing.
fn move_button(
    key: StepKey,
    at_end: Memo<bool>,
    doc: Doc,
    go: impl Fn(usize) + Copy + 'static,
) -> impl IntoView {
    let (testid, label, arrow) = match key {
        StepKey::Previous => ("step-previous", Text::StepPrevious, "‹"),
        _ => ("step-next", Text::StepNext, "›"),
    };
    let count = doc.len();
    view! {
        <button
            type="button"
            class="pe-button pe-stepper__move"
            data-testid=testid
            aria-label=tr(label)
            title=tr(label)
            aria-disabled=move || at_end.get().to_string()
            on:click=move |_| go(key.apply(doc.step_untracked(), count))
        >
            {arrow}
        </button>
    }
}

/// What the step shown added, in one line: its message's role and ≈ tokens in the budget.
fn added_line(doc: Doc) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || {
        let step = doc.step();
        let row = doc.budget().and_then(|budget| {
            budget
                .messages
                .iter()
                .find(|row| row.message + 1 == step)
                .map(|row| (row.role, row.size.tokens))
        });
        added(lang.get(), row.map(|r| r.0), row.map(|r| r.1))
    }
}

/// Play from the start when at the end, else from here; pressed again, pause. A
/// one-message envelope has nothing to play.
fn toggle_play(doc: Doc, playing: RwSignal<bool>, go: impl Fn(usize)) {
    if playing.get_untracked() {
        playing.set(false);
        return;
    }
    if doc.len() < 2 {
        return;
    }
    if doc.step_untracked() >= doc.len() {
        go(1);
    }
    playing.set(true);
}

/// While playing, one step on every [`PLAY_EVERY_MS`]; stops at the last step.
fn play(doc: Doc, playing: RwSignal<bool>, go: impl Fn(usize) + Copy + 'static) {
    Effect::new(move |_| {
        if !playing.get() {
            return;
        }
        let every = std::time::Duration::from_millis(u64::from(PLAY_EVERY_MS));
        let handle = set_interval_with_handle(
            move || {
                let step = doc.step_untracked();
                // A comparison hides the stepper: Play stops rather than step out of sight.
                if step >= doc.len() || !playing.get_untracked() || platform::dom::comparing() {
                    playing.try_set(false);
                } else {
                    go(step + 1);
                }
            },
            every,
        );
        if let Ok(handle) = handle {
            on_cleanup(move || handle.clear());
        }
    });
}

/// ← → Home End outside text fields move the step; Escape stops Play.
fn keys(doc: Doc, playing: RwSignal<bool>, go: impl Fn(usize) + 'static) {
    let listener = window_event_listener(leptos::ev::keydown, move |event| {
        if event.key() == "Escape" {
            // Stopping Play is what this Escape did: presenter mode stays (`page_keys`).
            if playing.get_untracked() {
                playing.set(false);
                event.prevent_default();
            }
            return;
        }
        // A widget that took the key (the panel's tabs, a slider) keeps it.
        let modified = event.alt_key() || event.ctrl_key() || event.meta_key() || event.shift_key();
        if modified || event.default_prevented() || !platform::dom::leaves_step_keys(&event) {
            return;
        }
        if let Some(key) = StepKey::from_key(&event.key()) {
            event.prevent_default();
            go(key.apply(doc.step_untracked(), doc.len()));
        }
    });
    on_cleanup(move || listener.remove());
}
