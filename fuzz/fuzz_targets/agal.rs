//! `cargo fuzz run agal`: see `molehill_fuzz::agal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::agal(data));
