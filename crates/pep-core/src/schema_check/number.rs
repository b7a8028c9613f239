//! Numbers compared by the value their text spells, exactly.
//!
//! serde_json keeps each number's text (`arbitrary_precision`), so `1`, `1.0` and `10e-1` can
//! be compared as the same value without going through `f64`: no rounding of
//! `12345678901234567891`, no overflow of `1e400`, and no float formatting or parsing code in
//! the wasm build.

use std::cmp::Ordering;

use serde_json::Number;

/// Exponents are clamped far beyond any text length, so sums of them cannot overflow.
const EXPONENT_CLAMP: i64 = 1 << 50;

/// A JSON number read as `± 0.d₁d₂… × 10^order`, where `d₁…` are its significant digits
/// (no leading or trailing zeros; none for zero).
#[derive(Debug, Clone, Copy)]
pub(super) struct Decimal<'a> {
    negative: bool,
    /// The significant digits from the integer part and from the fraction, as written.
    high: &'a str,
    low: &'a str,
    /// The power of ten of the point placed before the first significant digit.
    order: i64,
    /// The power of ten of the last significant digit: the number is an integer when it is
    /// not negative.
    scale: i64,
}

impl<'a> Decimal<'a> {
    /// Reads JSON number text; `None` for anything else (serde_json never hands us that).
    pub(super) fn parse(text: &'a str) -> Option<Decimal<'a>> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match rest.find(['e', 'E']) {
            Some(at) => (rest.get(..at)?, parse_exponent(rest.get(at + 1..)?)?),
            None => (rest, 0),
        };
        let (int, frac) = match mantissa.split_once('.') {
            Some((_, "")) => return None,
            Some(parts) => parts,
            None => (mantissa, ""),
        };
        let is_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if int.is_empty() || !is_digits(int) || !is_digits(frac) {
            return None;
        }
        let int = trim_zeros(int, true);
        let frac = trim_zeros(frac, false);
        let (high, low, scale) = if frac.is_empty() {
            // `120`, `12.00`: the digits end in the integer part.
            let high = trim_zeros(int, false);
            (high, "", exponent + to_i64(int.len() - high.len()))
        } else if int.is_empty() {
            // `0.0012`: only the fraction has significant digits.
            ("", trim_zeros(frac, true), exponent - to_i64(frac.len()))
        } else {
            (int, frac, exponent - to_i64(frac.len()))
        };
        Some(Decimal {
            negative,
            high,
            low,
            order: to_i64(high.len() + low.len()) + scale,
            scale,
        })
    }

    /// The number `number` spells.
    pub(super) fn of(number: &'a Number) -> Option<Decimal<'a>> {
        Decimal::parse(number.as_str())
    }

    fn is_zero(&self) -> bool {
        self.high.is_empty() && self.low.is_empty()
    }

    fn significant(&self) -> impl Iterator<Item = u8> + 'a {
        self.high.bytes().chain(self.low.bytes())
    }

    /// Whether the value has no fractional part (`1.0` and `1e2` are integers, as JSON
    /// Schema says).
    pub(super) fn is_integer(&self) -> bool {
        self.is_zero() || self.scale >= 0
    }

    /// The value as a count (`minLength` and friends): a non-negative integer, saturated at
    /// `u64::MAX`, which is as good as infinite for lengths.
    pub(super) fn as_count(&self) -> Option<u64> {
        if self.is_zero() {
            return Some(0);
        }
        if self.negative || self.scale < 0 {
            return None;
        }
        if self.order > 20 {
            return Some(u64::MAX);
        }
        let mut value: u64 = 0;
        let digits = self.significant().map(|byte| u64::from(byte - b'0'));
        let zeros = std::iter::repeat_n(0, usize::try_from(self.scale).unwrap_or(usize::MAX));
        for digit in digits.chain(zeros) {
            match value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
                Some(next) => value = next,
                None => return Some(u64::MAX),
            }
        }
        Some(value)
    }

    /// Orders two numbers by value; `-0` equals `0`.
    pub(super) fn compare(&self, other: &Decimal<'_>) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return sign_order(!other.negative),
            (false, true) => return sign_order(self.negative),
            (false, false) => {}
        }
        if self.negative != other.negative {
            return sign_order(self.negative);
        }
        let magnitude = self
            .order
            .cmp(&other.order)
            .then_with(|| self.significant().cmp(other.significant()));
        if self.negative {
            magnitude.reverse()
        } else {
            magnitude
        }
    }
}

/// `digits` without its leading (`start`) or trailing zeros. Bytes, not `trim_matches`, whose
/// char searching costs more code in the wasm build; the text is ASCII digits.
fn trim_zeros(digits: &str, start: bool) -> &str {
    let zeros = |byte: &u8| *byte == b'0';
    let trimmed = if start {
        let count = digits.bytes().take_while(zeros).count();
        digits.get(count..)
    } else {
        let count = digits.bytes().rev().take_while(zeros).count();
        digits.get(..digits.len() - count)
    };
    trimmed.unwrap_or(digits)
}

/// How a nonzero number compares with one of the other sign (or zero): `Less` when negative.
fn sign_order(negative: bool) -> Ordering {
    if negative {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// An exponent's digits with their optional sign, clamped to [`EXPONENT_CLAMP`].
fn parse_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, text.get(1..)?),
        Some(b'+') => (false, text.get(1..)?),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for byte in digits.bytes() {
        if !byte.is_ascii_digit() {
            return None;
        }
        value = (value * 10 + i64::from(byte - b'0')).min(EXPONENT_CLAMP);
    }
    Some(if negative { -value } else { value })
}

/// A text length as an exponent term (lengths are far below the clamp).
fn to_i64(len: usize) -> i64 {
    i64::try_from(len)
        .unwrap_or(EXPONENT_CLAMP)
        .min(EXPONENT_CLAMP)
}

/// Whether two numbers have the same value (`1 == 1.0 == 1e0`).
pub(super) fn same_value(a: &Number, b: &Number) -> bool {
    match (Decimal::of(a), Decimal::of(b)) {
        (Some(a), Some(b)) => a.compare(&b) == Ordering::Equal,
        // Unreadable text (never produced by serde_json): only identical text is equal.
        _ => a.as_str() == b.as_str(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decimal(text: &str) -> Decimal<'_> {
        Decimal::parse(text).unwrap_or_else(|| panic!("{text} does not parse"))
    }

    fn compare(a: &str, b: &str) -> Ordering {
        decimal(a).compare(&decimal(b))
    }

    #[test]
    fn integers_are_decided_by_value_not_spelling() {
        for text in [
            "0", "-0", "1", "1.0", "1.50e1", "100e-2", "1e2", "0.0e-9", "-7.000",
        ] {
            assert!(decimal(text).is_integer(), "{text}");
        }
        for text in [
            "1.5",
            "1e-1",
            "0.001",
            "-2.25",
            "12345678901234567890.5",
            "15e-1",
        ] {
            assert!(!decimal(text).is_integer(), "{text}");
        }
    }

    #[test]
    fn comparison_is_exact() {
        assert_eq!(compare("1", "1.0"), Ordering::Equal);
        assert_eq!(compare("10e-1", "1"), Ordering::Equal);
        assert_eq!(compare("-0", "0.0"), Ordering::Equal);
        assert_eq!(compare("0.1", "0.10000"), Ordering::Equal);
        assert_eq!(compare("1.5", "1.25"), Ordering::Greater);
        assert_eq!(compare("-1.5", "-1.25"), Ordering::Less);
        assert_eq!(compare("-1", "0"), Ordering::Less);
        assert_eq!(compare("0", "1e-400"), Ordering::Less);
        assert_eq!(compare("1e400", "9e399"), Ordering::Greater);
        assert_eq!(compare("12", "120e-1"), Ordering::Equal);
        assert_eq!(
            compare("12345678901234567891", "12345678901234567890"),
            Ordering::Greater
        );
        assert_eq!(compare("99", "100"), Ordering::Less);
        assert_eq!(compare("-99", "-100"), Ordering::Greater);
        assert_eq!(compare("0.5", "5e-1"), Ordering::Equal);
        assert_eq!(compare("1E+2", "100"), Ordering::Equal);
    }

    #[test]
    fn counts_are_non_negative_integers() {
        assert_eq!(decimal("3").as_count(), Some(3));
        assert_eq!(decimal("3.0").as_count(), Some(3));
        assert_eq!(decimal("2e1").as_count(), Some(20));
        assert_eq!(decimal("-0").as_count(), Some(0));
        assert_eq!(decimal("1e30").as_count(), Some(u64::MAX));
        assert_eq!(decimal("18446744073709551616").as_count(), Some(u64::MAX));
        assert_eq!(decimal("18446744073709551615").as_count(), Some(u64::MAX));
        assert_eq!(decimal("-1").as_count(), None);
        assert_eq!(decimal("1.5").as_count(), None);
    }

    #[test]
    fn malformed_text_is_refused_without_panicking() {
        for text in [
            "", "-", ".5", "1.", "1e", "1e+", "abc", "1.2.3", "--1", "1e5x",
        ] {
            assert!(Decimal::parse(text).is_none(), "{text}");
        }
    }
}
