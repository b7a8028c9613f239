//! Step k of a document (DECISIONS §13): the envelope the engine keeps, cut to its first k
//! messages, validated, lowered and exported again, without parsing anything again. The tab
//! in view comes first, then the other exports and the budget.

use pep_core::model::Envelope;

use super::open::{export_view, rest_and_budget};
use crate::model::Response;
use crate::panel_tab::PanelTab;

/// Answers step `step` of document `doc`, whose envelope is `envelope` (cut for the time of
/// the call, then whole again). A step beyond the envelope is its last message; below 1, its
/// first.
pub(super) fn step(
    envelope: &mut Envelope,
    doc: u32,
    step: usize,
    tab: PanelTab,
    emit: &mut dyn FnMut(Response),
) {
    let count = envelope.messages.len();
    let step = step.clamp(1, count.max(1));
    // The later messages are moved out and back: nothing of them is copied.
    let rest = envelope.messages.split_off(step.min(count));
    let _ = pep_core::prepare(envelope, |prepared| {
        let conversation = prepared.conversation;
        let first = match tab {
            PanelTab::Export(format) => Some(export_view(conversation, format)),
            PanelTab::Raw => None,
        };
        let made = first.as_ref().map(|export| (export.format, export.size));
        if let Some(export) = first {
            emit(Response::Stepped { doc, step, export });
        }
        let budget = rest_and_budget(conversation, prepared.envelope, made, &mut |export| {
            emit(Response::Stepped { doc, step, export });
        });
        emit(Response::SteppedBudget { doc, step, budget });
    });
    envelope.messages.extend(rest);
}
