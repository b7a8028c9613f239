//! The viewer's Web Worker (`crates/pep-worker`): started once, fed wire bytes, answering
//! with wire bytes. Started after the first paint: nothing of it is fetched before.

use wasm_bindgen::{JsCast, JsValue, closure::Closure};

/// The worker's loader, next to the app (Trunk's loader shim, a module script).
const LOADER: &str = "./pep-worker_loader.js";

/// What the worker sends back.
pub enum Message {
    /// Wire bytes of one response.
    Bytes(Vec<u8>),
    /// The worker is up.
    Ready,
    /// The worker panicked (its text), or could not start.
    Died(String),
}

/// A running worker.
pub struct Worker {
    worker: web_sys::Worker,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _on_error: Closure<dyn Fn(web_sys::ErrorEvent)>,
}

impl Worker {
    /// Starts the worker; `on_message` gets everything it says.
    pub fn spawn(on_message: impl Fn(Message) + 'static) -> Option<Worker> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(LOADER, &options).ok()?;
        let on_message = std::rc::Rc::new(on_message);
        let deliver = std::rc::Rc::clone(&on_message);
        let message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                deliver(read(&event.data()));
            });
        let error =
            Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
                on_message(Message::Died(event.message()));
            });
        worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(error.as_ref().unchecked_ref()));
        Some(Worker {
            worker,
            _on_message: message,
            _on_error: error,
        })
    }

    /// Sends wire bytes, handing the buffer over instead of copying it.
    pub fn post(&self, bytes: &[u8]) {
        let array = js_sys::Uint8Array::from(bytes);
        let transfer = js_sys::Array::of1(&array.buffer());
        let _ = self.worker.post_message_with_transfer(&array, &transfer);
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

fn read(data: &JsValue) -> Message {
    if let Some(bytes) = data.dyn_ref::<js_sys::Uint8Array>() {
        return Message::Bytes(bytes.to_vec());
    }
    let field = |key: &str| {
        js_sys::Reflect::get(data, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_string())
    };
    match field("type").as_deref() {
        Some("panic") => Message::Died(field("message").unwrap_or_default()),
        _ => Message::Ready,
    }
}
