//! AGAL, the Adobe Graphics Assembly Language of Stage3D: one typed instruction model, shared
//! by the decoder, encoder, assembler, disassembler, validator, linker and GLSL writer.
//!
//! - [`model`]: the instruction model ([`Program`], [`Instruction`], [`Operands`], ...).
//! - [`bytecode`]: bytes to model ([`decode`]) and back ([`encode`]).
//! - [`asm`] and [`disasm`]: text to model and back.
//! - [`profile`]: Context3D profiles and per-version limits.
//! - [`valid`]: Flash Player's upload and link validation.
//! - [`back`]: the shader writers and what they share: the scan and link of a pair, names, the
//!   expression emitter, one error type ([`back::TranslateError`]), reflection types.
//! - [`glsl`] (= `back::glsl`): the GLSL writer.
//! - [`wgsl`] (= `back::wgsl`): the WGSL writer (WebGPU, `molehill-wgpu`).
//! - [`flash`]: Flash Player's error IDs and messages, the one table of them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod asm;
pub mod back;
pub mod bytecode;
pub mod disasm;
pub mod flash;
pub mod model;
pub mod profile;
pub mod valid;

pub use back::{glsl, wgsl};
pub use bytecode::{decode, encode, DecodeError, DecodeErrorKind};
pub use model::*;

/// The README's examples, compiled as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
