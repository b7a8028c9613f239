//! ISO 8601 timestamps of log lines (`2025-06-17T12:34:56.789Z`, `…+02:00`) as milliseconds
//! since the Unix epoch (DECISIONS §11).

/// Milliseconds since the epoch of an RFC 3339 / ISO 8601 date-time, or `None` when it is not
/// one.
pub(crate) fn millis(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = text.get(range)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    if bytes.len() < 19
        || bytes[4] != b'-'
        || bytes[7] != b'-'
        || !matches!(bytes[10], b'T' | b't' | b' ')
    {
        return None;
    }
    if bytes[13] != b':' || bytes[16] != b':' {
        return None;
    }
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    let month_days = match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=12).contains(&month)
        || !(1..=month_days).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    let mut at = 19;
    let mut millis = 0;
    if bytes.get(at) == Some(&b'.') {
        let digits = bytes[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return None;
        }
        let fraction = text.get(at + 1..at + 1 + digits.min(3))?;
        millis = fraction.parse::<i64>().ok()? * 10_i64.pow(3 - digits.min(3) as u32);
        at += 1 + digits;
    }
    let offset = match text.get(at..)? {
        "Z" | "z" => 0,
        zone if matches!(zone.as_bytes().first(), Some(b'+' | b'-')) => {
            // +HH:MM, +HHMM or +HH.
            let (hours, minutes) = match zone.len() {
                6 if zone.as_bytes()[3] == b':' => {
                    (number(at + 1..at + 3)?, number(at + 4..at + 6)?)
                }
                5 => (number(at + 1..at + 3)?, number(at + 3..at + 5)?),
                3 => (number(at + 1..at + 3)?, 0),
                _ => return None,
            };
            if hours > 23 || minutes > 59 {
                return None;
            }
            let minutes = hours * 60 + minutes;
            if zone.as_bytes()[0] == b'-' {
                -minutes
            } else {
                minutes
            }
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset * 60;
    Some(seconds * 1_000 + millis)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let shifted = (month + 9) % 12;
    let day_of_year = (153 * shifted + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::millis;

    #[test]
    fn dates_become_epoch_milliseconds() {
        assert_eq!(millis("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(millis("2025-06-17T12:34:56.789Z"), Some(1_750_163_696_789));
        assert_eq!(
            millis("2025-06-17T14:34:56.789+02:00"),
            Some(1_750_163_696_789)
        );
        assert_eq!(
            millis("2025-06-17T12:34:56.7891234Z"),
            Some(1_750_163_696_789)
        );
        assert_eq!(millis("2024-02-29T00:00:00.5Z"), Some(1_709_164_800_500));
        assert_eq!(
            millis("2025-06-17T14:34:56.789+0200"),
            Some(1_750_163_696_789)
        );
        assert_eq!(
            millis("2025-06-17T10:34:56.789-02"),
            Some(1_750_163_696_789)
        );
        for bad in [
            "",
            "2025-06-17",
            "2025-13-01T00:00:00Z",
            "2025-06-17T12:34:56",
            "x025-06-17T12:34:56Z",
            "2025-06-17T12:34:56.Z",
            "2025-02-29T00:00:00Z",
            "2025-04-31T00:00:00Z",
            "2025-06-17T12:34:56+99:00",
            "2025-06-17T12:34:56+0",
        ] {
            assert_eq!(millis(bad), None, "{bad}");
        }
    }
}
