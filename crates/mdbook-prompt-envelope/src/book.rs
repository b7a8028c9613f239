//! mdBook's JSON: its settings for this preprocessor, and each chapter of the book, in 0.4's
//! shape (`sections`) or 0.5's (`items`).

use std::path::PathBuf;

use serde_json::Value;

use crate::Mode;

/// The preprocessor's table of `book.toml`.
const TABLE: &str = "prompt-envelope";

/// The mode, and the book's source folder (chapter paths are relative to it).
pub fn settings(context: &Value, warnings: &mut Vec<String>) -> (Mode, PathBuf) {
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
        (Some("iframe"), Some(url)) => Mode::Iframe(url.to_owned()),
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
    (mode, PathBuf::from(root).join(src))
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
