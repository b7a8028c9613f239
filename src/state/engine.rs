//! The page's link to the engine that computes views: the Web Worker in the app (started on
//! first use, or when the page is idle after its first paint), or the engine itself, in
//! process, for the component tests (feature `local-engine`).
//!
//! Each shown document registers a handler under its id; every response goes to the handler
//! of its document. Requests made before the worker is up wait for it, in order. The lazy
//! module has a link of its own to the same worker, its documents numbered apart.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use pep_view::model::{Request, Response};
use pep_view::wire::{decode, encode_sized};

use crate::platform;

/// What answers the requests.
enum Backend {
    /// Not started yet.
    Idle,
    /// Started; requests wait in `queue` until it says it is ready.
    Worker {
        worker: platform::worker::Worker,
        ready: bool,
        queue: Vec<Vec<u8>>,
    },
    /// The worker could not start or died: nothing more is answered.
    Gone,
    /// The engine in this page (component tests).
    #[cfg(feature = "local-engine")]
    Local(Box<pep_view::engine::Engine>),
}

struct Link {
    backend: Backend,
    next_doc: u32,
    handlers: HashMap<u32, Rc<dyn Fn(Response)>>,
}

thread_local! {
    /// The page's one link (the page has one thread).
    static LINK: Rc<RefCell<Link>> = Rc::new(RefCell::new(Link {
        backend: Backend::Idle,
        next_doc: 1,
        handlers: HashMap::new(),
    }));
}

/// A handle on the page's engine link (Copy, and usable from any callback).
#[derive(Debug, Clone, Copy, Default)]
pub struct EngineLink;

impl EngineLink {
    /// Runs `work` with the link.
    fn with<T>(self, work: impl FnOnce(&Rc<RefCell<Link>>) -> T) -> T {
        LINK.with(work)
    }

    /// Numbers this module's documents from `first` on: the page's wasm and the lazy module's
    /// share the worker (`platform::worker`), so their ids must not meet. Called before any
    /// document is made.
    pub fn number_docs_from(&self, first: u32) {
        self.with(|link| {
            let mut link = link.borrow_mut();
            link.next_doc = link.next_doc.max(first);
        });
    }

    /// A new document id, whose responses go to `handler`.
    pub fn register(&self, handler: impl Fn(Response) + 'static) -> u32 {
        let doc = self.reserve();
        self.route(doc, handler);
        doc
    }

    /// A new document id whose responses are dropped until [`Self::route`] gives it a
    /// handler (a demo's bundle: its document exists before anything is asked of it).
    pub fn reserve(&self) -> u32 {
        self.with(|link| {
            let mut link = link.borrow_mut();
            let doc = link.next_doc;
            link.next_doc += 1;
            doc
        })
    }

    /// Sends the responses about `doc` to `handler` from now on.
    pub fn route(&self, doc: u32, handler: impl Fn(Response) + 'static) {
        self.with(|link| link.borrow_mut().handlers.insert(doc, Rc::new(handler)));
    }

    /// Document `doc` is no longer shown: the engine drops it, its late answers are dropped.
    pub fn forget(&self, doc: u32) {
        self.with(|link| link.borrow_mut().handlers.remove(&doc));
        self.send(Request::Close { doc });
    }

    /// Sends `request`, starting the worker if need be.
    pub fn send(&self, request: Request) {
        #[cfg(feature = "local-engine")]
        if self.local(&request) {
            return;
        }
        self.start();
        let bytes = encode_sized(&request, request.size_hint());
        self.with(|link| {
            if let Backend::Worker {
                worker,
                ready,
                queue,
            } = &mut link.borrow_mut().backend
            {
                if *ready {
                    worker.post(&bytes);
                } else {
                    queue.push(bytes);
                }
            }
        });
    }

    /// Starts the worker now, if it is not running (the page calls this when idle after its
    /// first paint, so the first search or file is answered at once).
    pub fn start(&self) {
        if !self.with(|link| matches!(link.borrow().backend, Backend::Idle)) {
            return;
        }
        let worker = platform::worker::Worker::spawn(move |message| EngineLink.receive(message));
        let backend = match worker {
            Some(worker) => Backend::Worker {
                worker,
                ready: false,
                queue: Vec::new(),
            },
            None => Backend::Gone,
        };
        self.with(|link| link.borrow_mut().backend = backend);
    }

    fn receive(&self, message: platform::worker::Message) {
        match message {
            platform::worker::Message::Ready => self.with(|link| {
                if let Backend::Worker {
                    worker,
                    ready,
                    queue,
                } = &mut link.borrow_mut().backend
                {
                    *ready = true;
                    for bytes in queue.drain(..) {
                        worker.post(&bytes);
                    }
                }
            }),
            platform::worker::Message::Bytes(bytes) => {
                // The other module's documents, and answers about none, are not read at all.
                let ours = bytes
                    .doc()
                    .is_some_and(|doc| self.with(|link| link.borrow().handlers.contains_key(&doc)));
                if !ours {
                    return;
                }
                match decode::<Response>(&bytes.to_vec()) {
                    Ok(response) => self.deliver(response),
                    Err(error) => platform::crash::show(&error.to_string()),
                }
            }
            platform::worker::Message::Died(text) => {
                self.with(|link| link.borrow_mut().backend = Backend::Gone);
                platform::crash::show(&text);
            }
        }
    }

    /// Hands `response` to its document's handler (outside the borrow: a handler may send).
    fn deliver(&self, response: Response) {
        let handler = doc_of(&response)
            .and_then(|doc| self.with(|link| link.borrow().handlers.get(&doc).cloned()));
        if let Some(handler) = handler {
            handler(response);
        }
    }

    /// In component tests, the engine in this page answers at once.
    #[cfg(feature = "local-engine")]
    fn local(&self, request: &Request) -> bool {
        let mut responses = Vec::new();
        let local = self.with(|link| {
            let Backend::Local(engine) = &mut link.borrow_mut().backend else {
                return false;
            };
            engine.handle(request.clone(), &mut |response| responses.push(response));
            true
        });
        if !local {
            return false;
        }
        for response in responses {
            self.deliver(response);
        }
        true
    }
}

/// The document a response is about.
fn doc_of(response: &Response) -> Option<u32> {
    match response {
        Response::Recognised { doc, .. }
        | Response::Opened { doc, .. }
        | Response::Export { doc, .. }
        | Response::Budget { doc, .. }
        | Response::Raw { doc, .. }
        | Response::Messages { doc, .. }
        | Response::Hits { doc, .. }
        | Response::Markdown { doc, .. }
        | Response::Stepped { doc, .. }
        | Response::SteppedBudget { doc, .. }
        | Response::Compared { doc, .. }
        | Response::Redacted { doc, .. }
        | Response::Listed { doc, .. }
        | Response::Picked { doc, .. } => Some(*doc),
        Response::Perf { .. } => None,
    }
}

/// The engine link of the page.
pub fn use_engine() -> EngineLink {
    EngineLink
}

/// Makes the engine of this page answer every request, at once (component tests).
#[cfg(feature = "local-engine")]
pub fn use_local_engine() {
    LINK.with(|link| link.borrow_mut().backend = Backend::Local(Box::default()));
}
