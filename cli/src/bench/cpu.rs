//! CPU time of the whole process (every thread: the player's, wgpu's, lavapipe's and
//! llvmpipe's rasteriser threads), from `/proc/self/task/*/schedstat` (nanoseconds run).
//!
//! Wall time per frame is what the goals are stated in, but on a machine shared with other
//! work it swings with the load; the CPU time the frames cost (on a software device, all of
//! the device's work too) moves far less, so the A/B report gives both.

/// Nanoseconds the process's live threads have run, `None` where `/proc` has no schedstat.
pub fn process_ns() -> Option<u64> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    let mut total = 0u64;
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("schedstat")) else {
            continue;
        };
        total += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_time_grows_with_work() {
        let Some(before) = process_ns() else {
            return; // no /proc (not Linux)
        };
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(std::hint::black_box(i));
        }
        std::hint::black_box(x);
        let after = process_ns().expect("schedstat once, schedstat again");
        assert!(after > before, "{before} -> {after}");
    }
}
