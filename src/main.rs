//! The viewer's entry point; everything else lives in the library so it can be tested.

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    prompt_envelope::start();
}

/// Runs the viewer's whole load pipeline on `text`, exactly what rendering an envelope computes
/// before any DOM work (`ViewModel::from_source`: parse, decode and validate in repair mode,
/// the three exports, and the pretty raw JSON when the source is small enough to make it
/// eagerly), and returns the length of the export JSON texts.
///
/// Exported (`window.wasmBindings.pe_load_pipeline`) for the performance harness
/// (`tests/perf/harness.mjs`), which times it next to `JSON.parse` of the same text. It reads
/// nothing and changes nothing on the page.
#[wasm_bindgen]
pub fn pe_load_pipeline(text: &str) -> usize {
    let mut model = prompt_envelope::viewer::ViewModel::from_source(text);
    // A large source's later steps too: the whole work, whichever task it runs in.
    model.complete();
    model.exports.iter().map(|export| export.json.len()).sum()
}
