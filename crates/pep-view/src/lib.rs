//! # pep-view: the viewer without a browser
//!
//! Everything the Prompt Envelope viewer decides that needs no browser: the text catalogues
//! in both languages, routes and view options, the panel's tabs, windowing, links between the
//! chat and the panel, the JSON and markdown renderers, share-link and host-message parsing,
//! and (feature `engine`) building the view of an envelope with the same core as the `pep`
//! CLI, and the static render of that view as one HTML page (`pep render`).
//!
//! Layer rules (README "Architecture"): this crate depends on `pep-core` and on no UI or
//! browser crate (no leptos, web-sys, js-sys or wasm-bindgen), so all of it is tested with
//! plain `cargo test`. The app's `platform` layer talks to the browser, its `state` layer
//! holds signals, and its components render what this crate computes.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod deep_link;
pub mod demos;
pub mod embed_kit;
#[cfg(feature = "engine")]
pub mod engine;
pub mod host;
pub mod links;
pub mod model;
pub mod panel_tab;
pub mod render;
pub mod request_list;
pub mod route;
pub mod share;
pub mod shortcuts;
pub mod snippets;
#[cfg(feature = "engine")]
pub mod static_render;
pub mod step;
pub mod text;
pub mod theme;
pub mod time;
pub mod view_mode;
pub mod windowing;
pub mod wire;

// The core's vocabulary the viewer speaks in (the app names pep-view only, README
// "Architecture"): where a segment is, what kind it is, which export, whose turn.
pub use pep_core::budget::MessageBudget;
pub use pep_core::export::{Format, human_size};
pub use pep_core::model::{MediaType, Role};
pub use pep_core::{Place, SegmentKind, SegmentRef, Severity};

/// The largest input the viewer takes, by any way in (DECISIONS §9): 50 MiB of UTF-8.
pub const MAX_INPUT_BYTES: usize = 50 * 1024 * 1024;
