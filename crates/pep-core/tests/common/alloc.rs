//! A per-thread peak-memory counter for the linearity tests (DECISIONS §9). A test binary
//! that uses it installs it: `#[global_allocator] static A: Counting = Counting;`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting what each thread has allocated and its peak.
pub struct Counting;

thread_local! {
    static CURRENT: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator; the counters are const-initialised thread locals,
// which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = CURRENT.try_with(|current| {
            let now = current.get() + layout.size();
            current.set(now);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
        });
        // SAFETY: same layout, as the caller promised.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ =
            CURRENT.try_with(|current| current.set(current.get().saturating_sub(layout.size())));
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// The most bytes allocated at once (above what was live before) while `work` ran, on this
/// thread.
pub fn peak_bytes<T>(work: impl FnOnce() -> T) -> usize {
    let base = CURRENT.with(Cell::get);
    PEAK.with(|peak| peak.set(base));
    let result = work();
    let peak = PEAK.with(Cell::get);
    drop(result);
    peak - base
}
