//! # Prompt Envelope viewer
//!
//! A client-side Leptos app that renders every segment kind of a Prompt Envelope as its own
//! component, next to a live panel with the exact request the conversation becomes.
//!
//! Three layers (README "Architecture"): [`platform`] is the only place that talks to the
//! browser; [`state`] holds the signals and contexts; [`components`] render the plain data
//! that `pep-view` defines and its engine computes — in a Web Worker (`crates/pep-worker`),
//! or at build time for the demos — with the same core as the `pep` CLI.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod components;
pub mod platform;
pub mod state;

use components::shell::{App, CUSTOM, FirstBundle};
use leptos::prelude::*;

/// Installs the crash panel's panic hook, fetches the bundle of the demo the URL shows (it
/// was preloaded with the page), mounts the app on the page body, and removes the top bar the
/// page painted before the wasm had loaded.
pub fn start() {
    platform::crash::install();
    #[cfg(debug_assertions)]
    platform::panic_probe::listen();
    // Before mounting, which sets Leptos' executor up: the browser's own.
    platform::tasks::spawn(async {
        let first = first_bundle().await;
        leptos::mount::mount_to_body(move || view! { <App first=first /> });
        // The first paint's top bar (index.html, `pep_view::render::shell`): the app's own is
        // on the page now, in the same place, so the next frame shows no change.
        platform::dom::remove_id(pep_view::render::shell::SHELL_ID);
    });
}

/// The bundle of the demo the page opens on, so its first render has the whole view; none
/// for a share link or Your envelope.
async fn first_bundle() -> FirstBundle {
    let shared = pep_view::share::fragment_payload(&platform::url::hash()).is_some();
    let requested = platform::url::query_param("demo");
    if shared || requested.as_deref() == Some(CUSTOM) {
        return FirstBundle(None);
    }
    let demo = state::catalogue::pick(requested.as_deref());
    match platform::fetch::bytes(demo.bundle).await {
        Ok(bytes) => FirstBundle(Some((demo.id, bytes))),
        // The view fetches it again and says what is wrong.
        Err(_) => FirstBundle(None),
    }
}
