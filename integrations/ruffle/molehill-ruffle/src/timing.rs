//! How long the Stage3D work of each frame takes on the VM's thread: wall time, and the
//! thread's own CPU time (`CLOCK_THREAD_CPUTIME_ID`), which leaves out the time the thread
//! sleeps waiting for a rasteriser's threads (llvmpipe, lavapipe) or a GPU.
//!
//! Ruffle's side wraps each Stage3D call in a [`CallTimer`] ([`CallTimer::record_call`]) and the
//! upload of each [`FrameRgba`](crate::FrameRgba) into its bitmap ([`CallTimer::record_upload`]);
//! [`present`](crate::present) times the read-back itself. One line per
//! frame goes to the log (target `stage3d_timing`, debug level):
//!
//! ```text
//! stage3d frame: 14 calls 0.140 ms (0.131 ms CPU), present 3.104 ms (0.912 ms CPU), together 3.244 ms (1.043 ms CPU)
//! ```
//!
//! where `present` is the whole hand-off: reading the back buffer (as RGBA bytes) and uploading
//! it into Ruffle's bitmap. `integrations/ruffle/tools/own-stage3d-timing.patch` writes the
//! same line for Ruffle's own Stage3D, and `tools/stage3d_timing.py` summarises either.
//!
//! The clocks are read only while that log is on (`RUST_LOG=stage3d_timing=debug`): otherwise a
//! [`CallTimer`] is inert, and a call costs no clock read (the thread's CPU clock is a system
//! call) beyond what Ruffle's own natives do.

use std::cell::Cell;
use std::time::Instant;

/// Time spent on one piece of work, on the thread that did it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spent {
    /// Wall-clock nanoseconds.
    pub wall_ns: u64,
    /// The thread's CPU nanoseconds; 0 where the platform has no per-thread CPU clock.
    pub cpu_ns: u64,
}

impl Spent {
    fn plus(self, other: Spent) -> Spent {
        Spent {
            wall_ns: self.wall_ns + other.wall_ns,
            cpu_ns: self.cpu_ns + other.cpu_ns,
        }
    }

    fn describe(self) -> String {
        format!(
            "{:.3} ms ({:.3} ms CPU)",
            self.wall_ns as f64 / 1e6,
            self.cpu_ns as f64 / 1e6
        )
    }
}

/// The calling thread's CPU time in nanoseconds, where the platform has a per-thread clock.
fn thread_cpu_ns() -> Option<u64> {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Some(t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Whether the per-frame timing line is logged (target `stage3d_timing`, debug level): a
/// check of the logger's level, no clock read.
pub fn timing_enabled() -> bool {
    log::log_enabled!(target: "stage3d_timing", log::Level::Debug)
}

/// Both clocks at the start of a piece of Stage3D work, or nothing while the timing log is off.
#[derive(Debug)]
pub struct CallTimer(Option<Clocks>);

#[derive(Debug)]
struct Clocks {
    wall: Instant,
    cpu_ns: Option<u64>,
}

impl CallTimer {
    /// While the timing log is on ([`timing_enabled`]), reads both clocks now: the wall clock
    /// first, so that the wall-clock span encloses the CPU-clock span as in
    /// `tools/own-stage3d-timing.patch` and both builds count the reads of the CPU clock (a
    /// system call) alike. Otherwise reads none.
    pub fn start() -> CallTimer {
        if timing_enabled() {
            CallTimer::reading()
        } else {
            CallTimer(None)
        }
    }

    /// A timer that reads the clocks whatever the log says.
    fn reading() -> CallTimer {
        let wall = Instant::now();
        CallTimer(Some(Clocks {
            cpu_ns: thread_cpu_ns(),
            wall,
        }))
    }

    /// Whether this timer read the clocks.
    pub fn is_timing(&self) -> bool {
        self.0.is_some()
    }

    /// What was spent since [`start`](CallTimer::start) (nothing for an inert timer).
    pub fn stop(self) -> Spent {
        let Some(clocks) = self.0 else {
            return Spent::default();
        };
        let cpu_ns = match (clocks.cpu_ns, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => 0,
        };
        let wall_ns = clocks.wall.elapsed().as_nanos() as u64;
        Spent { wall_ns, cpu_ns }
    }

    /// Ends the timing of one Stage3D call (any but `present`): summed into this frame's, and
    /// counted in [`call_counts`](crate::call_counts) whether the timing log is on or not.
    pub fn record_call(self) {
        crate::count_call();
        if !self.is_timing() {
            return;
        }
        let spent = self.stop();
        FRAME.with(|f| {
            f.calls.set(f.calls.get() + 1);
            f.in_calls.set(f.in_calls.get().plus(spent));
        });
    }

    /// Ends the timing of uploading a presented [`FrameRgba`](crate::FrameRgba) into Ruffle's
    /// bitmap: the frame's line is logged.
    pub fn record_upload(self) {
        if !self.is_timing() {
            return;
        }
        let spent = self.stop();
        log::debug!("frame upload into Ruffle's bitmap {}", spent.describe());
        FRAME.with(|f| f.end(spent));
    }
}

/// This frame's work so far on this thread.
struct FrameWork {
    calls: Cell<u64>,
    in_calls: Cell<Spent>,
    /// `present`: the read-back and (once recorded) the upload.
    in_present: Cell<Spent>,
}

impl FrameWork {
    /// The frame's last piece of `present`: its line is logged and the next frame starts.
    fn end(&self, last: Spent) {
        self.in_present.set(self.in_present.get().plus(last));
        self.log_and_reset();
    }

    fn log_and_reset(&self) {
        let calls = self.calls.replace(0);
        let in_calls = self.in_calls.take();
        let in_present = self.in_present.take();
        log::debug!(
            target: "stage3d_timing",
            "stage3d frame: {calls} calls {}, present {}, together {}",
            in_calls.describe(),
            in_present.describe(),
            in_calls.plus(in_present).describe()
        );
    }
}

thread_local! {
    static FRAME: FrameWork = const {
        FrameWork {
            calls: Cell::new(0),
            in_calls: Cell::new(Spent { wall_ns: 0, cpu_ns: 0 }),
            in_present: Cell::new(Spent { wall_ns: 0, cpu_ns: 0 }),
        }
    };
}

/// A `present` that gave no picture: the frame ends here.
pub(crate) fn frame_without_picture(present: Spent) {
    FRAME.with(|f| f.end(present));
}

/// A `present` that gave a picture, read back in `read`; the frame ends when Ruffle records
/// the upload.
pub(crate) fn presented(read: Spent) {
    log::debug!("present: read back and present {}", read.describe());
    FRAME.with(|f| f.in_present.set(f.in_present.get().plus(read)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_cpu_clock_is_there_and_never_goes_back() {
        // What the clock measures (work, not sleep) is the kernel's; here only that it is
        // read at all where the timing log promises it, and read consistently.
        let a = thread_cpu_ns();
        assert_eq!(a.is_some(), cfg!(unix));
        let b = thread_cpu_ns();
        assert!(b >= a, "{a:?} then {b:?}");
    }

    #[test]
    fn without_the_timing_log_a_timer_reads_no_clock() {
        // No logger is installed in this test binary, so the timing log is off.
        assert!(!timing_enabled());
        let timer = CallTimer::start();
        assert!(!timer.is_timing());
        assert_eq!(timer.stop(), Spent::default());
        assert!(CallTimer::reading().is_timing());
    }

    #[test]
    fn a_frame_sums_its_calls_and_its_hand_off() {
        FRAME.with(|f| {
            f.calls.set(0);
            f.in_calls.take();
            f.in_present.take();
        });
        CallTimer::reading().record_call();
        CallTimer::reading().record_call();
        presented(Spent {
            wall_ns: 8,
            cpu_ns: 5,
        });
        FRAME.with(|f| {
            assert_eq!(f.calls.get(), 2);
            assert!(f.in_present.get().wall_ns >= 8);
        });
        CallTimer::reading().record_upload();
        FRAME.with(|f| {
            assert_eq!(f.calls.get(), 0);
            assert_eq!(f.in_present.get(), Spent::default());
        });
    }
}
