//! The shell: the app, its top bar and switches, and what it shows — a demo from its bundle,
//! Your envelope (the editor), a shared envelope, one a framing host loaded — each through
//! the same envelope layout.

pub mod app;
mod custom_view;
mod deep_link;
mod demo_note;
mod demo_view;
mod document;
mod editor;
mod embed_dialog;
mod host;
mod incoming;
mod layout;
mod lazy_document;
mod lazy_host;
mod page_keys;
mod present_switch;
mod requests_slot;
mod shared_link;
mod shortcuts;
mod stored_view;
mod theme_switch;
mod top_bar;
mod view_switch;

pub use app::{App, CUSTOM, FirstBundle};
pub use custom_view::CustomView;
pub use demo_note::{DemoNote, Note};
pub use demo_view::DemoView;
pub use document::{DocumentView, FIRST_ROWS, Shown, Source, open};
pub use embed_dialog::EmbedDialog;
pub use incoming::{Arrival, ArrivalNotice};
pub use layout::{EnvelopeLayout, UnreadablePanel};
pub use lazy_document::LazyDocument;
pub use lazy_host::LazyHost;
pub use present_switch::PresentSwitch;
pub use shared_link::SharedLink;
pub use shortcuts::ShortcutsDialog;
pub use stored_view::StoredView;
pub use theme_switch::ThemeSwitch;
pub use top_bar::TopBar;
pub use view_switch::ViewSwitch;
