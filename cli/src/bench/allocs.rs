//! Heap allocations counted by the `molehill` binary's global allocator (`main.rs`), for the
//! bench's `heap allocations per draw`.

/// Heap allocations the process made so far (allocations and reallocations, every thread).
pub fn allocations() -> u64 {
    let stats = stats_alloc::INSTRUMENTED_SYSTEM.stats();
    (stats.allocations + stats.reallocations) as u64
}
