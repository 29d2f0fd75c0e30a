//! `cargo fuzz run jpegxr`: see `molehill_fuzz::jpegxr`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::jpegxr(data));
