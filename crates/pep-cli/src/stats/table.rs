//! The `pep stats` table: aligned columns, integers only, every line escaped.

use std::io::Write;

use pep_core::budget::Size;

use super::Measured;
use crate::escape::line;

/// Writes the budget of `file` as text tables.
pub fn write(out: &mut impl Write, file: &str, measured: &Measured) {
    let (exact, estimate) = (&measured.exact, &measured.estimate);
    let window = exact.context_window;
    let about = match (&measured.model, window) {
        (Some(model), Some(tokens)) => format!("model {model}, context window {tokens} tokens"),
        (Some(model), None) => format!("model {model}, context window unknown"),
        (None, _) => "no model, context window unknown".to_owned(),
    };
    line(out, format_args!("{file}: {about}"));
    line(
        out,
        "tokens: exact o200k_base counts (GPT-4o, GPT-4.1, GPT-5, o-series; others differ)",
    );
    line(
        out,
        "≈est: the estimate the viewer shows (pep_core::budget::Estimate)",
    );

    let mut segments = Table::new(&["path", "kind", "chars", "tokens", "≈est", ""], 2);
    for (row, guess) in exact.segments.iter().zip(&estimate.segments) {
        let note = if row.media {
            "image: billed by the provider as an image"
        } else {
            ""
        };
        segments.row(
            vec![row.at.to_string(), row.kind.as_str().to_owned()],
            row.size,
            guess.size.tokens,
            note,
        );
    }
    segments.write(out, "Segments");

    let mut kinds = Table::new(&["kind", "segments", "chars", "tokens", "≈est", ""], 1);
    for (kind, guess) in exact.kinds.iter().zip(&estimate.kinds) {
        let cells = vec![kind.kind.as_str().to_owned(), kind.segments.to_string()];
        kinds.row(cells, kind.size, guess.size.tokens, &media_note(kind.media));
    }
    kinds.write(out, "Kinds");

    let mut messages = Table::new(
        &["message", "role", "segments", "chars", "tokens", "≈est", ""],
        2,
    );
    for (message, guess) in exact.messages.iter().zip(&estimate.messages) {
        let cells = vec![
            message.message.to_string(),
            message.role.as_str().to_owned(),
            message.segments.to_string(),
        ];
        let note = media_note(message.media);
        messages.row(cells, message.size, guess.size.tokens, &note);
    }
    messages.write(out, "Messages");

    let mut requests = Table::new(&["format", "chars", "tokens", "≈est", "error", "window"], 1);
    for (request, guess) in exact.requests.iter().zip(&estimate.requests) {
        let tokens = request.size.tokens;
        let error = match tokens {
            0 => "-".to_owned(),
            _ => signed_percent(guess.size.tokens as i128 - tokens as i128, tokens as i128),
        };
        let used = window.map_or("-".to_owned(), |w| percent(tokens as u128, u128::from(w)));
        requests.rows.push(vec![
            request.format.as_str().to_owned(),
            request.size.chars.to_string(),
            tokens.to_string(),
            guess.size.tokens.to_string(),
            error,
            used,
        ]);
    }
    requests.write(
        out,
        "Requests (error: ≈est against tokens; window: share of the context window)",
    );
}

fn media_note(media: usize) -> String {
    match media {
        0 => String::new(),
        1 => "1 image".to_owned(),
        n => format!("{n} images"),
    }
}

/// `part / whole` in percent with one decimal, rounded half up: `1.3%`.
fn percent(part: u128, whole: u128) -> String {
    if whole == 0 {
        return "-".to_owned();
    }
    let tenths = (part * 2000 + whole) / (whole * 2);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// `difference / whole` in percent with a sign: `+0.6%`, `-9.0%`.
fn signed_percent(difference: i128, whole: i128) -> String {
    let sign = if difference < 0 { '-' } else { '+' };
    let text = percent(difference.unsigned_abs(), whole.unsigned_abs());
    format!("{sign}{text}")
}

/// Rows of cells under a header: the first `left` columns left-aligned, the rest right-aligned
/// except a last, empty-headed note column.
struct Table {
    header: Vec<&'static str>,
    left: usize,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(header: &[&'static str], left: usize) -> Table {
        Table {
            header: header.to_vec(),
            left,
            rows: Vec::new(),
        }
    }

    /// A row of `cells`, then chars, tokens, the estimate and `note`.
    fn row(&mut self, mut cells: Vec<String>, size: Size, estimate: usize, note: &str) {
        cells.extend([
            size.chars.to_string(),
            size.tokens.to_string(),
            estimate.to_string(),
            note.to_owned(),
        ]);
        self.rows.push(cells);
    }

    fn write(&self, out: &mut impl Write, title: &str) {
        let columns = self.header.len();
        let mut widths: Vec<usize> = self.header.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        line(out, "");
        line(out, title);
        let header: Vec<String> = self.header.iter().map(|h| (*h).to_owned()).collect();
        for row in std::iter::once(&header).chain(&self.rows) {
            let mut text = String::new();
            for (i, (cell, width)) in row.iter().zip(&widths).enumerate() {
                let note = i + 1 == columns && self.header[i].is_empty();
                let pad = width.saturating_sub(cell.chars().count());
                text.push_str("  ");
                if i < self.left || note {
                    text.push_str(cell);
                    text.extend(std::iter::repeat_n(' ', pad));
                } else {
                    text.extend(std::iter::repeat_n(' ', pad));
                    text.push_str(cell);
                }
            }
            line(out, text.trim_end());
        }
    }
}
