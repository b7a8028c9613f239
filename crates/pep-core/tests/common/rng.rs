//! A small deterministic generator of test cases (no dependency, the same cases on every
//! machine), and random JSON text made from given words.

/// xorshift64*: deterministic, good enough to pick cases.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }

    /// True once in `one_in` times.
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    /// One of `items`.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// What random JSON is made of: string contents and keys (as written between the quotes, so
/// escapes may be in them) and number lexemes.
pub struct Atoms<'a> {
    /// String contents.
    pub strings: &'a [&'a str],
    /// Number lexemes.
    pub numbers: &'a [&'a str],
    /// Object keys.
    pub keys: &'a [&'a str],
}

/// Any compact JSON value of `atoms`, nesting at most `depth` more levels.
pub fn json(rng: &mut Rng, depth: usize, atoms: &Atoms<'_>) -> String {
    match rng.below(if depth == 0 { 4 } else { 6 }) {
        0 => format!("\"{}\"", rng.pick(atoms.strings)),
        1 => rng.pick(atoms.numbers).to_owned(),
        2 => rng.pick(&["true", "false", "null"]).to_owned(),
        3 => rng.pick(&["{}", "[]"]).to_owned(),
        4 => {
            let items: Vec<String> = (0..rng.below(4))
                .map(|_| json(rng, depth - 1, atoms))
                .collect();
            format!("[{}]", items.join(","))
        }
        _ => {
            let members: Vec<String> = (0..rng.below(4))
                .map(|_| {
                    let key = rng.pick(atoms.keys);
                    format!("\"{key}\":{}", json(rng, depth - 1, atoms))
                })
                .collect();
            format!("{{{}}}", members.join(","))
        }
    }
}
