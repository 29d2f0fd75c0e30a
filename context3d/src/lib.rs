//! The Context3D state machine.
#![forbid(unsafe_code)]
