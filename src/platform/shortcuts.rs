//! The keyboard shortcuts dialog (DECISIONS §15, `?`): the lazy module's, mounted over the
//! page by its loader (`src/platform/js/lazy.js`), which also closes it (Escape, the backdrop)
//! and gives focus back.

use pep_view::text::{Lang, Text};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openShortcuts)]
    fn open_shortcuts(loading: &str, failed: &str);
}

/// Shows the shortcuts, saying so in `lang` while the module loads (and if it cannot be
/// fetched); focuses the one shown already.
pub fn open(lang: Lang) {
    open_shortcuts(
        lang.t(Text::ShortcutsLoading),
        lang.t(Text::ShortcutsUnavailable),
    );
}
