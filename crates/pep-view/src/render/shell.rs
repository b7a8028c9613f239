//! The top bar as static HTML, for the page's first paint before its wasm has loaded: the app
//! shell. `examples/build_assets` writes [`templates`] at build time, `scripts/post-build.mjs`
//! puts them into `index.html` with `src/platform/js/first-paint.js`, which picks the language,
//! the pressed demo and the theme by the app's own rules, and the app removes the shell when it
//! mounts its own top bar in the same task.
//!
//! It must be the markup `src/components/shell/top_bar.rs` renders, element for element and
//! attribute for attribute (with nothing pressed: the script presses): the end-to-end test
//! `tests/e2e/first-render.e2e.mjs` compares the two for every case the script decides.

use crate::demos::Catalogue;
use crate::text::{Lang, Text};

/// The id of the element that holds the shell in the page (the app removes it).
pub const SHELL_ID: &str = "pe-shell";

/// A `<template>` of the top bar for each language (`pe-shell-en`, `pe-shell-zh`), the
/// default demo in `data-default`.
pub fn templates(catalogue: &Catalogue) -> String {
    let mut out = String::new();
    for (lang, name) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
        out.push_str(&format!(
            "<template id=\"{SHELL_ID}-{name}\" data-default=\"{}\">",
            escape(&catalogue.default_id)
        ));
        out.push_str(&top_bar(lang, catalogue));
        out.push_str("</template>");
    }
    out
}

/// The top bar in `lang`, no demo pressed, the light theme's switch, presenter mode off.
pub fn top_bar(lang: Lang, catalogue: &Catalogue) -> String {
    let t = |text: Text| escape(lang.t(text));
    let mut out = String::from("<header class=\"pe-topbar\" data-testid=\"top-bar\">");
    out.push_str(
        "<div class=\"pe-brand\"><span class=\"pe-brand__logo\" aria-hidden=\"true\">✉</span>",
    );
    out.push_str("<div><h1 class=\"pe-brand__name\">Prompt Envelope</h1>");
    out.push_str(&format!(
        "<p class=\"pe-brand__tagline\">{}</p></div></div>",
        t(Text::AppSubtitle)
    ));
    out.push_str(&format!(
        "<nav class=\"pe-demos\" aria-label=\"{}\" data-testid=\"demo-switcher\">",
        t(Text::Demos)
    ));
    for demo in &catalogue.demos {
        let (title, description) = match lang {
            Lang::Zh => (&demo.title_zh, &demo.description_zh),
            Lang::En => (&demo.title_en, &demo.description_en),
        };
        out.push_str(&format!(
            "<button class=\"pe-demo-button\" type=\"button\" aria-pressed=\"false\" data-demo=\"{}\" title=\"{}\">{}</button>",
            escape(&demo.id),
            escape(description),
            escape(title)
        ));
    }
    out.push_str(&format!(
        "<button class=\"pe-demo-button pe-demo-button--custom\" type=\"button\" aria-pressed=\"false\" data-testid=\"custom-envelope\">{}</button></nav>",
        t(Text::YourEnvelope)
    ));
    let other = lang.other();
    out.push_str(&format!(
        "<button class=\"pe-lang-switch\" type=\"button\" title=\"{}\" lang=\"{}\" data-testid=\"lang-switch\">{}</button>",
        t(Text::SwitchLanguage),
        other.code(),
        escape(other.t(Text::LanguageName))
    ));
    out.push_str(&format!(
        "<button class=\"pe-theme-switch\" type=\"button\" title=\"{}\" aria-pressed=\"false\" data-testid=\"theme-switch\"><span class=\"pe-theme-switch__icon\" aria-hidden=\"true\">◐</span>{}</button>",
        t(Text::SwitchTheme),
        t(Text::DarkTheme)
    ));
    out.push_str(&format!(
        "<button class=\"pe-present-switch\" type=\"button\" title=\"{}\" aria-pressed=\"false\" data-testid=\"present-switch\"><span class=\"pe-present-switch__icon\" aria-hidden=\"true\"></span>{}</button>",
        t(Text::PresenterModeHint),
        t(Text::PresenterMode)
    ));
    out.push_str(&format!(
        "<button class=\"pe-embed-button\" type=\"button\" title=\"{}\" data-testid=\"embed-code\">{}</button>",
        t(Text::EmbedCodeHint),
        t(Text::EmbedCode)
    ));
    out.push_str("</header>");
    out
}

/// `text` safe inside an element or a quoted attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demos::Demo;

    fn catalogue() -> Catalogue {
        Catalogue {
            demos: vec![Demo {
                id: "a".to_owned(),
                file: "demo-a.json".to_owned(),
                title_zh: "场景 A".to_owned(),
                title_en: "A <basic> & \"chat\"".to_owned(),
                description_zh: "描述".to_owned(),
                description_en: "It's".to_owned(),
                note_zh: "看点".to_owned(),
                note_en: "Look".to_owned(),
            }],
            default_id: "a".to_owned(),
        }
    }

    #[test]
    fn the_top_bar_in_each_language_with_text_escaped() {
        let en = top_bar(Lang::En, &catalogue());
        assert!(en.starts_with("<header class=\"pe-topbar\" data-testid=\"top-bar\">"));
        assert!(
            en.contains(">A &lt;basic&gt; &amp; &quot;chat&quot;</button>"),
            "{en}"
        );
        assert!(en.contains("title=\"It&#39;s\""), "{en}");
        assert!(en.contains("lang=\"zh-CN\" data-testid=\"lang-switch\">中文</button>"));
        let zh = top_bar(Lang::Zh, &catalogue());
        assert!(
            zh.contains(">场景 A</button>") && zh.contains(">English</button>"),
            "{zh}"
        );
        assert!(en.contains("data-testid=\"present-switch\">"), "{en}");
        assert!(zh.contains(">演示模式</button>"), "{zh}");
        // One demo, Your envelope, the theme and the presenter switches.
        assert_eq!(
            en.matches("aria-pressed=\"false\"").count(),
            4,
            "nothing pressed"
        );
        let both = templates(&catalogue());
        assert!(both.starts_with("<template id=\"pe-shell-en\" data-default=\"a\"><header"));
        assert!(both.contains("</template><template id=\"pe-shell-zh\""));
    }
}
