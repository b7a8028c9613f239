//! Human-readable file sizes for exported documents (DECISIONS §3).

/// `N B` below 1024 bytes, else KB / MB / GB / TB (base 1024) with exactly one decimal, as
/// Rust's `{:.1}` prints it: 1024 → `1.0 KB`, 2845000 → `2.7 MB`, 1048575 → `1024.0 KB`.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [(&str, u32); 4] = [("TB", 40), ("GB", 30), ("MB", 20), ("KB", 10)];
    for (unit, shift) in UNITS {
        if bytes >> shift != 0 {
            return format!("{} {unit}", one_decimal(bytes, shift));
        }
    }
    format!("{bytes} B")
}

/// `bytes / 2^shift` with one decimal, exactly as `{:.1}` prints the `f64` quotient, but in
/// integers: float formatting would add about 6 KB gzip to the browser app (README "Size
/// budget"). The quotient of the `f64` is exact (a power-of-two divisor), and `{:.1}` rounds its
/// exact value to nearest, ties to even.
fn one_decimal(bytes: u64, shift: u32) -> String {
    // The integer `bytes as f64` holds (rounded to 53 significant bits above 2^53).
    let value = round_to_f64(u128::from(bytes));
    let scaled = value * 10;
    let mut tenths = scaled >> shift;
    let rest = scaled & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && tenths & 1 == 1) {
        tenths += 1;
    }
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `n` rounded to the nearest value an `f64` holds (53 significant bits, ties to even), as
/// `n as f64` rounds it.
fn round_to_f64(n: u128) -> u128 {
    let bits = 128 - n.leading_zeros();
    if bits <= 53 {
        return n;
    }
    let drop = bits - 53;
    let kept = n >> drop;
    let rest = n & ((1 << drop) - 1);
    let half = 1 << (drop - 1);
    let kept = if rest > half || (rest == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    };
    kept << drop
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

    /// The integer rounding is the `{:.1}` of the `f64` quotient it replaces, ties included.
    #[test]
    fn same_as_float_formatting() {
        let float = |bytes: u64| {
            for (unit, threshold) in [("TB", 1u64 << 40), ("GB", 1 << 30), ("MB", 1 << 20)] {
                if bytes >= threshold {
                    return format!("{:.1} {unit}", bytes as f64 / threshold as f64);
                }
            }
            if bytes >= 1024 {
                return format!("{:.1} KB", bytes as f64 / 1024.0);
            }
            format!("{bytes} B")
        };
        let mut cases: Vec<u64> = (0..200_000).collect();
        for shift in [10, 20, 30, 40] {
            for k in 1..=64_u64 {
                // Ties (x.x5 exactly), their neighbours, and the unit boundaries.
                let tie = (k * 2 + 1) * (1 << shift) / 20;
                cases.extend([tie.saturating_sub(1), tie, tie + 1, (1 << shift) - 1 + k]);
                cases.push((1 << shift) * k * 1000 + (1 << shift) / 20);
            }
        }
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            // xorshift: sizes of every magnitude up to u64::MAX.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cases.push(x >> (x % 64));
        }
        cases.extend([
            u64::MAX,
            u64::MAX - 1,
            (1 << 53) + 1,
            (1 << 54) + 3,
            (1 << 63) + 1025,
        ]);
        for bytes in cases {
            assert_eq!(human_size(bytes), float(bytes), "{bytes} bytes");
        }
    }
}
