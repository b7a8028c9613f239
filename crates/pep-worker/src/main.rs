//! The viewer's Web Worker. The page posts [`Request`]s as wire bytes; this answers each with
//! the [`Response`]s that `pep-view`'s engine makes, one message per response, posted the
//! moment it is made, so the page renders the first view while the rest is computed here.
//!
//! Everything heavy (parsing, validation, lowering, every export, markdown, search) runs
//! here, off the page's thread. A panic is reported to the page (`{type: "panic"}`) before
//! the instance dies, so the page can show its crash panel.
//!
//! The performance harness may also post `{type: "perf-pipeline", text, tabs: "first" |
//! "all"}`; the answer is `{type: "perf-pipeline", ms, bytes}`, `ms` timed in here.

#![forbid(unsafe_code)]

use std::cell::RefCell;

use js_sys::{Object, Reflect, Uint8Array};
use pep_view::engine::{Engine, pipeline};
use pep_view::model::{Request, Response};
use pep_view::wire::{decode, encode_sized};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

fn scope() -> Option<DedicatedWorkerGlobalScope> {
    js_sys::global().dyn_into().ok()
}

fn main() {
    std::panic::set_hook(Box::new(|info| report_panic(&info.to_string())));
    let Some(scope) = scope() else { return };
    let listener =
        Closure::<dyn Fn(MessageEvent)>::new(|event: MessageEvent| on_message(event.data()));
    scope.set_onmessage(Some(listener.as_ref().unchecked_ref()));
    // The listener lives as long as the worker.
    listener.forget();
    let _ = scope.post_message(&message("ready", &[]));
}

fn on_message(data: JsValue) {
    if let Some(bytes) = data.dyn_ref::<Uint8Array>() {
        match decode::<Request>(&bytes.to_vec()) {
            Ok(request) => ENGINE.with(|engine| {
                engine
                    .borrow_mut()
                    .handle(request, &mut |response| post(&response));
            }),
            Err(error) => web_sys::console::error_1(&error.to_string().into()),
        }
        return;
    }
    let kind = Reflect::get(&data, &"type".into())
        .ok()
        .and_then(|t| t.as_string());
    if kind.as_deref() == Some("perf-pipeline") {
        let text = Reflect::get(&data, &"text".into())
            .ok()
            .and_then(|t| t.as_string());
        let all = Reflect::get(&data, &"tabs".into())
            .ok()
            .and_then(|t| t.as_string());
        let all = all.as_deref() == Some("all");
        let text = text.unwrap_or_default();
        let start = now();
        let bytes = pipeline(&text, all);
        let ms = now() - start;
        let fields = [
            ("ms", JsValue::from(ms)),
            ("bytes", JsValue::from(bytes as f64)),
        ];
        if let Some(scope) = scope() {
            let _ = scope.post_message(&message("perf-pipeline", &fields));
        }
    }
}

/// Posts one response as wire bytes, handing the buffer over instead of copying it.
fn post(response: &Response) {
    let Some(scope) = scope() else { return };
    let bytes = Uint8Array::from(encode_sized(response, response.size_hint()).as_slice());
    let transfer = js_sys::Array::of1(&bytes.buffer());
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}

fn now() -> f64 {
    scope().map_or(0.0, |scope| scope.performance().map_or(0.0, |p| p.now()))
}

fn message(kind: &str, fields: &[(&str, JsValue)]) -> Object {
    let object = Object::new();
    let _ = Reflect::set(&object, &"type".into(), &kind.into());
    for (key, value) in fields {
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    object
}

fn report_panic(text: &str) {
    web_sys::console::error_1(&text.into());
    if let Some(scope) = scope() {
        let _ = scope.post_message(&message("panic", &[("message", text.into())]));
    }
}
