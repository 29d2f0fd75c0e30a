//! `cargo fuzz run trace_replay`: see `molehill_fuzz::trace_replay`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::trace_replay(data));
