//! Scheduling work around the page's frames and input.

/// Resolves in a later task (a zero-delay timeout), so long work split at these points lets
/// the page handle input and paint in between.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The browser's offset from UTC in minutes (east positive) at `millis`.
pub fn local_offset_minutes(millis: i64) -> i64 {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(millis as f64));
    -(date.get_timezone_offset() as i64)
}

/// Calls `work` once the page has painted what it has now: after the next frame, in a task
/// of its own (so the first render's task stays as short as its content).
pub fn after_paint(work: impl FnOnce() + 'static) {
    leptos::prelude::request_animation_frame(move || {
        leptos::prelude::set_timeout(work, std::time::Duration::ZERO);
    });
}

/// Runs `future` on the browser's event loop (before the app is mounted, when Leptos'
/// executor is not set up yet).
pub fn spawn(future: impl std::future::Future<Output = ()> + 'static) {
    wasm_bindgen_futures::spawn_local(future);
}
