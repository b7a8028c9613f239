//! Linear time, judged the way a noisy shared machine allows (DECISIONS §9): the same work on
//! an input of size n and of size 4n, in the same run. A linear pass takes about 4 times as
//! long on 4n, an n log n one a little more, a quadratic one 16 times: the test asserts the
//! ratio, never an absolute time.
//!
//! What keeps the ratio far from its bound on a busy machine:
//! - **CPU time of this thread** (`CLOCK_THREAD_CPUTIME_ID`), not wall time: while another
//!   process or test holds the core, this thread's clock stands still. (Compiled to wasm and
//!   run under Node, where no CPU clock exists: `performance.now()`.)
//! - **Samples long enough to measure**: after one untimed run of each, the work is repeated
//!   until one sample on n takes at least [`SAMPLE`] of CPU, and a sample on 4n repeats it as
//!   often; [`SAMPLES`] pairs of samples alternate, and the ratio is the median of the pairs'
//!   ratios (the VM's own speed drifts; neighbours see the same machine).
//! - **Memory kept between runs** (glibc's `mallopt`): freed blocks stay in the heap, so a run
//!   does not pay the kernel for zeroing pages the run before gave back.
//! - **A control in every test**: a deliberately quadratic stand-in (the same work run once
//!   per n of input: once on n, four times on 4n) is measured the same way in the same run and
//!   must break the bound. That shows the measurement at this n sees the work grow (fixed
//!   costs and noise do not swamp it: the ratio is above bound / 4), so a pass that grew with
//!   n² would read about ×16; a test too small to show that fails instead of passing weakly.
//!
//! Each test prints its ratio beside its bound and the stand-in's, e.g.
//! `diff, one change in the middle: n = 500 ×4.3 (bound ×10; quadratic stand-in ×17.1)`.

use std::time::Duration;

/// The least CPU time one sample on n takes (the work is repeated to reach it).
const SAMPLE: Duration = Duration::from_millis(15);

/// Alternated pairs of samples of n and 4n; the median of their ratios counts.
const SAMPLES: usize = 5;

/// Pairs of samples of the quadratic stand-in: the median of 5, as for the work itself (with
/// 3, one run in 5 read ×10.5 for a ×16).
const CONTROL_SAMPLES: usize = 5;

/// The CPU time this thread has used so far (user and system, the kernel's zeroing of fresh
/// pages among it).
#[cfg(not(target_arch = "wasm32"))]
fn clock() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to write; the clock id is a constant
    // every Linux and macOS kernel knows.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or_default(),
        u32::try_from(now.tv_nsec).unwrap_or_default(),
    )
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// In wasm (Node, one thread): `performance.now()`, the wall clock; there is no CPU clock, and
/// the median ratio of neighbouring samples stands for the undisturbed one.
#[cfg(target_arch = "wasm32")]
fn clock() -> Duration {
    Duration::from_secs_f64(performance_now().max(0.0) / 1000.0)
}

/// Tells glibc's malloc to keep what is freed (no `mmap` per large block, no trimming of the
/// heap): otherwise every run faults its large buffers in again and the kernel zeroes them
/// anew, a cost that depends on where the allocator's thresholds fall for n and for 4n, not
/// on the code measured.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: mallopt only sets two of malloc's tuning parameters, before the
            // measured runs; any value is valid for both.
            unsafe {
                libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 30);
                libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
            }
        });
    }
}

/// The CPU time of `runs` runs of `work` on `input`.
fn measure(input: &str, runs: usize, work: &impl Fn(&str)) -> Duration {
    let start = clock();
    for _ in 0..runs {
        work(input);
    }
    clock().saturating_sub(start)
}

/// How many runs of `work` on `small` make one sample of at least [`SAMPLE`].
fn runs_per_sample(small: &str, work: &impl Fn(&str)) -> usize {
    let mut runs = 1;
    loop {
        // The faster of two, so that one disturbed run does not set the count too low.
        let took = measure(small, runs, work).min(measure(small, runs, work));
        if took >= SAMPLE || runs >= 1 << 16 {
            return runs;
        }
        // Aim a little past the target from what this sample took.
        let per_run = took.as_secs_f64().max(1e-7) / runs as f64;
        let wanted = (SAMPLE.as_secs_f64() * 1.2 / per_run).ceil() as usize;
        runs = wanted.clamp(runs + 1, runs * 16);
    }
}

/// `samples` alternated samples of `work` on `small` and on `large`, `runs` runs each: the
/// fastest of each, and the median of the ratios of neighbouring samples. A VM's speed drifts
/// (twice as fast for a while, then not): two neighbours see the same machine, where the
/// fastest of each side may come from different moments.
fn paired_ratio(
    small: &str,
    large: &str,
    samples: usize,
    runs: (usize, usize),
    work: &impl Fn(&str),
) -> (Duration, Duration, f64) {
    let (mut t1, mut t4) = (Duration::MAX, Duration::MAX);
    let mut ratios = Vec::with_capacity(samples);
    for _ in 0..samples {
        let (one, four) = (measure(small, runs.0, work), measure(large, runs.1, work));
        ratios.push(four.as_secs_f64() / one.as_secs_f64().max(1e-9));
        t1 = t1.min(one);
        t4 = t4.min(four);
    }
    ratios.sort_by(f64::total_cmp);
    (t1, t4, ratios[ratios.len() / 2])
}

/// What one scaling test measured.
#[derive(Debug, Clone, Copy)]
struct Scaling {
    /// CPU time of the fastest sample on n and on 4n (the same number of runs).
    small: Duration,
    /// See [`Scaling::small`].
    large: Duration,
    /// The median of the ratios of neighbouring samples, 4n against n.
    ratio: f64,
    /// The quadratic stand-in's ratio, measured the same way.
    control: f64,
}

/// Measures `work` on `input(n)` and `input(4 n)`, and the quadratic stand-in beside it.
fn measure_scaling(n: usize, input: impl Fn(usize) -> String, work: impl Fn(&str)) -> Scaling {
    // Scaling tests of one binary run side by side (one per core, cargo's test threads): each
    // reads its own thread's CPU clock, which stands still while the other holds the core, and
    // alternated pairs see the same neighbours. One at a time, they took twice as long.
    keep_freed_memory();
    let (small, large) = (input(n), input(4 * n));
    // Once each untimed: the first run pays for what later runs reuse (the allocator's heap,
    // lazily built tables), and the calibration must see a steady run.
    work(&small);
    work(&large);
    let runs = runs_per_sample(&small, &work);
    let (t1, t4, ratio) = paired_ratio(&small, &large, SAMPLES, (runs, runs), &work);
    // Once per n of input: `runs` times on n, 4 × `runs` times on 4n.
    let (_, _, control) = paired_ratio(&small, &large, CONTROL_SAMPLES, (runs, 4 * runs), &work);
    Scaling {
        small: t1,
        large: t4,
        ratio,
        control,
    }
}

/// Asserts that `work` on `input(4 n)` takes less than `bound` times as long as on
/// `input(n)`, and that a quadratic stand-in of it does not (see the module docs).
pub fn assert_scales(
    name: &str,
    n: usize,
    bound: u32,
    input: impl Fn(usize) -> String,
    work: impl Fn(&str),
) {
    let found = measure_scaling(n, input, work);
    let Scaling {
        small,
        large,
        ratio,
        control,
    } = found;
    let bound = f64::from(bound);
    let line = format!(
        "{name}: n = {n} ×{ratio:.1} (bound ×{bound}; quadratic stand-in ×{control:.1}) \
         [per sample: n {small:.1?}, 4n {large:.1?}]"
    );
    eprintln!("{line}");
    report(&line);
    assert!(
        ratio < bound,
        "{name}: n took {small:?}, 4n took {large:?} of CPU: ×{ratio:.1}, more than ×{bound} \
         (not linear)"
    );
    assert!(
        control > bound,
        "{name}: a quadratic stand-in measured only ×{control:.1}, not above ×{bound}: this \
         measurement cannot tell linear from quadratic (make n larger)"
    );
}

/// Appends `line` to the file `PEP_SCALING_LOG` names, when it is set: the test command
/// prints every ratio beside its bound that way (cargo hides a passing test's output). In
/// wasm, prints it on the runner's console.
fn report(line: &str) {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = std::env::var_os("PEP_SCALING_LOG") {
        use std::io::Write;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path);
        if let Ok(mut file) = file {
            let _ = writeln!(file, "{line}");
        }
    }
    // wasm32-unknown-unknown has no standard error: the test runner's console it is.
    #[cfg(target_arch = "wasm32")]
    wasm_bindgen_test::console_log!("{line}");
}

/// [`assert_scales`] with the bound of the limits tests: 10, between linear (4) and quadratic
/// (16), so that a linear pass stays below 7 and the stand-in above 10.
pub fn assert_linear(name: &str, n: usize, input: impl Fn(usize) -> String, work: impl Fn(&str)) {
    assert_scales(name, n, 10, input, work);
}
