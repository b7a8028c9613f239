//! What the viewer renders from plain data, with no Leptos in it (tested natively): the one
//! safe markdown renderer, the JSON token highlighter, the line index of large JSON texts and their wrapped rows, and
//! the top bar's static markup for the first paint.

pub mod icons;
pub mod json_items;
pub mod json_lines;
pub mod json_tokens;
pub mod json_wrap;
#[cfg(feature = "engine")]
pub mod markdown;
pub mod shell;
