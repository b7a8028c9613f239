//! The Raw tab's text: the source pretty-printed with its key order and numbers kept. For a
//! small source it is made with the rest of the view; for a large one only when first asked
//! for (the Raw tab opened, Copy or Download there), which takes about a fifth of the load's
//! work and a whole JSON tree of memory off every large load.

use std::fmt;
use std::sync::{Arc, OnceLock};

/// The raw protocol text of one source, made once.
#[derive(Clone)]
pub struct RawText {
    inner: Arc<Inner>,
}

struct Inner {
    /// The source to make the text from; `None` when the text was ready from the start.
    source: Option<Arc<str>>,
    pretty: OnceLock<Arc<str>>,
}

impl RawText {
    /// A text that is ready: `pretty` is shown as it is.
    pub fn ready(pretty: String) -> RawText {
        RawText {
            inner: Arc::new(Inner {
                source: None,
                pretty: OnceLock::from(Arc::<str>::from(pretty)),
            }),
        }
    }

    /// A text made from `source` when first asked for.
    pub fn later(source: &str) -> RawText {
        RawText {
            inner: Arc::new(Inner {
                source: Some(Arc::from(source)),
                pretty: OnceLock::new(),
            }),
        }
    }

    /// Whether the text is already made (so showing it costs nothing more).
    pub fn is_ready(&self) -> bool {
        self.inner.pretty.get().is_some()
    }

    /// The text, made now if it was not yet: the source pretty-printed, or the source itself
    /// when it is not JSON (the user's input is never lost).
    pub fn text(&self) -> Arc<str> {
        Arc::clone(self.inner.pretty.get_or_init(|| {
            let source = self.inner.source.clone().unwrap_or_else(|| Arc::from(""));
            match pep_core::decode::parse_json(&source) {
                Ok(parsed) => Arc::from(format!("{:#}", parsed.value)),
                Err(_) => source,
            }
        }))
    }
}

impl fmt::Debug for RawText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RawText")
            .field("ready", &self.is_ready())
            .finish()
    }
}

impl PartialEq for RawText {
    fn eq(&self, other: &RawText) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) || self.text() == other.text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_once_when_asked_for() {
        let later = RawText::later(r#"{"b":1E5,"a":[1.0]}"#);
        assert!(!later.is_ready());
        assert_eq!(
            &*later.text(),
            "{\n  \"b\": 1E5,\n  \"a\": [\n    1.0\n  ]\n}"
        );
        assert!(later.is_ready());
        assert_eq!(RawText::later("{ not json").text().as_ref(), "{ not json");
        assert_eq!(RawText::ready("x".to_owned()).text().as_ref(), "x");
    }
}
