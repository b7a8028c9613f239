//! mdBook's JSON: its settings for this preprocessor, and each chapter of the book, in 0.4's
//! shape (`sections`) or 0.5's (`items`).

use std::path::PathBuf;

use serde_json::Value;

use crate::Mode;

/// The preprocessor's table of `book.toml`.
const TABLE: &str = "prompt-envelope";

/// What the preprocessor needs of mdBook's context.
#[derive(Debug)]
pub struct Settings {
    /// Static render or iframe.
    pub mode: Mode,
    /// The book's folder: included files must be inside it.
    pub root: PathBuf,
    /// The book's source folder (chapter paths are relative to it).
    pub src: PathBuf,
}

/// The settings in mdBook's `context`; what is wrong with them goes to `warnings`.
pub fn settings(context: &Value, warnings: &mut Vec<String>) -> Settings {
    let root = context.get("root").and_then(Value::as_str).unwrap_or(".");
    let config = context.get("config");
    let src = config
        .and_then(|c| c.get("book"))
        .and_then(|b| b.get("src"))
        .and_then(Value::as_str)
        .unwrap_or("src");
    let table = config
        .and_then(|c| c.get("preprocessor"))
        .and_then(|p| p.get(TABLE));
    let mode = table.and_then(|t| t.get("mode")).and_then(Value::as_str);
    let app_url = table
        .and_then(|t| t.get("app-url"))
        .and_then(Value::as_str)
        .filter(|url| !url.is_empty());
    let mode = match (mode, app_url) {
        (Some("iframe"), Some(url)) if is_app_url(url) => Mode::Iframe(url.to_owned()),
        (Some("iframe"), Some(url)) => {
            warnings.push(format!(
                "app-url = \"{url}\" is not an http(s) or relative URL: showing the static \
                 render instead"
            ));
            Mode::Static
        }
        (Some("iframe"), None) => {
            warnings.push(
                "mode = \"iframe\" needs app-url = \"…\" in [preprocessor.prompt-envelope]: \
                 showing the static render instead"
                    .to_owned(),
            );
            Mode::Static
        }
        (Some("static") | None, _) => Mode::Static,
        (Some(other), _) => {
            warnings.push(format!(
                "unknown mode = \"{other}\" in [preprocessor.prompt-envelope] (static or \
                 iframe): showing the static render"
            ));
            Mode::Static
        }
    };
    let root = PathBuf::from(root);
    let src = root.join(src);
    Settings { mode, root, src }
}

/// Whether an iframe may load `url`: `http`, `https` or a relative URL (never `javascript:`).
fn is_app_url(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    pep_core::url::is_allowed_link_url(url) && !lower.starts_with("mailto:")
}

/// Calls `each` on every chapter object of `book`, depth first, with its number in that
/// order (for element ids unique across the book's print page).
pub fn each_chapter(
    book: &mut Value,
    each: &mut dyn FnMut(&mut serde_json::Map<String, Value>, usize),
) -> Result<(), String> {
    let items = match book {
        Value::Object(book) if book.contains_key("items") => book.get_mut("items"),
        Value::Object(book) => book.get_mut("sections"),
        _ => None,
    };
    let Some(Value::Array(items)) = items else {
        return Err("the book from mdBook has neither `sections` (0.4) nor `items` (0.5)".into());
    };
    let mut number = 0;
    walk(items, each, &mut number);
    Ok(())
}

fn walk(
    items: &mut [Value],
    each: &mut dyn FnMut(&mut serde_json::Map<String, Value>, usize),
    number: &mut usize,
) {
    for item in items {
        let Some(Value::Object(chapter)) = item.get_mut("Chapter") else {
            continue;
        };
        *number += 1;
        each(chapter, *number);
        if let Some(Value::Array(sub)) = chapter.get_mut("sub_items") {
            walk(sub, each, number);
        }
    }
}
