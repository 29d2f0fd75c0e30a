//! `cargo fuzz run backend_diff`: see `molehill_fuzz::backend_diff`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::backend_diff(data));
