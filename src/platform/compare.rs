//! The compare view's loader (`src/platform/js/lazy.js`). The view (DECISIONS §13) is a
//! wasm of its own (`src/lazy_main.rs`), built by Trunk next to the page's and fetched with
//! `compare.css` the first time a comparison is shown, so the page's first render carries
//! neither. The loader shows it in a place of its own after the page's content, which
//! `.pe-comparing` on the root hides meanwhile (`style/layout.css`), so Close gives the page
//! back as it was, with `?compare=` gone and focus where it was. The page and the module
//! share nothing but this call and the DOM: the loader tells the module `<html lang>` when it
//! changes. A module that cannot be fetched is said, with Close, and tried again next time.
//! All of it is the app's own files (CSP `'self'`); the service worker precaches them.

use pep_view::text::{Lang, Text};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openCompare)]
    fn open_compare(
        a_id: &str,
        a_label: Option<String>,
        a_text: Option<String>,
        b_id: Option<String>,
        b_label: Option<String>,
        b_text: Option<String>,
        loading: &str,
        failed: &str,
        close: &str,
    );

    #[wasm_bindgen(js_name = closeCompare)]
    fn close_compare();
}

/// One side as the module takes it: an id (a demo's, `custom` or `text`) and a text's label
/// and text.
pub type SideParts<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

/// Shows the comparison of side `a` with side `b` (a demo id or `custom`; none: the view asks
/// for it), replacing one shown; until the module is there, and if it cannot be fetched, the
/// page says so in `lang`.
pub fn open(lang: Lang, a: SideParts<'_>, b: Option<&str>) {
    let (a_id, a_label, a_text) = a;
    open_compare(
        a_id,
        a_label.map(str::to_owned),
        a_text.map(str::to_owned),
        b.map(str::to_owned),
        None,
        None,
        lang.t(Text::CompareLoading),
        lang.t(Text::CompareUnavailable),
        lang.t(Text::CompareClose),
    );
}

/// Ends the comparison shown, if any.
pub fn close() {
    close_compare();
}
