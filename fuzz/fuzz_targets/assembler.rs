//! `cargo fuzz run assembler`: see `molehill_fuzz::assembler`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molehill_fuzz::assembler(data));
