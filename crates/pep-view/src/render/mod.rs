//! What the viewer renders from plain data, with no Leptos in it (tested natively): the one
//! safe markdown renderer, the JSON token highlighter, and the line index of large JSON texts.

pub mod icons;
pub mod json_lines;
pub mod json_tokens;
#[cfg(feature = "engine")]
pub mod markdown;
