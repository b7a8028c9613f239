//! # Prompt Envelope viewer
//!
//! A client-side Leptos app that renders every segment kind of a Prompt Envelope as its own
//! component, next to a live panel with the exact request the conversation becomes. All
//! protocol logic comes from `pep-core`, the same code the `pep` CLI runs.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod browser;
pub mod collapse;
pub mod components;
pub mod crash;
pub mod demos;
pub mod embed;
#[cfg(debug_assertions)]
pub mod panic_probe;
pub mod raw_text;
pub mod recognise;
pub mod resize_watch;
pub mod search;
pub mod share;
pub mod view_steps;
pub mod viewer;
pub mod viewport;

/// Installs the crash panel's panic hook and mounts the app on the page body.
pub fn start() {
    crash::install();
    #[cfg(debug_assertions)]
    panic_probe::listen();
    leptos::mount::mount_to_body(components::App);
}
