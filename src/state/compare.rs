//! What a comparison compares (DECISIONS §13). The page names the two sides it wants (as
//! plain values, [`SideAsk::from_parts`]); the compare module, a wasm of its own fetched on
//! first use (`src/lazy_main.rs`), turns each into a name and a text and compares them.

use std::sync::Arc;

use pep_view::text::{Lang, Text};

use crate::state::catalogue::{CUSTOM, DEMOS, demo_source, example};

/// One side as the page asks for it.
#[derive(Debug, Clone, PartialEq)]
pub enum SideAsk {
    /// A demo, by id: its text comes from its bundle.
    Demo(String),
    /// Your envelope, as stored.
    Custom,
    /// A text the page already holds (a shared or hosted envelope, a file, Your envelope).
    Text(CompareSide),
}

/// One side as compared: what it is called and its text (an envelope or a request).
#[derive(Debug, Clone, PartialEq)]
pub struct CompareSide {
    /// Its name on screen (a demo's title, "Your envelope", a file's name).
    pub label: String,
    /// Its text.
    pub text: Arc<str>,
}

/// How a text side crosses to the module: this id, its label and its text.
pub const TEXT_ID: &str = "text";

impl SideAsk {
    /// The side `id` names in the URL (`?demo=`, `?compare=`): a demo or `custom`; none for
    /// anything else.
    pub fn from_id(id: &str) -> Option<SideAsk> {
        if id == CUSTOM {
            return Some(SideAsk::Custom);
        }
        DEMOS
            .iter()
            .any(|demo| demo.id == id)
            .then(|| SideAsk::Demo(id.to_owned()))
    }

    /// The side that the compare module's entry point gets as three plain values: an id (a
    /// demo's, `custom` or [`TEXT_ID`]) and, for a text, its label and text; none when the
    /// parts name no side.
    pub fn from_parts(id: &str, label: Option<String>, text: Option<String>) -> Option<SideAsk> {
        match (id, label, text) {
            (TEXT_ID, Some(label), Some(text)) => Some(SideAsk::Text(CompareSide {
                label,
                text: Arc::from(text),
            })),
            (id, _, _) => SideAsk::from_id(id),
        }
    }

    /// The demo id this side is, if it is one (the URL can then say `?compare=`).
    pub fn demo(&self) -> Option<&str> {
        match self {
            SideAsk::Demo(id) => Some(id),
            SideAsk::Custom | SideAsk::Text(_) => None,
        }
    }
}

/// A side's name: a demo's title, "Your envelope", else what `id` says it is.
pub fn side_label(lang: Lang, id: &str) -> String {
    match DEMOS.iter().find(|demo| demo.id == id) {
        Some(demo) => demo.title(lang).to_owned(),
        None if id == CUSTOM => lang.t(Text::YourEnvelope).to_owned(),
        None if id == "shared" => pep_view::text::compare::Label::SharedLink
            .t(lang)
            .to_owned(),
        None => id.to_owned(),
    }
}

/// The name and text of side `ask` in `lang`: a demo's from its bundle, Your envelope's as
/// stored (the example when nothing is); none when it cannot be fetched.
pub async fn resolve(lang: Lang, ask: SideAsk) -> Option<CompareSide> {
    let (label, text) = match ask {
        SideAsk::Text(side) => return Some(side),
        SideAsk::Demo(id) => {
            let demo = DEMOS.iter().find(|demo| demo.id == id)?;
            (demo.title(lang).to_owned(), demo_source(demo).await?)
        }
        SideAsk::Custom => {
            let text = match crate::platform::storage::load_custom() {
                Some(text) => text,
                None => example().await?,
            };
            (lang.t(Text::YourEnvelope).to_owned(), text)
        }
    };
    Some(CompareSide {
        label,
        text: Arc::from(text),
    })
}
