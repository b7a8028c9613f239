//! Integers as the protocol wants them written (DECISIONS §1).

use serde_json::Number;

use crate::issue::{Problem, StructureProblem};

/// Whether a number is written as an integer: digits with an optional minus sign, no fraction
/// and no exponent (DECISIONS §1: `1.0e12` and `1780897800000.0` are not integers).
fn is_integer_literal(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
}

pub(crate) fn parse_integer(number: &Number) -> Result<i64, Problem> {
    let text = number.to_string();
    if !is_integer_literal(&text) {
        return Err(Problem::Structure(StructureProblem::NotInteger {
            found: text,
        }));
    }
    text.parse::<i64>()
        .map_err(|_| Problem::Structure(StructureProblem::OutOfRange { found: text }))
}

pub(crate) fn parse_count(number: &Number) -> Result<u64, Problem> {
    let text = number.to_string();
    let negative = text.starts_with('-') && text.bytes().any(|byte| (b'1'..=b'9').contains(&byte));
    if negative {
        return Err(Problem::Structure(StructureProblem::Negative {
            found: text,
        }));
    }
    if !is_integer_literal(&text) {
        return Err(Problem::Structure(StructureProblem::NotInteger {
            found: text,
        }));
    }
    text.trim_start_matches('-')
        .parse::<u64>()
        .map_err(|_| Problem::Structure(StructureProblem::OutOfRange { found: text }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn number(text: &str) -> Number {
        match crate::decode::parse_json(text).map(|parsed| parsed.value) {
            Ok(Value::Number(number)) => number,
            other => panic!("{text} is not a number: {other:?}"),
        }
    }

    #[test]
    fn integers_must_be_written_as_integers() {
        assert_eq!(
            parse_integer(&number("1780897800000")),
            Ok(1_780_897_800_000)
        );
        assert_eq!(parse_integer(&number("-5")), Ok(-5));
        for text in ["1.0e12", "1780897800000.0", "1e3", "2.5"] {
            assert_eq!(
                parse_integer(&number(text)),
                Err(Problem::Structure(StructureProblem::NotInteger {
                    found: text.into()
                }))
            );
        }
        assert_eq!(
            parse_integer(&number("99999999999999999999")),
            Err(Problem::Structure(StructureProblem::OutOfRange {
                found: "99999999999999999999".into()
            }))
        );
    }

    #[test]
    fn counts_reject_negative_and_fractional_values() {
        assert_eq!(parse_count(&number("0")), Ok(0));
        assert_eq!(parse_count(&number("-0")), Ok(0));
        assert_eq!(parse_count(&number("2845000")), Ok(2_845_000));
        assert_eq!(
            parse_count(&number("-3")),
            Err(Problem::Structure(StructureProblem::Negative {
                found: "-3".into()
            }))
        );
        assert_eq!(
            parse_count(&number("-0.5")),
            Err(Problem::Structure(StructureProblem::Negative {
                found: "-0.5".into()
            }))
        );
        assert_eq!(
            parse_count(&number("12.5")),
            Err(Problem::Structure(StructureProblem::NotInteger {
                found: "12.5".into()
            }))
        );
        assert_eq!(
            parse_count(&number("1024.0")),
            Err(Problem::Structure(StructureProblem::NotInteger {
                found: "1024.0".into()
            }))
        );
    }
}
