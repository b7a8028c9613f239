//! The embedding API (DECISIONS §8), for a page that frames the viewer: it listens only to
//! `window.parent`, answers `load` and `set`, and tells the host when it is ready and how tall
//! its content is, so the host can size the iframe without inner scrollbars.
//!
//! Messages, host → app: `{"type":"prompt-envelope:load","envelope": object or JSON text}`,
//! `{"type":"prompt-envelope:set","panel"?,"lang"?,"theme"?,"view"?,"step"?,"at"?}`. App → host:
//! `ready` (once), `loaded` (`errors`, `warnings`), `error` (`issues`), `resize` (`height`),
//! `step` (`step`, `of`). `ready`, `resize` and `step` carry no envelope data and go to
//! `"*"`; `loaded` and `error` go to the origin of the message they answer. Anything else is
//! ignored.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};

use pep_view::MAX_INPUT_BYTES;
use pep_view::host::{HostIssue, HostRequest as Request, PREFIX, SetRequest, StepNumber};

/// The parent window when the page is framed.
pub fn parent() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok()??;
    (!Object::is(&parent, &window)).then_some(parent)
}

/// Starts listening to the parent: `on_request` gets each request with a reply function for
/// its origin. Sends `ready` once the listener is attached. Does nothing when not framed.
pub fn listen(on_request: impl Fn(Request, Reply) + 'static) {
    let (Some(window), Some(parent)) = (web_sys::window(), parent()) else {
        return;
    };
    let listener =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            // Only the parent is listened to: any other frame or window is ignored.
            let from_parent = event
                .source()
                .is_some_and(|source| Object::is(&source, &parent));
            if !from_parent {
                return;
            }
            if let Some(request) = read(&event.data()) {
                on_request(
                    request,
                    Reply {
                        origin: event.origin(),
                    },
                );
            }
        });
    let _ = window.add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    listener.forget();
    send_to_parent(&message("ready", &[]), "*");
}

/// Answers one request, to its origin.
#[derive(Debug, Clone)]
pub struct Reply {
    origin: String,
}

impl Reply {
    /// `loaded`, with the counts of the envelope's validation errors and warnings.
    pub fn loaded(&self, errors: usize, warnings: usize) {
        let fields = [
            ("errors", JsValue::from(errors as u32)),
            ("warnings", JsValue::from(warnings as u32)),
        ];
        send_to_parent(&message("loaded", &fields), &self.origin);
    }

    /// `error`, with what was wrong.
    pub fn error(&self, issues: &[HostIssue]) {
        let list = Array::new();
        for issue in issues {
            let item = Object::new();
            let _ = Reflect::set(&item, &"severity".into(), &issue.severity.into());
            let _ = Reflect::set(&item, &"path".into(), &issue.path.as_str().into());
            let _ = Reflect::set(&item, &"message".into(), &issue.message.as_str().into());
            list.push(&item);
        }
        send_to_parent(&message("error", &[("issues", list.into())]), &self.origin);
    }
}

/// Tells the host the step shown (DECISIONS §13: on every change), to `"*"`: it carries no
/// envelope data.
pub fn send_step(step: usize, of: usize) {
    let fields = [
        ("step", JsValue::from(step as f64)),
        ("of", JsValue::from(of as f64)),
    ];
    send_to_parent(&message("step", &fields), "*");
}

/// Tells the host the content's height (`document.documentElement.scrollHeight`), to `"*"`.
pub fn send_height(height: i32) {
    send_to_parent(
        &message("resize", &[("height", JsValue::from(height))]),
        "*",
    );
}

/// Reads a message: `None` for anything that is not one of ours (ignored).
fn read(data: &JsValue) -> Option<Request> {
    let kind = Reflect::get(data, &"type".into()).ok()?.as_string()?;
    match kind.strip_prefix(PREFIX)? {
        "load" => Some(read_load(data)),
        "set" => Some(read_set(data)),
        _ => None,
    }
}

fn read_load(data: &JsValue) -> Request {
    let envelope = Reflect::get(data, &"envelope".into()).unwrap_or(JsValue::UNDEFINED);
    let text = if let Some(text) = envelope.as_string() {
        text
    } else if envelope.is_object() {
        match js_sys::JSON::stringify(&envelope)
            .ok()
            .and_then(|t| t.as_string())
        {
            Some(text) => text,
            None => return malformed("envelope", "cannot be written as JSON"),
        }
    } else {
        return malformed("envelope", "must be an object or JSON text");
    };
    if text.len() > MAX_INPUT_BYTES {
        return malformed("envelope", "is over 50 MiB; nothing was replaced");
    }
    Request::Load(text)
}

fn read_set(data: &JsValue) -> Request {
    let mut set = SetRequest::default();
    for (key, slot) in [
        ("panel", &mut set.panel),
        ("lang", &mut set.lang),
        ("theme", &mut set.theme),
        ("view", &mut set.view),
        ("at", &mut set.at),
    ] {
        let value = Reflect::get(data, &key.into()).unwrap_or(JsValue::UNDEFINED);
        if value.is_undefined() {
            continue;
        }
        match value.as_string() {
            Some(value) => *slot = Some(value),
            None => return malformed(key, "must be a string"),
        }
    }
    let step = Reflect::get(data, &"step".into()).unwrap_or(JsValue::UNDEFINED);
    if !step.is_undefined() {
        match step.as_f64() {
            Some(number) => set.step = Some(StepNumber(number)),
            None => return malformed("step", "must be a number"),
        }
    }
    Request::Set(set)
}

fn malformed(path: &str, message: &str) -> Request {
    Request::Malformed(HostIssue::error(path, message))
}

fn message(kind: &str, fields: &[(&str, JsValue)]) -> Object {
    let object = Object::new();
    let _ = Reflect::set(&object, &"type".into(), &format!("{PREFIX}{kind}").into());
    for (key, value) in fields {
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    object
}

fn send_to_parent(message: &Object, origin: &str) {
    if let Some(parent) = parent() {
        let _ = parent.post_message(message, origin);
    }
}

#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/platform/js/resize.js")]
extern "C" {
    #[wasm_bindgen(js_name = reportHeight)]
    fn report_height_js(element: &web_sys::Element);
}

/// Sends `resize` whenever the content's height changes (and once at start), for as long as
/// the page lives: `app` is the element holding the whole content. Does nothing when not
/// framed. The observer is the page's own (`src/platform/js/resize.js`): a `ResizeObserver` made from
/// wasm stopped calling back after its first two notices in Chromium (seen in the embed e2e).
pub fn report_height(app: &web_sys::Element) {
    if parent().is_some() {
        report_height_js(app);
    }
}
