//! The parts of a view model that a large envelope gets later, one browser task each: the
//! Anthropic and MCP exports, the OpenAI export's line links and the context budget. A small
//! envelope gets them all at once ([`crate::viewer::ViewModel::from_source`]); a large one
//! shows its conversation and OpenAI request first, so no single task holds the page for long
//! (DECISIONS §9: no task over 200 ms after the first render).

use std::sync::Arc;

use pep_core::budget::{self, Budget, Estimate};
use pep_core::export::{Format, Options, print_measured};
use pep_core::lower::{Analysis, Conversation, lower};
use pep_core::model::Envelope;

use crate::viewer::ExportText;
use pep_view::links::LineLinks;

/// One part still to be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// An export not made yet.
    Export(Format),
    /// The OpenAI export's line links (made without them first).
    Links,
    /// The context budget, once every export has its request size.
    Budget,
}

/// The steps a large envelope's view runs after its first render, in order.
pub const LATER: [Step; 4] = [
    Step::Export(Format::Anthropic),
    Step::Export(Format::Mcp),
    Step::Links,
    Step::Budget,
];

/// One export as the panel shows it, printed from `conversation`; its line links only when
/// `links` (they cost as much again as the printing).
pub fn export_text(conversation: &Conversation<'_>, format: Format, links: bool) -> ExportText {
    let options = Options {
        links,
        ..Options::default()
    };
    let export = print_measured(conversation, format, options, Some(&Estimate));
    ExportText {
        format,
        links: Arc::new(LineLinks::new(export.line_starts.len(), &export.links)),
        request: budget::RequestBudget {
            format,
            size: export.size.unwrap_or_default(),
        },
        json: Arc::from(export.text),
        warnings: export.warnings,
        checks: export.checks,
    }
}

/// The context budget of `conversation`, with the request sizes of `exports`.
pub fn budget_of(
    conversation: &Conversation<'_>,
    envelope: &Envelope,
    exports: &[ExportText],
) -> Budget {
    let requests = exports.iter().map(|export| export.request).collect();
    budget::budget(conversation, envelope, &Estimate, requests)
}

/// Runs `step` for `envelope`, updating `exports` (kept in [`Format::ALL`] order) or
/// `budget`. Each step lowers the envelope again: that is cheap next to what it prints, and
/// keeps no lowering (which borrows the envelope) alive between tasks.
pub fn run(
    envelope: &Envelope,
    step: Step,
    exports: &mut Vec<ExportText>,
    budget: &mut Option<Arc<Budget>>,
) {
    let analysis = Analysis::of(envelope);
    let conversation = lower(envelope, &analysis);
    match step {
        Step::Export(format) => {
            exports.retain(|export| export.format != format);
            exports.push(export_text(&conversation, format, true));
            exports.sort_by_key(|export| Format::ALL.iter().position(|f| *f == export.format));
        }
        Step::Links => {
            let linked = export_text(&conversation, Format::OpenAi, true);
            if let Some(slot) = exports.iter_mut().find(|e| e.format == Format::OpenAi) {
                slot.links = linked.links;
            }
        }
        Step::Budget => *budget = Some(Arc::new(budget_of(&conversation, envelope, exports))),
    }
}
