//! What the browser keeps between visits: the user's own envelope.

/// Where the user's own envelope is kept between visits.
const CUSTOM_KEY: &str = "prompt-envelope.custom";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The user's saved envelope text, if any.
pub fn load_custom() -> Option<String> {
    local_storage()?.get_item(CUSTOM_KEY).ok().flatten()
}

/// Saves the user's envelope text; `false` when the browser would not keep it (storage full,
/// as a 10 MB envelope fills Chromium's 5 MB, or off in private mode), which the editor says.
pub fn save_custom(text: &str) -> bool {
    local_storage().is_some_and(|storage| storage.set_item(CUSTOM_KEY, text).is_ok())
}
