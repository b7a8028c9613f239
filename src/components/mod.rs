//! The viewer's components, by what they are: the [`shell`] (the app, its top bar and what it
//! shows), the [`chat`] column, the protocol [`panel`], one component per segment kind under
//! [`segments`], and the [`widgets`] they share; the [`compare`] view and the [`requests`]
//! list of a file of many requests are in a module of their own, fetched on first use. They render `pep-view`'s plain data; their
//! state is in `crate::state`, the browser behind `crate::platform`.

pub mod chat;
pub mod compare;
pub mod panel;
pub mod requests;
pub mod segments;
pub mod shell;
pub mod widgets;

pub use shell::App;
