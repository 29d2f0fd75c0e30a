//! The assembler for the text language of Adobe's AGALMiniAssembler (the union of its
//! 2011-2017 versions; see `docs/agal.md`).
//!
//! ```
//! use molehill_agal::asm::{assemble, assemble_with, AsmOptions};
//! use molehill_agal::{encode, ProgramKind, Version};
//!
//! let program = assemble("m44 op, va0, vc0\nmov v0, va1", ProgramKind::Vertex, Version::V1)?;
//! assert_eq!(program.instructions.len(), 2);
//! assert_eq!(encode(&program)[..7], [0xa0, 1, 0, 0, 0, 0xa1, 0]);
//!
//! // Adobe's assembler ignores the stray `xy`; strict mode refuses it, lenient mode warns.
//! let source = "add ft0.xy, ft1,xy, fc1.zw";
//! assert!(assemble(source, ProgramKind::Fragment, Version::V1).is_err());
//! let options = AsmOptions::lenient(ProgramKind::Fragment, Version::V1);
//! let assembly = assemble_with(source, &options)?;
//! assert_eq!(assembly.warnings.len(), 1);
//! # Ok::<(), molehill_agal::asm::AsmError>(())
//! ```
//!
//! Both modes produce exactly the bytes Adobe's assembler produces for what they accept; strict
//! mode (the default) refuses what Adobe's assembler would silently skip, ignore or misread
//! (every [`Quirk`]), lenient mode reproduces Adobe's behaviour and reports each as an
//! [`AsmWarning`].

mod engine;
mod error;
mod lines;
mod operands;
mod options;
mod sampler;

pub use error::{AsmError, AsmErrorKind, AsmWarning, Quirk};
pub use options::{AsmOptions, Assembly, MAX_INSTRUCTIONS};

use crate::model::{Program, ProgramKind, Version};

/// Assembles `source` in strict mode.
pub fn assemble(source: &str, kind: ProgramKind, version: Version) -> Result<Program, AsmError> {
    assemble_with(source, &AsmOptions::new(kind, version)).map(|a| a.program)
}

/// Assembles `source` with `options`.
pub fn assemble_with(source: &str, options: &AsmOptions) -> Result<Assembly, AsmError> {
    engine::assemble(source, options)
}
