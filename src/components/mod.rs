//! The viewer's components, by what they are: the [`shell`] (the app, its top bar and what it
//! shows), the [`chat`] column, the protocol [`panel`], one component per segment kind under
//! [`segments`], and the [`widgets`] they share; the [`compare`] view, the [`requests`]
//! list of a file of many requests and [`share`]'s scan and link are in the lazy module,
//! fetched on first use (`src/lazy_main.rs`). They render `pep-view`'s plain data; their
//! state is in `crate::state`, the browser behind `crate::platform`.

pub mod chat;
pub mod compare;
pub mod panel;
pub mod requests;
pub mod segments;
pub mod share;
pub mod shell;
pub mod widgets;

pub use shell::App;
