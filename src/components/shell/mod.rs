//! The shell: the app, its top bar and switches, and what it shows — a demo, Your envelope
//! (the editor), a shared envelope, one a framing host loaded.

pub mod app;
mod custom_view;
mod envelope_view;
pub mod host;
pub mod incoming;
mod shared_link;
mod theme_switch;
mod top_bar;
mod view_switch;

pub use custom_view::CustomView;
pub use envelope_view::EnvelopeView;
pub use shared_link::SharedLink;
pub use theme_switch::{ThemeControl, ThemeSwitch, provide_theme, use_theme};
pub use top_bar::TopBar;
pub use view_switch::{ViewSwitch, use_view_mode};
