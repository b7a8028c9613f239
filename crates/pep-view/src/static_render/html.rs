//! A small HTML writer: every text and attribute value is escaped on the way in, so no input
//! can close an element or an attribute, and markup is written only from the literals of this
//! module's callers.

/// An HTML text being written.
#[derive(Debug, Default)]
pub struct Html {
    out: String,
}

impl Html {
    /// An empty text with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Html {
        Html {
            out: String::with_capacity(capacity),
        }
    }

    /// Writes markup written by this crate (a literal: never user data).
    pub fn raw(&mut self, markup: &'static str) {
        self.out.push_str(markup);
    }

    /// Writes HTML made elsewhere in this crate: the one safe markdown renderer's (DECISIONS
    /// §4), a body this writer made, the app's stylesheet. Never anything else.
    pub fn made(&mut self, html: &str) {
        self.out.push_str(html);
    }

    /// Writes `text` as text.
    pub fn text(&mut self, text: &str) {
        escape_into(&mut self.out, text);
    }

    /// Opens `<tag` with its attributes, each value escaped; `None` values are left out.
    pub fn open(&mut self, tag: &'static str, attributes: &[(&'static str, Option<&str>)]) {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attributes {
            let Some(value) = value else { continue };
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            escape_into(&mut self.out, value);
            self.out.push('"');
        }
        self.out.push('>');
    }

    /// Closes `</tag>`.
    pub fn close(&mut self, tag: &'static str) {
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push('>');
    }

    /// Opens `<pre` with its attributes, and a line break the parser drops: a text of its own
    /// that starts with a line break keeps it.
    pub fn open_pre(&mut self, attributes: &[(&'static str, Option<&str>)]) {
        self.open("pre", attributes);
        self.out.push('\n');
    }

    /// `<tag attributes…>text</tag>`.
    pub fn element(
        &mut self,
        tag: &'static str,
        attributes: &[(&'static str, Option<&str>)],
        text: &str,
    ) {
        if tag == "pre" {
            self.open_pre(attributes);
        } else {
            self.open(tag, attributes);
        }
        self.text(text);
        self.close(tag);
    }

    /// The HTML written.
    pub fn finish(self) -> String {
        self.out
    }
}

/// `text` with the five characters that could end a text or an attribute value escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// Escapes the five characters that could end a text or an attribute value, and shows a C0
/// control character (other than a tab or a line break) as its Control Pictures symbol (`␇`):
/// raw, it is an HTML parse error, and a NUL is dropped by the browser.
fn escape_into(out: &mut String, text: &str) {
    let mut from = 0;
    let mut picture = [0; 4];
    for (at, byte) in text.bytes().enumerate() {
        let replacement: &str = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            b'\t' | b'\n' | b'\r' => continue,
            0..=0x1f => char::from_u32(0x2400 + u32::from(byte))
                .unwrap_or('\u{fffd}')
                .encode_utf8(&mut picture),
            _ => continue,
        };
        out.push_str(&text[from..at]);
        out.push_str(replacement);
        from = at + 1;
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
mod tests {
    use super::Html;

    #[test]
    fn text_and_attributes_cannot_break_out() {
        let mut html = Html::default();
        html.open(
            "p",
            &[("title", Some("\" onmouseover=\"x")), ("hidden", None)],
        );
        html.text("</p><script>alert('x')</script> & more");
        html.close("p");
        assert_eq!(
            html.finish(),
            "<p title=\"&quot; onmouseover=&quot;x\">&lt;/p&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more</p>"
        );
    }

    #[test]
    fn control_characters_are_shown_as_symbols() {
        let mut html = Html::default();
        html.text("a\u{0}b\u{7}c\td\ne");
        assert_eq!(html.finish(), "a\u{2400}b\u{2407}c\td\ne");
    }

    #[test]
    fn multibyte_text_is_kept() {
        let mut html = Html::default();
        html.text("系统 <提示>");
        assert_eq!(html.finish(), "系统 &lt;提示&gt;");
    }
}
