//! What a Flash VM calls.
#![forbid(unsafe_code)]
