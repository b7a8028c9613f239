//! Message times (spec §2.2: Unix epoch milliseconds) as readable local date-times.

/// Formats `millis` shifted by `offset_minutes` east of UTC as `YYYY-MM-DD HH:MM:SS`.
pub fn format_timestamp(millis: i64, offset_minutes: i64) -> String {
    let seconds = millis.div_euclid(1000) + offset_minutes * 60;
    let days = seconds.div_euclid(86_400);
    let second_of_day = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        second_of_day / 3600,
        second_of_day % 3600 / 60,
        second_of_day % 60
    )
}

/// Howard Hinnant's days-from-civil inverse: proleptic Gregorian date of a day number.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::format_timestamp;

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_timestamp(0, 0), "1970-01-01 00:00:00");
        assert_eq!(
            format_timestamp(1_780_897_800_000, 0),
            "2026-06-08 05:50:00"
        );
        assert_eq!(
            format_timestamp(1_780_897_800_000, 480),
            "2026-06-08 13:50:00"
        );
        assert_eq!(format_timestamp(-1, 0), "1969-12-31 23:59:59");
        assert_eq!(format_timestamp(951_782_400_000, 0), "2000-02-29 00:00:00");
    }
}
