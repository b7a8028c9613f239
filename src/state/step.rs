//! A document's step (DECISIONS §13): the step shown, what the engine made for the steps
//! short of the whole envelope, and one request in flight at a time, so a held key or a
//! dragged slider makes the engine cut the envelope for the last step asked, not for each
//! one on the way.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;
use pep_view::model::{BudgetView, ExportView, Request};
use pep_view::panel_tab::PanelTab;

/// What the engine made for the step shown (or, until that arrives, the step before).
#[derive(Clone, Default)]
struct Made {
    /// The step each export is for, and the export, in the tabs' order.
    exports: [Option<(usize, Arc<ExportView>)>; Format::ALL.len()],
    /// The step the budget is for, and the budget.
    budget: Option<(usize, Arc<BudgetView>)>,
}

/// The request being answered, and the step asked for since.
#[derive(Default)]
struct Flight {
    busy: bool,
    next: Option<(usize, PanelTab)>,
}

/// The step state of one document (Copy, part of its [`super::doc::Doc`]).
#[derive(Clone, Copy)]
pub struct Stepping {
    doc: u32,
    count: usize,
    step: RwSignal<usize>,
    moved: RwSignal<bool>,
    made: RwSignal<Made>,
    flight: StoredValue<Flight>,
}

impl Stepping {
    /// Document `doc` of `count` messages, at its last step.
    pub fn new(doc: u32, count: usize) -> Stepping {
        Stepping {
            doc,
            count,
            step: RwSignal::new(count),
            moved: RwSignal::new(false),
            made: RwSignal::new(Made::default()),
            flight: StoredValue::new(Flight::default()),
        }
    }

    /// The step shown (reactive).
    pub fn get(&self) -> usize {
        self.step.get()
    }

    /// The step shown, not tracked.
    pub fn get_untracked(&self) -> usize {
        self.step.get_untracked()
    }

    /// Whether the step shown is short of the whole envelope (reactive).
    pub fn is_cut(&self) -> bool {
        self.step.get() < self.count
    }

    /// Whether the step was ever moved (reactive).
    pub fn moved(&self) -> bool {
        self.moved.get()
    }

    /// Shows `step` (clamped to 1..=count); returns the request to send now, if one is due
    /// (none at the last step, none while another is being answered: that one is followed
    /// by a request for the newest step).
    pub fn set(&self, step: usize, tab: PanelTab) -> Option<Request> {
        let step = step.clamp(1, self.count.max(1));
        if self.step.get_untracked() == step {
            return None;
        }
        self.step.set(step);
        if !self.moved.get_untracked() {
            self.moved.set(true);
        }
        if step >= self.count {
            // The whole envelope's own views show; an older cut's must not come back later.
            self.made.set(Made::default());
            self.flight.update_value(|f| f.next = None);
            return None;
        }
        let busy = self.flight.with_value(|f| f.busy);
        if busy {
            self.flight.update_value(|f| f.next = Some((step, tab)));
            return None;
        }
        self.flight.update_value(|f| f.busy = true);
        Some(self.request(step, tab))
    }

    fn request(&self, step: usize, tab: PanelTab) -> Request {
        Request::Step {
            doc: self.doc,
            step,
            tab,
        }
    }

    /// Takes an export made for `step` (dropped unless it is the step shown).
    pub fn take_export(&self, step: usize, index: usize, export: ExportView) {
        if step != self.step.get_untracked() {
            return;
        }
        self.made.update(|made| {
            if let Some(slot) = made.exports.get_mut(index) {
                *slot = Some((step, Arc::new(export)));
            }
        });
    }

    /// Takes the budget made for `step`, the last answer to a step request; returns the
    /// request for the step asked for meanwhile, if any.
    pub fn take_budget(&self, answered: usize, budget: BudgetView) -> Option<Request> {
        if answered == self.step.get_untracked() {
            self.made
                .update(|made| made.budget = Some((answered, Arc::new(budget))));
        }
        let next = self.flight.try_update_value(|f| {
            f.busy = false;
            f.next.take()
        });
        let (step, tab) = next.flatten()?;
        // Back at the step just answered: its views are here already.
        if step >= self.count || step == answered {
            return None;
        }
        self.flight.update_value(|f| f.busy = true);
        Some(self.request(step, tab))
    }

    /// The export of tab `index` made for the step shown, else for the step before (reactive).
    pub fn export(&self, index: usize) -> Option<(usize, Arc<ExportView>)> {
        self.made
            .with(|made| made.exports.get(index).cloned().flatten())
    }

    /// The budget made for the step shown, else for the step before (reactive).
    pub fn budget(&self) -> Option<Arc<BudgetView>> {
        self.made
            .with(|made| made.budget.as_ref().map(|(_, b)| Arc::clone(b)))
    }
}
