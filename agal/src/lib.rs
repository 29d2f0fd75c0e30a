//! AGAL, the Adobe Graphics Assembly Language of Stage3D: one typed instruction model, shared
//! by the decoder, encoder, assembler, disassembler, validator, linker and GLSL writer.
//!
//! - [`model`]: the instruction model ([`Program`], [`Instruction`], [`Operands`], ...).
//! - [`bytecode`]: bytes to model ([`decode`]) and back ([`encode`]).
//! - [`flash`]: Flash Player's error IDs and messages, the one table of them.
#![forbid(unsafe_code)]

pub mod bytecode;
pub mod flash;
pub mod model;

pub use bytecode::{decode, encode, DecodeError, DecodeErrorKind};
pub use model::*;
