//! `cargo fuzz run texture_decoders`: see `molehill_fuzz::texture_decoders`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::texture_decoders(data));
