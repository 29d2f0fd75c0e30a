//! `cargo fuzz run api_sequence`: see `molehill_fuzz::api_sequence`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::api_sequence(data));
