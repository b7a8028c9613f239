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
pub mod demos;
pub mod i18n;
pub mod json_lines;
pub mod json_tokens;
pub mod markdown;
pub mod problem_text;
pub mod resize_watch;
pub mod search;
pub mod time;
pub mod viewer;
pub mod viewport;
pub mod windowing;

/// Mounts the app on the page body.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(components::App);
}
