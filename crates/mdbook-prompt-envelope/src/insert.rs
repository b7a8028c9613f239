//! What a block becomes: the static render's body (with the stylesheet before the chapter's
//! first), an iframe of the app, or an alert box naming the problem. The inserted HTML is one
//! line: a blank line would end mdBook's HTML block, and a newline of the envelope's text is
//! written `&#10;` instead (the same character where it is shown).

use std::path::Path;

use base64::Engine;
use pep_view::MAX_INPUT_BYTES;
use pep_view::share::{MAX_LINK_BYTES, Shared};
use pep_view::static_render::{self, Failure, Options, Panel, escape};
use pep_view::text::Lang;
use pep_view::view_mode::ViewMode;
use serde_json::{Map, Value};

use crate::Mode;
use crate::blocks::{Block, Piece, Source, pieces};
use crate::book::Settings;

/// Replaces the blocks of one chapter's `content`; a chapter without any is left untouched.
pub fn chapter(
    chapter: &mut Map<String, Value>,
    number: usize,
    settings: &Settings,
    warnings: &mut Vec<String>,
) {
    let mode = &settings.mode;
    let Some(Value::String(content)) = chapter.get("content") else {
        return;
    };
    let found = pieces(content);
    if !found.iter().any(|piece| matches!(piece, Piece::Block(_))) {
        return;
    }
    let name = chapter
        .get("source_path")
        .and_then(Value::as_str)
        .or_else(|| chapter.get("name").and_then(Value::as_str))
        .unwrap_or("a chapter")
        .to_owned();
    let chapter_dir = chapter
        .get("source_path")
        .and_then(Value::as_str)
        .and_then(|path| Path::new(path).parent())
        .map_or_else(|| settings.src.clone(), |dir| settings.src.join(dir));
    let mut out = String::with_capacity(content.len() * 2);
    let mut styled = false;
    let mut blocks = 0;
    for piece in found {
        let block = match piece {
            Piece::Text(text) => {
                out.push_str(text);
                continue;
            }
            Piece::Block(block) => block,
        };
        blocks += 1;
        let at = Place {
            chapter: &name,
            dir: &chapter_dir,
            root: &settings.root,
            ids: format!("pe-c{number}-b{blocks}-"),
        };
        let (html, styles) = match one(&block, &at, mode) {
            Ok(html) => (html, mode == &Mode::Static),
            Err(problem) => {
                warnings.push(format!("{name}, line {}: {problem}", block.line));
                (alert(&problem), true)
            }
        };
        out.push_str(block.indent);
        if styles && !styled {
            out.push_str("<style>");
            out.push_str(&one_line_css(&static_render::stylesheet(true)));
            out.push_str("</style>");
            styled = true;
        }
        out.push_str(&html);
        // A blank line after it ends mdBook's HTML block, so the markdown that follows is read
        // as markdown (a fenced block's own line break went with its closing fence).
        out.push_str(match block.source {
            Source::Inline(_) => "\n\n",
            Source::File(_) | Source::Options => "\n",
        });
    }
    chapter.insert("content".to_owned(), Value::String(out));
}

/// Where a block is.
struct Place<'a> {
    chapter: &'a str,
    dir: &'a Path,
    root: &'a Path,
    ids: String,
}

/// One block's HTML, or the problem that stopped it.
fn one(block: &Block<'_>, at: &Place<'_>, mode: &Mode) -> Result<String, String> {
    let options = parse_options(block.options)?;
    let text = match &block.source {
        Source::Inline(text) => Some(text.clone()),
        Source::File(path) => Some(read_inside(at, path)?),
        Source::Options => None,
    };
    match (mode, text, &options.demo) {
        (_, Some(_), Some(_)) => {
            Err("give either an envelope (a file or a fenced block) or demo=ID, not both".into())
        }
        (Mode::Iframe(url), text, demo) => iframe(url, text.as_deref(), demo.as_deref(), &options),
        (Mode::Static, Some(text), _) => rendered(&text, at, options),
        (Mode::Static, None, _) => Err(
            "a demo (`demo=ID`) is shown only in iframe mode; give a file or a fenced block"
                .to_owned(),
        ),
    }
}

/// The text of an included file, which must be a file inside the book's folder (what a
/// chapter shows is published: nothing else of the machine may get in) of at most the
/// viewer's input limit. Problems name the path as written, not where it led.
fn read_inside(at: &Place<'_>, path: &str) -> Result<String, String> {
    let file = at
        .dir
        .join(path)
        .canonicalize()
        .map_err(|e| format!("cannot read {path}: {}", plain(&e)))?;
    let root = at
        .root
        .canonicalize()
        .unwrap_or_else(|_| at.root.to_path_buf());
    if !file.starts_with(&root) {
        return Err(format!(
            "{path} is outside the book's folder: only files inside it are included"
        ));
    }
    let meta =
        std::fs::metadata(&file).map_err(|e| format!("cannot read {path}: {}", plain(&e)))?;
    if !meta.is_file() {
        return Err(format!("{path} is not a file"));
    }
    if meta.len() > MAX_INPUT_BYTES as u64 {
        return Err(format!(
            "{path} is {} bytes, over the {MAX_INPUT_BYTES} an envelope may have (DECISIONS §9)",
            meta.len()
        ));
    }
    std::fs::read_to_string(&file).map_err(|e| format!("cannot read {path}: {}", plain(&e)))
}

/// An I/O error without the OS's error number.
fn plain(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_owned(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        std::io::ErrorKind::InvalidData => "not UTF-8 text".to_owned(),
        _ => error.to_string(),
    }
}

/// The static render's body of `text`, on one line.
fn rendered(text: &str, at: &Place<'_>, block: BlockOptions) -> Result<String, String> {
    let options = Options {
        panel: block
            .panel
            .unwrap_or(Panel::Export(pep_core::export::Format::OpenAi)),
        step: block.step,
        view: block.view,
        lang: block.lang,
        title: None,
        fragment: Some(at.ids.clone()),
    };
    match static_render::render(text, &options) {
        Ok(rendered) => Ok(one_line_html(&rendered.body)),
        Err(Failure::Invalid(issues)) => Err(format!(
            "not a valid envelope in {}: {}",
            at.chapter,
            errors(&issues)
        )),
        Err(Failure::Step { asked, count }) => Err(format!(
            "step={asked} is outside 1..{count} (the envelope has {count} message(s))"
        )),
    }
}

/// An iframe of the app: the envelope in the share fragment (DECISIONS §8), or a demo.
fn iframe(
    url: &str,
    text: Option<&str>,
    demo: Option<&str>,
    options: &BlockOptions,
) -> Result<String, String> {
    let mut query = vec!["embed=1".to_owned()];
    if let Some(demo) = demo {
        query.push(format!("demo={}", encode_query(demo)));
    }
    if let Some(panel) = &options.panel_name {
        query.push(format!("panel={panel}"));
    }
    if let Some(step) = options.step {
        query.push(format!("step={step}"));
    }
    if options.view == ViewMode::User {
        query.push("view=user".to_owned());
    }
    if options.lang == Lang::Zh {
        query.push("lang=zh".to_owned());
    }
    if options.step == Some(0) {
        return Err("step=0: steps count from 1".to_owned());
    }
    let fragment = match (text, demo) {
        (Some(text), _) => {
            // The envelope is checked here, so a broken one is an alert box in the book
            // rather than an error panel in the frame.
            let loaded = pep_core::load(text, pep_core::Mode::Repair);
            if loaded.has_errors() {
                return Err(format!("not a valid envelope: {}", errors(&loaded.issues)));
            }
            let count = loaded.envelope.as_ref().map_or(0, |e| e.messages.len());
            if let Some(step) = options.step.filter(|step| *step > count) {
                return Err(format!(
                    "step={step} is outside 1..{count} (the envelope has {count} message(s))"
                ));
            }
            let deflated = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflated)
        }
        (None, Some(_)) => String::new(),
        (None, None) => return Err("give a file, a fenced block or demo=ID".to_owned()),
    };
    // An app URL may carry a query of its own already.
    let joiner = if url.contains('?') { '&' } else { '?' };
    let base = format!("{url}{joiner}{}", query.join("&"));
    let src = if fragment.is_empty() {
        base
    } else {
        match Shared::of(&base, &fragment) {
            Shared::Link(link) => link,
            Shared::TooLong(bytes) => {
                return Err(format!(
                    "the envelope makes a link of {bytes} bytes, over the {MAX_LINK_BYTES} a share \
                     link may have (DECISIONS §8): show it with the static render instead"
                ));
            }
        }
    };
    Ok(format!(
        "<iframe class=\"pe-embed\" title=\"Prompt Envelope\" src=\"{}\" loading=\"lazy\" width=\"100%\" height=\"640\"></iframe>",
        escape(&src)
    ))
}

/// Every error of `issues`, each with its path, in one line.
fn errors(issues: &[pep_core::Issue]) -> String {
    issues
        .iter()
        .filter(|issue| issue.is_error())
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A block's options.
#[derive(Debug)]
struct BlockOptions {
    panel: Option<Panel>,
    panel_name: Option<String>,
    step: Option<usize>,
    view: ViewMode,
    lang: Lang,
    demo: Option<String>,
}

/// `panel=… step=… view=… lang=… demo=…`; an unknown one or a bad value is a problem.
fn parse_options(text: &str) -> Result<BlockOptions, String> {
    let mut options = BlockOptions {
        panel: None,
        panel_name: None,
        step: None,
        view: ViewMode::Model,
        lang: Lang::En,
        demo: None,
    };
    for word in text.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!(
                "`{word}` is not an option (panel=, step=, view=, lang=, demo=)"
            ));
        };
        match key {
            "panel" => {
                options.panel = Some(Panel::from_name(value).ok_or_else(|| {
                    format!("panel={value}: not a panel (openai, responses, anthropic, mcp, otel, raw, none)")
                })?);
                options.panel_name = Some(value.to_owned());
            }
            "step" => {
                options.step = Some(
                    value
                        .parse()
                        .map_err(|_| format!("step={value}: not a whole number"))?,
                );
            }
            "view" => {
                options.view = match value {
                    "model" => ViewMode::Model,
                    "user" => ViewMode::User,
                    _ => return Err(format!("view={value}: model or user")),
                };
            }
            "lang" => {
                options.lang = match value {
                    "en" => Lang::En,
                    "zh" => Lang::Zh,
                    _ => return Err(format!("lang={value}: en or zh")),
                };
            }
            "demo" => options.demo = Some(value.to_owned()),
            _ => {
                return Err(format!(
                    "`{key}` is not an option (panel=, step=, view=, lang=, demo=)"
                ));
            }
        }
    }
    Ok(options)
}

/// The alert box of a block that could not be shown.
fn alert(problem: &str) -> String {
    format!(
        "<div class=\"pe-static-alert\" role=\"alert\"><strong>Prompt Envelope</strong>: {}</div>",
        one_line_html(&escape(problem))
    )
}

/// HTML on one line: each line break of a text becomes a character reference, and `{{` is
/// written so that no later mdBook preprocessor reads it as one of its own.
fn one_line_html(html: &str) -> String {
    html.replace('\r', "&#13;")
        .replace('\n', "&#10;")
        .replace("{{", "&#123;&#123;")
}

/// CSS on one line (line breaks are only whitespace there).
fn one_line_css(css: &str) -> String {
    css.split(['\n', '\r'])
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A query value, percent-encoded but for unreserved characters.
fn encode_query(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b => format!("%{b:02X}"),
        })
        .collect()
}
