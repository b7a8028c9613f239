//! Measuring a text: its length in characters and in tokens, by a [`TokenCounter`]. Below the
//! exports (which measure what they print) and the budget (which adds the measures up); public
//! through [`crate::budget`].

mod estimate;

pub use estimate::{Estimate, TokenCounter};

/// A length in Unicode scalar values (Rust `char`s) and in tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Size {
    /// Unicode scalar values.
    pub chars: usize,
    /// Tokens, as the [`TokenCounter`] counted them.
    pub tokens: usize,
}

impl Size {
    /// The size of `text`.
    pub fn of(text: &str, counter: &dyn TokenCounter) -> Size {
        Size {
            chars: text.chars().count(),
            tokens: counter.count(text),
        }
    }
}

impl std::ops::AddAssign for Size {
    fn add_assign(&mut self, other: Size) {
        self.chars += other.chars;
        self.tokens += other.tokens;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_word_table_is_sorted_and_complete() {
        let pairs = super::estimate::PAIRS;
        assert_eq!(pairs.len(), 63);
        assert!(
            pairs.windows(2).all(|w| w[0] < w[1]),
            "sorted, no duplicates"
        );
    }
}
