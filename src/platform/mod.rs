//! The platform layer: every call into the browser (wasm-bindgen, web-sys, js-sys) lives
//! here, behind plain functions, so that `state` and `components` never name a browser type
//! and everything else the viewer decides is in `pep-view`, tested natively.
//!
//! Each failure is returned or ignored, never thrown: a missing window, a refused storage
//! write or a closed worker must not take the page down.

pub mod clipboard;
pub mod compare;
pub mod crash;
pub mod dom;
pub mod embed;
pub mod embed_kit;
pub mod fetch;
pub mod files;
pub mod lazy_document;
#[cfg(debug_assertions)]
pub mod panic_probe;
pub mod requests;
pub mod resize_watch;
pub mod share;
pub mod shortcuts;
pub mod snippets;
pub mod storage;
pub mod tasks;
pub mod theme;
pub mod url;
pub mod viewport;
pub mod worker;
