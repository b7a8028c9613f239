//! The allocator: mimalloc, told to keep the memory it has instead of handing it back to the
//! operating system while `pep` runs.
//!
//! Decoding makes and drops a small JSON tree per message. With mimalloc's default purge
//! delay (10 ms) the freed pages went back to the kernel (`madvise`) during the run, and the
//! next allocations faulted them in again, each page zeroed anew by the kernel: on the
//! benchmark's 10 MiB envelope, 46 MiB purged and re-zeroed for a 45 MiB peak, most of
//! `pep export`'s system time. `pep` is a short-lived process, so the memory it would give
//! back is returned at exit anyway: purging only costs. The peak stays the same.

/// The system allocator's malloc and free were a third of `pep export`'s time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` of the mimalloc the locked libmimalloc-sys builds (its v3
/// `mimalloc.h`, `mi_option_e`: the 16th option). The Rust bindings name no constant for it.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Never purge (-1): call first thing in `main`, before the decoder allocates.
pub fn keep_memory() {
    // SAFETY: `mi_option_set` only stores the option's value; any value is valid for
    // `purge_delay` (-1 means never), and it is set before any purge is scheduled.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, -1) };
}
