//! Unit tests of every Context3D call against the recording backend: a correct use, each error
//! with its exact (class, ID, message), and the backend calls each sequence produces.

mod atf_adobe;
mod atf_jpegxr;
mod buffers;
mod common;
mod context;
mod draw;
mod draw_alternating;
mod forward;
mod fuzz;
mod memory;
mod programs;
mod recording;
mod state;
mod textures;
