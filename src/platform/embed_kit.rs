//! The embed kit's browser side (DECISIONS §15): the page opens the Embed dialog (the lazy
//! module's, mounted over the page by `src/platform/js/lazy.js`); the dialog reads the open
//! tab and measures its preview by the heights the previewed viewer reports.

use leptos::prelude::*;
use pep_view::text::{Lang, Text};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/platform/js/lazy.js")]
extern "C" {
    #[wasm_bindgen(js_name = openEmbed)]
    fn open_embed(loading: &str, failed: &str);
}

/// Shows the Embed dialog, saying so in `lang` while the module loads (and if it cannot be
/// fetched).
pub fn open(lang: Lang) {
    open_embed(lang.t(Text::EmbedLoading), lang.t(Text::EmbedUnavailable));
}

/// The `?panel=` name of the page's open tab; none when the panel is hidden.
pub fn open_tab() -> Option<String> {
    let tab = super::dom::query(".pe-panel [role=\"tab\"][aria-selected=\"true\"]")?;
    Some(tab.id().strip_prefix("pe-tab-")?.to_owned())
}

/// Calls `on_height` with each height (`prompt-envelope:resize`) the viewer in `preview`
/// reports, while the caller's owner lives.
pub fn measure_preview(preview: NodeRef<leptos::html::Iframe>, on_height: impl Fn(u32) + 'static) {
    let listener = window_event_listener(leptos::ev::message, move |event| {
        let Some(frame) = preview.get_untracked() else {
            return;
        };
        let from_preview = match (event.source(), frame.content_window()) {
            (Some(source), Some(window)) => JsValue::from(source) == JsValue::from(window),
            _ => false,
        };
        if !from_preview {
            return;
        }
        let data = event.data();
        let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok();
        if field("type").and_then(|kind| kind.as_string()).as_deref()
            == Some("prompt-envelope:resize")
            && let Some(height) = field("height").and_then(|height| height.as_f64())
            && height.is_finite()
            && height > 0.0
        {
            on_height(height.ceil().min(f64::from(u32::MAX)) as u32);
        }
    });
    on_cleanup(move || listener.remove());
}
