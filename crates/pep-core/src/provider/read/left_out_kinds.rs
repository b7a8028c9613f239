//! What an import leaves out by type (a log's lines, a rollout's items), counted and warned
//! once per type.

use std::collections::BTreeMap;

use crate::issue::{LogProblem, Problem};

use super::Report;

/// Counts of left-out lines (or items) by type, warned once per type in the order first met.
#[derive(Default)]
pub(crate) struct LeftOutKinds {
    counts: BTreeMap<String, (usize, usize)>,
    /// Whether these are items inside lines (a rollout's payloads), not whole lines.
    pub items: bool,
}

impl LeftOutKinds {
    /// One more of `kind`.
    pub fn add(&mut self, kind: &str) {
        let next = self.counts.len();
        self.counts.entry(kind.to_owned()).or_insert((next, 0)).1 += 1;
    }

    /// One warning per kind, at `$`, in the order first met.
    pub fn report(self, report: &mut Report) {
        let items = self.items;
        self.report_as(report, |kind, count| {
            if items {
                Problem::Log(LogProblem::ItemsLeftOut { kind, count })
            } else {
                Problem::Log(LogProblem::LinesLeftOut { kind, count })
            }
        });
    }

    /// One warning per kind, at `$`, in the order first met, each the problem `problem` makes
    /// of the kind and its count.
    pub fn report_as(self, report: &mut Report, problem: impl Fn(String, usize) -> Problem) {
        let mut kinds: Vec<(String, (usize, usize))> = self.counts.into_iter().collect();
        kinds.sort_by_key(|(_, (first, _))| *first);
        for (kind, (_, count)) in kinds {
            report.warn("$", problem(kind, count));
        }
    }
}
