//! Human-readable file sizes for exported documents (DECISIONS §3).

/// `N B` below 1024 bytes, else KB / MB / GB / TB (base 1024) with exactly one decimal, as
/// Rust's `{:.1}` prints it: 1024 → `1.0 KB`, 2845000 → `2.7 MB`, 1048575 → `1024.0 KB`.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [(&str, u64); 4] = [
        ("TB", 1 << 40),
        ("GB", 1 << 30),
        ("MB", 1 << 20),
        ("KB", 1 << 10),
    ];
    for (unit, threshold) in UNITS {
        if bytes >= threshold {
            return format!("{:.1} {unit}", bytes as f64 / threshold as f64);
        }
    }
    format!("{bytes} B")
}

#[cfg(test)]
mod tests {
    use super::human_size;

    #[test]
    fn thresholds_and_rounding() {
        let cases = [
            (0, "0 B"),
            (1, "1 B"),
            (1023, "1023 B"),
            (1024, "1.0 KB"),
            (1536, "1.5 KB"),
            (1_048_575, "1024.0 KB"),
            (1_048_576, "1.0 MB"),
            (2_845_000, "2.7 MB"),
            (1_073_741_824, "1.0 GB"),
            (1_099_511_627_776, "1.0 TB"),
            (5_629_499_534_213_120, "5120.0 TB"),
        ];
        for (bytes, expected) in cases {
            assert_eq!(human_size(bytes), expected, "{bytes} bytes");
        }
    }
}
