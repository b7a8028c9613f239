//! Exact o200k_base token counts (the encoding of GPT-4o, GPT-4.1, GPT-5 and the o-series),
//! for `pep stats`. The core ships only an estimate ([`pep_core::budget::Estimate`]): the
//! vocabulary is megabytes, which the browser build cannot carry.

use pep_core::budget::TokenCounter;
use tiktoken_rs::CoreBPE;

/// Counts with tiktoken-rs's o200k_base, built once per process (about 0.1 s).
pub struct O200k(&'static CoreBPE);

impl O200k {
    /// The encoder.
    pub fn new() -> O200k {
        O200k(tiktoken_rs::o200k_base_singleton())
    }
}

impl TokenCounter for O200k {
    /// Special-token text such as `<|endoftext|>` counts as ordinary text, as it does in a
    /// request body.
    fn count(&self, text: &str) -> usize {
        self.0.encode_ordinary(text).len()
    }
}
