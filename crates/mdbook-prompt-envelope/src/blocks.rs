//! Finding the blocks in a chapter's markdown: fenced ```` ```prompt-envelope ```` blocks and
//! `{{#prompt-envelope PATH}}` lines (CommonMark's fences: up to three spaces of indent, three or
//! more backticks or tildes, closed by the same character at least as many times). Other fenced
//! blocks are passed over whole, so an example of the syntax inside one stays as written.

/// The info string (first word) and the include's name.
const NAME: &str = "prompt-envelope";

/// A piece of a chapter.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Markdown left as it is.
    Text(&'a str),
    /// A block to replace.
    Block(Block<'a>),
}

/// A block and where it is.
#[derive(Debug, PartialEq, Eq)]
pub struct Block<'a> {
    /// Where the envelope comes from.
    pub source: Source<'a>,
    /// The options after the info string or the path, as written.
    pub options: &'a str,
    /// Its first line in the chapter (from 1), for messages.
    pub line: usize,
    /// The include line's indent, kept (a block in a list item stays in it).
    pub indent: &'a str,
}

/// Where a block's envelope comes from.
#[derive(Debug, PartialEq, Eq)]
pub enum Source<'a> {
    /// The fenced block's text.
    Inline(String),
    /// A file, relative to the chapter.
    File(&'a str),
    /// No envelope: a demo of the app, named by `demo=ID` (iframe mode).
    Options,
}

/// Splits `markdown` into text and blocks; the pieces joined give back every byte of the text.
pub fn pieces(markdown: &str) -> Vec<Piece<'_>> {
    let lines: Vec<&str> = markdown.split_inclusive('\n').collect();
    let mut pieces = Vec::new();
    let mut text_start = 0; // byte offset where the pending text starts
    let mut offset = 0;
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        let line_len: usize = line.len();
        if let Some((fence, info)) = fence_open(line) {
            let close = (at + 1..lines.len()).find(|&i| closes(lines[i], fence));
            let end = close.map_or(lines.len(), |i| i + 1);
            let (word, options) = split_word(info);
            if word == NAME {
                push_text(&mut pieces, &markdown[text_start..offset]);
                let body: String = lines[at + 1..close.unwrap_or(lines.len())].concat();
                pieces.push(Piece::Block(Block {
                    source: Source::Inline(body),
                    options,
                    line: at + 1,
                    indent: "",
                }));
                offset += lines[at..end].iter().map(|l| l.len()).sum::<usize>();
                text_start = offset;
            } else {
                offset += lines[at..end].iter().map(|l| l.len()).sum::<usize>();
            }
            at = end;
            continue;
        }
        if let Some(args) = include(line) {
            push_text(&mut pieces, &markdown[text_start..offset]);
            let (first, rest) = split_word(args);
            let (source, options) = if first.contains('=') || first.is_empty() {
                (Source::Options, args)
            } else {
                (Source::File(first), rest)
            };
            pieces.push(Piece::Block(Block {
                source,
                options,
                line: at + 1,
                indent: &line[..line.len() - line.trim_start().len()],
            }));
            // The line's own ending stays, so the text after it keeps its line.
            let ending = &line[line.trim_end_matches(['\n', '\r']).len()..];
            offset += line_len - ending.len();
            text_start = offset;
            offset += ending.len();
            at += 1;
            continue;
        }
        offset += line_len;
        at += 1;
    }
    push_text(&mut pieces, &markdown[text_start..]);
    pieces
}

fn push_text<'a>(pieces: &mut Vec<Piece<'a>>, text: &'a str) {
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
}

/// A fence's opening: its character and length, and its info string.
fn fence_open(line: &str) -> Option<((char, usize), &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let c = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let count = rest.len() - rest.trim_start_matches(c).len();
    if count < 3 {
        return None;
    }
    let info = rest[count..].trim();
    // A backtick fence's info string may not hold a backtick (it would be inline code).
    if c == '`' && info.contains('`') {
        return None;
    }
    Some(((c, count), info))
}

/// Whether `line` closes a fence of `fence`.
fn closes(line: &str, (c, count): (char, usize)) -> bool {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return false;
    }
    let rest = line[indent..].trim_end();
    rest.len() >= count && rest.chars().all(|x| x == c)
}

/// The arguments of a `{{#prompt-envelope …}}` line (the whole line, spaces around allowed).
fn include(line: &str) -> Option<&str> {
    // Indented four spaces or a tab, the line is an indented code block: an example, kept.
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 || line.trim_start_matches(' ').starts_with('\t') {
        return None;
    }
    let inner = line
        .trim()
        .strip_prefix("{{#")?
        .strip_suffix("}}")?
        .strip_prefix(NAME)?;
    (inner.is_empty() || inner.starts_with([' ', '\t'])).then(|| inner.trim())
}

/// The first word of `text`, and the rest trimmed.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.split_once([' ', '\t']) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::{Block, Piece, Source, pieces};

    fn joined_text(markdown: &str) -> String {
        pieces(markdown)
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => (*text).to_owned(),
                Piece::Block(_) => "<B>".to_owned(),
            })
            .collect()
    }

    #[test]
    fn fenced_and_included_blocks_are_found_and_the_rest_kept() {
        let md = "# T\n\n```prompt-envelope panel=raw\n{\"a\":1}\n```\n\ntext\n{{#prompt-envelope ../e.json step=2}}\nend\n";
        let found = pieces(md);
        assert_eq!(joined_text(md), "# T\n\n<B>\ntext\n<B>\nend\n");
        assert!(found.contains(&Piece::Block(Block {
            source: Source::Inline("{\"a\":1}\n".into()),
            options: "panel=raw",
            line: 3,
            indent: "",
        })));
        assert!(found.contains(&Piece::Block(Block {
            source: Source::File("../e.json"),
            options: "step=2",
            line: 8,
            indent: "",
        })));
    }

    #[test]
    fn other_fences_and_near_misses_stay_as_written() {
        for md in [
            "````md\n```prompt-envelope\n{}\n```\n{{#prompt-envelope a.json}}\n````\n",
            "```prompt-envelopes\n{}\n```\n",
            "    ```prompt-envelope\n{}\n    ```\n",
            "{{#prompt-envelopex a.json}}\n",
            "x {{#prompt-envelope a.json}}\n",
            "    {{#prompt-envelope a.json}}\n",
            "\t{{#prompt-envelope a.json}}\n",
        ] {
            assert_eq!(joined_text(md), md, "{md}");
        }
    }

    #[test]
    fn an_unclosed_fence_runs_to_the_end_and_demo_blocks_have_no_path() {
        let found = pieces("```prompt-envelope\n{}\n");
        assert!(
            matches!(&found[..], [Piece::Block(Block { source: Source::Inline(t), .. })] if t == "{}\n")
        );
        let demo = pieces("{{#prompt-envelope demo=b panel=anthropic}}");
        assert!(matches!(
            &demo[..],
            [Piece::Block(Block {
                source: Source::Options,
                options: "demo=b panel=anthropic",
                ..
            })]
        ));
    }
}
