//! The SDK code of an export tab (`components::panel::Snippets`): the lazy module's, mounted by
//! its loader (`src/platform/js/lazy.js`) into the tab's "Code" disclosure when it first opens.

use pep_view::Format;
use pep_view::text::{Lang, Text};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openSnippets)]
    fn open_snippets(
        host: &web_sys::Element,
        format: &str,
        file_name: &str,
        model: &str,
        loading: &str,
        failed: &str,
    );
}

/// Shows the code of `format`'s export (whose download is `file_name`, for `model`, empty when
/// none) in `host`, saying so in `lang` while the module loads (and if it cannot be fetched);
/// nothing when it is there.
pub fn show(host: &web_sys::Element, format: Format, file_name: &str, model: &str, lang: Lang) {
    open_snippets(
        host,
        format.as_str(),
        file_name,
        model,
        lang.t(Text::Preparing),
        lang.t(Text::SnippetsUnavailable),
    );
}
