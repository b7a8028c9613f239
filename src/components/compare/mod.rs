//! The compare view (DECISIONS §13): its own module, a wasm fetched the first time a
//! comparison is shown (`src/lazy_main.rs` mounts [`CompareModule`]), so nothing here is in
//! the page's first render. The page only has Compare… and the loader (`platform::compare`),
//! which makes the place the view mounts in.
//!
//! - [`CompareModule`]: the heading, the two sides' names, side B's picker, Close;
//! - [`Comparison`]: both sides opened and compared by the module's own engine (a worker);
//! - [`DiffSummary`], [`CacheReport`], [`DiffRows`]: what the comparison shows.

mod cache_report;
mod comparison;
mod diff_rows;
mod module;
mod picker;
mod summary;

pub use cache_report::CacheReport;
pub use comparison::Comparison;
pub use diff_rows::DiffRows;
pub use module::CompareModule;
pub use picker::Picker;
pub use summary::DiffSummary;

use leptos::prelude::*;
use pep_view::text::compare::Label;

use crate::state::lang::use_lang;

/// A reactive translation of a compare label, for use in views.
fn say(label: Label) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || label.t(lang.get())
}
