//! The one safe markdown renderer (DECISIONS §4). Every user string that becomes HTML goes
//! through [`render`]; nothing else in the app sets `inner_html`.
//!
//! pulldown-cmark does the parsing; this module filters its event stream so that raw HTML is
//! shown as escaped text, links and images with unsafe schemes are neutralised, and heading
//! attributes stay off.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

use pep_core::url::is_allowed_link_url;

/// Markdown longer than this (in bytes) is shown as plain text (DECISIONS §9).
pub const PLAIN_ABOVE: usize = 256 * 1024;

/// Renders markdown (text segments, parsed documents, skill bodies) to safe HTML, or `None`
/// when the HTML would grow far beyond the input (see [`output_budget`]); the caller then
/// shows the text as plain text.
pub fn render(markdown: &str) -> Option<String> {
    // Tables, strikethrough and task lists are common in chat content. Heading attributes
    // (`# H {onclick=…}`) are deliberately not enabled.
    let mut options =
        Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS | Options::ENABLE_FOOTNOTES;
    if table_cells_bound(markdown) <= output_budget(markdown.len()) / 16 {
        options |= Options::ENABLE_TABLES;
    }
    let mut filter = Filter::default();
    let budget = output_budget(markdown.len());
    let spent = std::cell::Cell::new(0_usize);
    let events = Parser::new_ext(markdown, options)
        .map(|event| filter.event(event))
        .take_while(|event| {
            spent.set(spent.get().saturating_add(cost(event)));
            spent.get() <= budget
        });
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    (spent.get() <= budget).then_some(html)
}

/// The most HTML a document may become: a generous multiple of its size. Without a cap, a
/// link reference definition used thousands of times repeats its URL each time, and a table
/// with a wide header pads every short row, turning kilobytes into gigabytes.
fn output_budget(input_len: usize) -> usize {
    input_len.saturating_mul(16).saturating_add(64 * 1024)
}

/// An upper bound on the HTML bytes an event produces (escaping grows text at most 6×).
fn cost(event: &Event<'_>) -> usize {
    const TAG: usize = 24;
    match event {
        Event::Text(text) | Event::Code(text) | Event::Html(text) | Event::InlineHtml(text) => {
            text.len() * 6 + TAG
        }
        Event::Start(
            Tag::Link {
                dest_url, title, ..
            }
            | Tag::Image {
                dest_url, title, ..
            },
        ) => (dest_url.len() + title.len()) * 6 + TAG,
        _ => TAG,
    }
}

/// An upper bound on the cells of the GFM tables in `markdown`: every line of a run of
/// non-blank lines counts as a row as wide as the widest delimiter row (`| --- | :-: |`) seen
/// in the run so far. The parser pads every short row to its header's width while building its
/// tree, before any event could be counted, so a text whose tables could pad out of bounds is
/// not parsed for tables at all. Lines end at `\n`, `\r\n` or a lone `\r`, and only spaces
/// and tabs make a line blank, as for the parser.
fn table_cells_bound(markdown: &str) -> usize {
    let mut bound = 0_usize;
    let mut columns = 0_usize;
    let lines = markdown
        .split('\n')
        .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'));
    for line in lines {
        if line.bytes().all(|b| b == b' ' || b == b'\t') {
            columns = 0;
            continue;
        }
        let line = line
            .trim_start_matches([' ', '\t', '>'])
            .trim_end_matches([' ', '\t']);
        if let Some(width) = delimiter_row_width(line) {
            columns = columns.max(width);
        }
        bound = bound.saturating_add(columns);
    }
    bound
}

/// The number of columns of a table delimiter row, e.g. `|:--|--:|` → 2.
fn delimiter_row_width(line: &str) -> Option<usize> {
    let is_delimiter = line.contains('-')
        && line
            .bytes()
            .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'));
    if !is_delimiter || !line.contains('|') && !line.contains(':') {
        return None;
    }
    let inner = line.trim_matches('|');
    Some(inner.split('|').count().max(1))
}

/// Markup this module writes itself: constant strings, never user text.
const BLOCKED_OPEN: &str = "<span class=\"pe-md-blocked\" title=\"blocked: unsafe link\">";
const BLOCKED_CLOSE: &str = "</span>";

/// A footnote label as an element id of its own namespace, `fn-` and the label's letters,
/// digits, `-` and `_` (any other character as its code point).
fn footnote_id(label: &str) -> CowStr<'static> {
    let mut id = String::from("fn-");
    for c in label.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            id.push(c);
        } else {
            id.push_str(&format!("_{:x}", u32::from(c)));
        }
    }
    CowStr::from(id)
}

#[derive(Default)]
struct Filter {
    /// Depth of neutralised links/images we are inside (their end tags must match).
    blocked: Vec<bool>,
}

impl Filter {
    fn event<'a>(&mut self, event: Event<'a>) -> Event<'a> {
        match event {
            // Raw HTML is shown, never injected: as text it is escaped by push_html.
            Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
            Event::Start(Tag::HtmlBlock) => Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(
                CowStr::Borrowed("html"),
            ))),
            Event::End(TagEnd::HtmlBlock) => Event::End(TagEnd::CodeBlock),
            Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => self.open(tag),
            Event::End(end @ (TagEnd::Link | TagEnd::Image)) => {
                if self.blocked.pop().unwrap_or(false) {
                    Event::Html(CowStr::Borrowed(BLOCKED_CLOSE))
                } else {
                    Event::End(end)
                }
            }
            // A task's box as a character: a form control would need a label, and says
            // nothing a character does not.
            Event::TaskListMarker(done) => {
                Event::Text(CowStr::Borrowed(if done { "☑ " } else { "☐ " }))
            }
            // A footnote's label becomes an element id: kept apart from the page's own ids.
            Event::FootnoteReference(label) => Event::FootnoteReference(footnote_id(&label)),
            Event::Start(Tag::FootnoteDefinition(label)) => {
                Event::Start(Tag::FootnoteDefinition(footnote_id(&label)))
            }
            other => other,
        }
    }

    /// A link or image start: kept when its URL is safe, else replaced by a marker span (an
    /// image's alt text then follows as plain text).
    fn open<'a>(&mut self, tag: Tag<'a>) -> Event<'a> {
        let allowed = match &tag {
            Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => {
                is_allowed_link_url(dest_url)
            }
            _ => true,
        };
        self.blocked.push(!allowed);
        if allowed {
            Event::Start(tag)
        } else {
            Event::Html(CowStr::Borrowed(BLOCKED_OPEN))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(markdown: &str) -> String {
        super::render(markdown).unwrap_or_else(|| panic!("over budget: {markdown}"))
    }

    #[test]
    fn task_boxes_are_characters_and_footnote_ids_have_their_own_namespace() {
        let tasks = render("- [x] done\n- [ ] open\n");
        assert!(tasks.contains("☑ done") && tasks.contains("☐ open") && !tasks.contains("<input"));
        let notes = render(
            "See[^pe-static-panel-openai] and[^1].\n\n[^pe-static-panel-openai]: a\n[^1]: b\n",
        );
        assert!(
            notes.contains("id=\"fn-pe-static-panel-openai\"") && notes.contains("href=\"#fn-1\""),
            "{notes}"
        );
        assert!(!notes.contains("id=\"pe-static"), "{notes}");
    }

    #[test]
    fn renders_common_markdown() {
        assert_eq!(
            render("**粗体** and `code`"),
            "<p><strong>粗体</strong> and <code>code</code></p>\n"
        );
        let table = render("| a | b |\n| --- | --- |\n| 1 | 2 |\n");
        assert!(
            table.contains("<table>") && table.contains("<td>1</td>"),
            "{table}"
        );
        let code = render("```rust\nfn main() {}\n```\n");
        assert_eq!(
            code,
            "<pre><code class=\"language-rust\">fn main() {}\n</code></pre>\n"
        );
        assert!(render("- [x] done").contains("☑ done"));
    }

    #[test]
    fn raw_html_is_escaped_text() {
        let inline = render("hi <img src=x onerror=alert(1)> there");
        assert!(!inline.contains("<img"), "{inline}");
        assert!(
            inline.contains("&lt;img src=x onerror=alert(1)&gt;"),
            "{inline}"
        );
        let block = render("<script>alert(1)</script>\n\n<div onclick=\"x()\">a</div>\n");
        assert!(
            !block.contains("<script") && !block.contains("<div"),
            "{block}"
        );
        assert!(
            block.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{block}"
        );
    }

    #[test]
    fn unsafe_link_and_image_schemes_are_neutralised() {
        for markdown in [
            "[x](javascript:alert(1))",
            "[x](JAVASCRIPT:alert(1))",
            "[x]( javascript:alert(1))",
            "[x](java&#x09;script:alert(1))",
            "[x](&#x6A;avascript:alert(1))",
            "[x](<java\nscript:alert(1)>)",
            "[x](vbscript:msgbox)",
            "[x](data:text/html;base64,PHNjcmlwdD4=)",
            "<javascript:alert(1)>",
            "![alt](javascript:alert(1))",
            "[ref]\n\n[ref]: javascript:alert(1)",
        ] {
            let html = render(markdown);
            assert!(
                !html.to_lowercase().contains("href=\"javascript"),
                "{markdown}: {html}"
            );
            assert!(!html.contains("href=\"vbscript"), "{markdown}: {html}");
            assert!(!html.contains("href=\"data:"), "{markdown}: {html}");
            assert!(!html.contains("<img"), "{markdown}: {html}");
        }
        let blocked = render("[点我](javascript:alert(1))");
        assert_eq!(
            blocked,
            "<p><span class=\"pe-md-blocked\" title=\"blocked: unsafe link\">点我</span></p>\n"
        );
    }

    #[test]
    fn safe_links_stay() {
        assert_eq!(
            render("[a](https://example.com/x?y=1&z=2)"),
            "<p><a href=\"https://example.com/x?y=1&amp;z=2\">a</a></p>\n"
        );
        assert!(render("[m](mailto:a@b.c)").contains("href=\"mailto:a@b.c\""));
        assert!(render("[r](docs/page.md#part)").contains("href=\"docs/page.md#part\""));
        assert!(render("![猫](cat.svg)").contains("<img src=\"cat.svg\" alt=\"猫\""));
    }

    #[test]
    fn heading_attributes_stay_off() {
        let html = render("# Title {onclick=alert(1) #id .cls}");
        assert!(!html.contains("onclick=\""), "{html}");
        assert!(html.contains("{onclick=alert(1) #id .cls}"), "{html}");
    }

    #[test]
    fn amplifying_documents_stay_bounded() {
        // A wide header over many one-cell rows: the parser would pad every row.
        let wide = format!(
            "|{}\n|{}\n{}",
            "a|".repeat(5_000),
            "-|".repeat(5_000),
            "|x\n".repeat(5_000)
        );
        assert!(table_cells_bound(&wide) >= 25_000_000);
        let html = super::render(&wide).unwrap_or_default();
        assert!(html.len() < wide.len() * 16 + 64 * 1024, "{}", html.len());
        assert!(!html.contains("<table>"));
        // A long link target used thousands of times.
        let url = format!("https://example.com/{}", "x".repeat(100_000));
        let refs = format!("[a]: {url}\n\n{}", "[a] ".repeat(20_000));
        assert_eq!(super::render(&refs), None);
        // Ordinary tables still render.
        assert!(render("| a | b |\n| :-- | --: |\n| 1 | 2 |\n").contains("<table>"));
    }

    #[test]
    fn table_bound_counts_columns_times_rows() {
        assert_eq!(delimiter_row_width("| --- | :-: |"), Some(2));
        assert_eq!(delimiter_row_width("---"), None, "a thematic break");
        assert_eq!(delimiter_row_width("-- | --"), Some(2));
        assert_eq!(
            table_cells_bound("| a | b |\r\n|---|---|\r\n| 1 | 2 |\n \n| 3 |\n"),
            4
        );
        // A wide table right after a narrow one, with no blank line between them.
        let wide = "|-|".to_owned() + &"-|".repeat(511);
        let mixed = format!(
            "|a|\n|-|\n# x\n{}\n{wide}\n{}",
            "|a".repeat(512),
            "x\n".repeat(512)
        );
        assert!(
            table_cells_bound(&mixed) >= 512 * 512,
            "{}",
            table_cells_bound(&mixed)
        );
        // Lone carriage returns end lines too; non-breaking spaces do not make a line blank.
        let cr = format!("|a|b|\r|-|-|\r{}", "x\r".repeat(100));
        assert!(table_cells_bound(&cr) >= 200);
        let nbsp = format!("|a|b|\n|-|-|\n\u{a0}\n{}", "x\n".repeat(100));
        assert!(table_cells_bound(&nbsp) >= 200);
    }
}
