//! The embed kit (DECISIONS §15): what the Embed dialog builds from its options — the address
//! of the viewer in embed mode and the one `<iframe>` element a writer pastes into a page.
//! Plain values, tested natively; the dialog (the lazy module's) only shows them.

use crate::text::Lang;
use crate::theme::Theme;
use crate::view_mode::ViewMode;

/// What the embedded viewer shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmbedSource {
    /// A demo, by its id (`?demo=`).
    Demo(String),
    /// An envelope carried by the address itself: a share link's fragment, `#envelope=…`.
    Link(String),
}

/// The dialog's choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedOptions {
    /// What it shows.
    pub source: EmbedSource,
    /// The step (`?step=`), or every message.
    pub step: Option<u64>,
    /// The panel's tab by its `?panel=` name (`openai`, …, `raw`), or `none`.
    pub panel: String,
    /// The view.
    pub view: ViewMode,
    /// The theme, or the reader's system setting.
    pub theme: Option<Theme>,
    /// The language of the viewer's own texts.
    pub lang: Lang,
}

impl EmbedOptions {
    /// The viewer's address for these options: `base` (the app's URL, without query or
    /// fragment) with `embed=1` and each choice that is not the default.
    pub fn url(&self, base: &str) -> String {
        let mut query = vec!["embed=1".to_owned()];
        if let EmbedSource::Demo(id) = &self.source {
            query.push(format!("demo={}", encode(id)));
        }
        if let Some(step) = self.step {
            query.push(format!("step={step}"));
        }
        if self.panel != "openai" {
            query.push(format!("panel={}", encode(&self.panel)));
        }
        if self.view == ViewMode::User {
            query.push("view=user".to_owned());
        }
        if let Some(theme) = self.theme {
            query.push(format!("theme={}", theme.as_str()));
        }
        query.push(format!(
            "lang={}",
            if self.lang == Lang::Zh { "zh" } else { "en" }
        ));
        let fragment = match &self.source {
            EmbedSource::Link(fragment) => fragment.as_str(),
            EmbedSource::Demo(_) => "",
        };
        format!("{base}?{}{fragment}", query.join("&"))
    }
}

/// The `<iframe>` element to paste: `src`, a `title`, the height in CSS pixels, the full
/// width, `loading="lazy"`; every attribute value escaped.
pub fn snippet(src: &str, title: &str, height: u32) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{height}\" loading=\"lazy\" \
         style=\"border: 1px solid #d1d5db; border-radius: 8px\"></iframe>",
        attribute(src),
        attribute(title)
    )
}

/// A query value (or a path segment) with what would end it or break the address
/// percent-encoded: all but the unreserved characters of RFC 3986.
pub(crate) fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// An attribute value escaped for a double-quoted attribute.
fn attribute(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(source: EmbedSource) -> EmbedOptions {
        EmbedOptions {
            source,
            step: None,
            panel: "openai".to_owned(),
            view: ViewMode::Model,
            theme: None,
            lang: Lang::En,
        }
    }

    #[test]
    fn defaults_stay_out_of_the_address() {
        let url = options(EmbedSource::Demo("b".into())).url("https://x.org/pe/");
        assert_eq!(url, "https://x.org/pe/?embed=1&demo=b&lang=en");
    }

    #[test]
    fn every_choice_in_the_address() {
        let mut chosen = options(EmbedSource::Link("#envelope=abc_-".into()));
        chosen.step = Some(3);
        chosen.panel = "none".into();
        chosen.view = ViewMode::User;
        chosen.theme = Some(Theme::Dark);
        chosen.lang = Lang::Zh;
        assert_eq!(
            chosen.url("https://x.org/"),
            "https://x.org/?embed=1&step=3&panel=none&view=user&theme=dark&lang=zh#envelope=abc_-"
        );
        let odd = options(EmbedSource::Demo("a&b c".into())).url("/");
        assert_eq!(odd, "/?embed=1&demo=a%26b%20c&lang=en");
    }

    #[test]
    fn the_snippet_is_one_escaped_iframe() {
        let code = snippet("/?embed=1&demo=b", "Demo \"B\" <1>", 640);
        assert_eq!(
            code,
            "<iframe src=\"/?embed=1&amp;demo=b\" title=\"Demo &quot;B&quot; &lt;1&gt;\" \
             width=\"100%\" height=\"640\" loading=\"lazy\" \
             style=\"border: 1px solid #d1d5db; border-radius: 8px\"></iframe>"
        );
    }
}
