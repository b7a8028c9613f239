//! Capping repetitive warnings (DECISIONS §9): the report of a small input cannot grow far
//! beyond it.

use crate::issue::{EnvelopeProblem, Issue, Problem, Repeated};

/// Lists the first [`Cap::LIMIT`] issues of one repetitive kind and counts the rest, so a
/// document of a million five-byte `{{x}}` placeholders or unknown fields gets a report of a
/// hundred lines, not of a million issues (each larger than what it reports).
#[derive(Debug)]
pub(crate) struct Cap {
    what: Repeated,
    listed: usize,
    unlisted: usize,
}

impl Cap {
    /// Issues listed one by one, per kind, per envelope.
    pub(crate) const LIMIT: usize = 100;

    pub(crate) fn new(what: Repeated) -> Self {
        Cap {
            what,
            listed: 0,
            unlisted: 0,
        }
    }

    /// Whether the next issue of this kind is listed; counts it either way.
    pub(crate) fn admit(&mut self) -> bool {
        if self.listed < Cap::LIMIT {
            self.listed += 1;
            true
        } else {
            self.unlisted += 1;
            false
        }
    }

    /// Counts an issue that is not listed for another reason.
    pub(crate) fn skip(&mut self) {
        self.unlisted += 1;
    }

    /// The summary of what was not listed, if anything, at `path`.
    pub(crate) fn summary(&self, path: &str) -> Option<Issue> {
        (self.unlisted > 0).then(|| {
            Issue::new(
                path,
                Problem::Envelope(EnvelopeProblem::NotListed {
                    what: self.what,
                    count: self.unlisted,
                }),
            )
        })
    }
}
