//! Issues as the page lists them: each with its message in both languages, lists cut at
//! [`MAX_LISTED`] with the counts of all.

use pep_core::{Issue, Severity};

use crate::model::{IssueView, IssuesView, MAX_LISTED};
use crate::text::Lang;
use crate::text::problems::problem_text;

/// One issue, with both texts.
pub fn issue_view(issue: &Issue) -> IssueView {
    IssueView {
        severity: issue.severity(),
        path: issue.path.clone(),
        place: issue.place,
        en: problem_text(Lang::En, &issue.problem),
        zh: problem_text(Lang::Zh, &issue.problem),
    }
}

/// A list of issues: the first [`MAX_LISTED`] made into views, all counted.
pub fn issues_view<'i>(issues: impl IntoIterator<Item = &'i Issue>) -> IssuesView {
    let mut view = IssuesView::default();
    for issue in issues {
        match issue.severity() {
            Severity::Error => view.errors += 1,
            Severity::Warning => view.warnings += 1,
        }
        if view.listed.len() < MAX_LISTED {
            view.listed.push(issue_view(issue));
        }
    }
    view
}
