//! The Context3D state machine: everything a Flash program can do with `Context3D`, checked the
//! way Flash Player checks it, with no GL in sight. What is left once the checks pass goes to a
//! [`Backend`].
#![forbid(unsafe_code)]

pub mod backend;

pub use backend::*;
