//! A context of ours dropped while current is released first: EGL keeps a destroyed context
//! current, and the next backend made on the thread took it for the host's and failed to make
//! it current again after each call ("making the host's context current again failed (EGL
//! 0x3006)": 172 such lines in one Ruffle run). Its own binary, not a module of `tests/api`: it
//! installs the process's one logger to count those lines, and in a shared binary the other
//! tests' backends, on their threads at the same time, would log into that count.

use std::sync::atomic::{AtomicUsize, Ordering};

use molehill_context3d::{BackBufferConfig, Backend, Clear, ClearMask};
use molehill_gl::{ContextOptions, GlBackend};

static FAILED_RESTORES: AtomicUsize = AtomicUsize::new(0);

struct Counter;

impl log::Log for Counter {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }
    fn log(&self, record: &log::Record<'_>) {
        if record.level() <= log::Level::Warn && record.args().to_string().contains("EGL 0x") {
            FAILED_RESTORES.fetch_add(1, Ordering::SeqCst);
        }
    }
    fn flush(&self) {}
}

#[test]
fn backends_made_one_after_another_on_a_thread_restore_no_dead_context() {
    log::set_logger(&Counter).expect("the only logger of this binary");
    log::set_max_level(log::LevelFilter::Warn);
    for _ in 0..3 {
        let mut b = GlBackend::headless(&ContextOptions::default()).expect("headless GL");
        b.configure_back_buffer(&BackBufferConfig {
            width: 8,
            height: 8,
            anti_alias: 0,
            depth_and_stencil: false,
        })
        .expect("back buffer");
        b.clear(&Clear {
            color: [0.0, 0.0, 0.0, 1.0],
            depth: 1.0,
            stencil: 0,
            mask: ClearMask {
                color: true,
                depth: false,
                stencil: false,
            },
        });
        b.present().expect("present");
    }
    assert_eq!(
        FAILED_RESTORES.load(Ordering::SeqCst),
        0,
        "EGL errors logged"
    );
}
