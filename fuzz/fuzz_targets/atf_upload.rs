//! `cargo fuzz run atf_upload`: see `molehill_fuzz::atf_upload`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::atf_upload(data));
