//! The viewer's Web Worker (`crates/pep-worker`): started once, fed wire bytes, answering
//! with wire bytes. Started after the first paint: nothing of it is fetched before. The page's
//! wasm and the lazy module's share it (`js/engine.js`): each gets every message, and reads a
//! response's document from its first bytes before copying and decoding it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// The worker's loader, next to the app (Trunk's loader shim, a module script).
const LOADER: &str = "./pep-worker_loader.js";

#[wasm_bindgen(module = "/src/platform/js/engine.js")]
extern "C" {
    #[wasm_bindgen(js_name = connectEngine)]
    fn connect_engine(url: &str, on_message: &JsValue) -> bool;

    #[wasm_bindgen(js_name = disconnectEngine)]
    fn disconnect_engine(on_message: &JsValue);

    #[wasm_bindgen(js_name = postEngine)]
    fn post_engine(bytes: &js_sys::Uint8Array);
}

/// The wire bytes of one response, still the browser's: [`Self::doc`] reads its document
/// without copying the rest.
pub struct Bytes(js_sys::Uint8Array);

impl Bytes {
    /// The document the response is about (`pep_view`'s `Response::doc_in_wire`), read from
    /// its first bytes; none for one about no document.
    pub fn doc(&self) -> Option<u32> {
        // A tag byte, then a LEB128 u32: at most 6 bytes.
        let head = self.0.subarray(0, 6.min(self.0.length())).to_vec();
        pep_view::model::Response::doc_in_wire(&head)
    }

    /// All of the bytes, copied into this wasm's memory.
    pub fn to_vec(&self) -> Vec<u8> {
        self.0.to_vec()
    }
}

/// What the worker sends back.
pub enum Message {
    /// Wire bytes of one response.
    Bytes(Bytes),
    /// The worker is up.
    Ready,
    /// The worker panicked (its text), or could not start.
    Died(String),
}

/// This side's connection to the worker.
pub struct Worker {
    on_message: Closure<dyn Fn(JsValue)>,
}

impl Worker {
    /// Connects to the worker (starting it if no side has); `on_message` gets everything it
    /// says. None if it cannot start.
    pub fn spawn(on_message: impl Fn(Message) + 'static) -> Option<Worker> {
        let on_message =
            Closure::<dyn Fn(JsValue)>::new(move |data: JsValue| on_message(read(data)));
        connect_engine(LOADER, on_message.as_ref()).then_some(Worker { on_message })
    }

    /// Sends wire bytes, handing the buffer over instead of copying it.
    pub fn post(&self, bytes: &[u8]) {
        post_engine(&js_sys::Uint8Array::from(bytes));
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The worker stays: the other side may still use it.
        disconnect_engine(self.on_message.as_ref());
    }
}

fn read(data: JsValue) -> Message {
    let data = match data.dyn_into::<js_sys::Uint8Array>() {
        Ok(bytes) => return Message::Bytes(Bytes(bytes)),
        Err(data) => data,
    };
    let field = |key: &str| {
        js_sys::Reflect::get(&data, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_string())
    };
    match field("type").as_deref() {
        Some("panic") => Message::Died(field("message").unwrap_or_default()),
        _ => Message::Ready,
    }
}
