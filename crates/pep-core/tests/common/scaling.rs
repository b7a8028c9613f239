//! Linear time, judged the way a noisy shared machine allows (DECISIONS §9): the same work on
//! an input of size n and of size 4n, in the same run, alternating, the fastest of five of
//! each. A linear pass takes about 4 times as long on 4n, an n log n one a little more, a
//! quadratic one 16 times: the test asserts the ratio, never an absolute time.

use std::time::{Duration, Instant};

/// Scaling tests run one at a time, so they do not slow each other down.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The fastest of five runs of `work` on `small` and on `large`, alternating.
pub fn fastest_pair(small: &str, large: &str, work: &impl Fn(&str)) -> (Duration, Duration) {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let time = |input: &str| {
        let start = Instant::now();
        work(input);
        start.elapsed()
    };
    let (mut t1, mut t4) = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        t1 = t1.min(time(small));
        t4 = t4.min(time(large));
    }
    (t1, t4)
}

/// Asserts that `work` on `input(4 n)` takes less than `bound` times as long as on
/// `input(n)`. A floor of 2 ms on the small run keeps microseconds from deciding anything.
pub fn assert_scales(
    name: &str,
    n: usize,
    bound: u32,
    input: impl Fn(usize) -> String,
    work: impl Fn(&str),
) {
    let (small, large) = (input(n), input(4 * n));
    let (t1, t4) = fastest_pair(&small, &large, &work);
    let allowed = t1.max(Duration::from_millis(2)) * bound;
    let ratio = t4.as_secs_f64() / t1.as_secs_f64().max(1e-9);
    eprintln!("{name}: n = {n} {t1:?}, 4n {t4:?}: ×{ratio:.1}");
    assert!(
        t4 < allowed,
        "{name}: n = {n} took {t1:?}, 4n took {t4:?}: ×{ratio:.1}, more than ×{bound} (not linear)"
    );
}

/// [`assert_scales`] with the bound the older limits tests use: 12 (a quadratic pass takes 16).
pub fn assert_linear(name: &str, n: usize, input: impl Fn(usize) -> String, work: impl Fn(&str)) {
    assert_scales(name, n, 12, input, work);
}
