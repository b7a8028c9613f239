//! The app's side of the embedding API ([`platform::embed`]): a `load` is opened by the
//! engine (a request imported first) and shown once its first view is there, or refused with
//! its issues while the previous envelope stays; a `set` changes the panel, language, theme,
//! view, step or place (`at`), all of it or (one value wrong) none of it. A step or place set
//! while a `load` is being opened is the new envelope's, not the one still shown.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use pep_view::host::{HostIssue, HostRequest, SetRequest};
use pep_view::model::{IssueView, IssuesView};

use super::document::{Shown, Source, open};
use crate::platform;
use crate::state::engine::use_engine;
use crate::state::shell::{HostOptions as Options, Hosted};

/// Answers the host's messages (when framed) and reports the content's height.
pub fn connect(hosted: Hosted, options: Options) {
    let owner = Owner::current().unwrap_or_default();
    // The shown document's id and owner, dropped when the next load replaces it.
    let current: Rc<RefCell<Option<(u32, Owner)>>> = Rc::default();
    let pending: Rc<Pending> = Rc::default();
    platform::embed::listen(move |request, reply| match request {
        // Any §7 format: a request is imported first.
        HostRequest::Load(text) => {
            pending.loads.set(pending.loads.get() + 1);
            let opened = Opened {
                hosted,
                asks: Asks {
                    step: options.step,
                    at: options.at,
                },
                current: Rc::clone(&current),
                pending: Rc::clone(&pending),
            };
            load(text, opened, owner.child(), reply);
        }
        HostRequest::Set(set) => match apply(&set, options, &pending) {
            Ok(()) => hosted.refused.set(Vec::new()),
            Err(issues) => {
                reply.error(&issues);
                hosted.refused.set(issues);
            }
        },
        HostRequest::Malformed(issue) => {
            reply.error(std::slice::from_ref(&issue));
            hosted.refused.set(vec![issue]);
        }
    });
    // Once the app is in the page, watch its height.
    Effect::new(move |_| {
        if let Some(app) = platform::dom::query(".pe-app") {
            platform::embed::report_height(&app);
        }
    });
}

/// Loads being opened, and the step and place a `set` asked for meanwhile.
#[derive(Default)]
struct Pending {
    loads: Cell<u32>,
    step: Cell<Option<u64>>,
    at: RefCell<Option<String>>,
}

/// A step and a place asked for.
type Asked = (Option<u64>, Option<String>);

impl Pending {
    /// A load is done: the step and place asked for meanwhile, once no other load is being
    /// opened.
    fn done(&self) -> Asked {
        self.loads.set(self.loads.get().saturating_sub(1));
        if self.loads.get() == 0 {
            (self.step.take(), self.at.take())
        } else {
            (None, None)
        }
    }
}

/// The page's asks: the step and the place the envelope shown takes.
#[derive(Clone, Copy)]
struct Asks {
    step: RwSignal<Option<u64>>,
    at: RwSignal<Option<String>>,
}

impl Asks {
    /// Hands the envelope shown what was asked for meanwhile.
    fn give(self, (step, at): Asked) {
        if step.is_some() {
            self.step.set(step);
        }
        if at.is_some() {
            self.at.set(at);
        }
    }
}

/// What a load changes once it is open.
struct Opened {
    hosted: Hosted,
    asks: Asks,
    /// The shown document's id and owner.
    current: Rc<RefCell<Option<(u32, Owner)>>>,
    pending: Rc<Pending>,
}

/// Opens a host's text; answers `loaded` with its counts and shows it, or `error`.
fn load(text: String, opened: Opened, owner: Owner, reply: platform::embed::Reply) {
    let Opened {
        hosted,
        asks,
        current,
        pending,
    } = opened;
    let engine = use_engine();
    let tab = pep_view::panel_tab::PanelTab::ALL[0];
    let source = Source {
        text: Arc::from(text),
        recognise: true,
    };
    let doc_owner = owner.clone();
    open(
        &engine,
        source,
        tab,
        owner,
        |_, _| {},
        move |id, shown| match shown {
            Shown::Envelope(doc) => {
                let issues = &doc.fixed().issues;
                reply.loaded(issues.errors, issues.warnings);
                hosted.refused.set(Vec::new());
                hosted.shown.set(Some(doc));
                // After the new envelope's layout has replaced the old one's, which would
                // otherwise take the step and the place.
                let asked = pending.done();
                set_timeout(move || asks.give(asked), std::time::Duration::ZERO);
                let previous = current.borrow_mut().replace((id, doc_owner.clone()));
                if let Some((old, owner)) = previous {
                    engine.forget(old);
                    set_timeout(move || owner.cleanup(), std::time::Duration::ZERO);
                }
            }
            // A host loads one envelope: a file of many requests is refused, naming how many.
            Shown::Unreadable(issues, _) | Shown::Requests(issues, _) => {
                // The envelope that could not be read never shows: a step asked for meanwhile
                // is the one shown's.
                asks.give(pending.done());
                let issues = host_issues(&issues);
                reply.error(&issues);
                hosted.refused.set(issues);
                engine.forget(id);
            }
        },
    );
}

/// A list of issues as the `error` message carries them.
fn host_issues(issues: &IssuesView) -> Vec<HostIssue> {
    issues.listed.iter().map(host_issue).collect()
}

fn host_issue(issue: &IssueView) -> HostIssue {
    HostIssue {
        severity: issue.severity.as_str(),
        path: issue.path.clone(),
        message: issue.en.clone(),
    }
}

/// Applies a `set`: all of it, or (one value wrong) none of it.
fn apply(set: &SetRequest, options: Options, pending: &Pending) -> Result<(), Vec<HostIssue>> {
    let changes = set.check()?;
    if let Some(panel) = changes.panel {
        options.panel.set(panel);
    }
    if let Some(lang) = changes.lang {
        options.lang.set(lang);
    }
    if let Some(view) = changes.view {
        options.view.set(view);
    }
    // The host's choice wins over the system's, like `?theme=`.
    if let Some(theme) = changes.theme {
        options.theme.set(theme);
    }
    match changes.step {
        Some(step) if pending.loads.get() > 0 => pending.step.set(Some(step)),
        Some(step) => options.step.set(Some(step)),
        None => {}
    }
    match changes.at {
        Some(at) if pending.loads.get() > 0 => *pending.at.borrow_mut() = Some(at),
        Some(at) => options.at.set(Some(at)),
        None => {}
    }
    Ok(())
}
