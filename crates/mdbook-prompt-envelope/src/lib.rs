//! # mdbook-prompt-envelope
//!
//! An mdBook preprocessor (DECISIONS §15): in each chapter, a fenced block whose info string is
//! `prompt-envelope` holding an envelope, or a line `{{#prompt-envelope PATH}}`, becomes the
//! static render's body (`pep render`'s page without its `<html>` and `<head>`, the stylesheet
//! once per chapter), or, with `mode = "iframe"` and an `app-url`, an `<iframe>` of the app.
//! Options follow the info string or the path: `panel=… step=… view=… lang=…` (and `demo=ID`
//! in iframe mode). An envelope that is not valid becomes a `role="alert"` box naming the
//! problem: the book still builds, and every other chapter is left as it was.
//!
//! The book JSON of mdBook 0.4 (`{"sections": …}`) and of 0.5 (`{"items": …}`) are both read,
//! each returned in its own shape: only the chapters' `content` strings change.

mod blocks;
mod book;
mod insert;

use serde_json::Value;

/// What preprocessing gave: the book for mdBook, and the warnings for its log.
#[derive(Debug)]
pub struct Preprocessed {
    /// The book JSON, in the shape it came in.
    pub book: String,
    /// One line per problem found (an invalid envelope, an unreadable file, a bad option).
    pub warnings: Vec<String>,
}

/// How blocks are shown (`[preprocessor.prompt-envelope]` in `book.toml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The static render (the default).
    Static,
    /// An iframe of the app at this URL.
    Iframe(String),
}

/// Preprocesses mdBook's `[context, book]` JSON.
pub fn preprocess(input: &str) -> Result<Preprocessed, String> {
    let value: Value = serde_json::from_str(input)
        .map_err(|e| format!("the book from mdBook is not JSON: {e}"))?;
    let Value::Array(mut pair) = value else {
        return Err("mdBook sent no [context, book] pair".to_owned());
    };
    if pair.len() != 2 {
        return Err("mdBook sent no [context, book] pair".to_owned());
    }
    let (Some(mut book), Some(context)) = (pair.pop(), pair.pop()) else {
        return Err("mdBook sent no [context, book] pair".to_owned());
    };
    let mut warnings = Vec::new();
    let settings = book::settings(&context, &mut warnings);
    book::each_chapter(&mut book, &mut |chapter, number| {
        insert::chapter(chapter, number, &settings, &mut warnings);
    })?;
    let book = serde_json::to_string(&book).map_err(|e| format!("cannot write the book: {e}"))?;
    Ok(Preprocessed { book, warnings })
}
