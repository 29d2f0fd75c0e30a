//! Why a pair could not be translated: one error type for both writers, returned by the
//! shared scan and link ([`super::linked::Linked`]) and by each writer
//! ([`crate::glsl::GlslError`] and [`crate::wgsl::WgslError`] are names of it).
//!
//! The writers expect programs that passed `molehill_agal::valid` (Flash's upload and link
//! checks); they still check what they rely on and report a typed error instead of writing a
//! broken shader or panicking.

use thiserror::Error;

use super::feature::Feature;
use super::glsl::dialect::Dialect;
use crate::model::{Dimension, Opcode, ProgramKind, RegisterType, Version};

/// A translation failure, to GLSL or to WGSL. Every variant but `MissingFeature` comes from
/// the shared scan and link, so both writers refuse the same pairs the same way;
/// `MissingFeature` is only the GLSL writer's (WGSL has every feature AGAL needs).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TranslateError {
    /// The GLSL dialect cannot express something the program uses (e.g. `fd` in GLSL ES 1.00
    /// without extensions, MRT in GLSL ES 1.00). Never returned by the WGSL writer.
    #[error("{stage} program, instruction {instruction}: {dialect} cannot express {feature}")]
    MissingFeature {
        /// The dialect asked for.
        dialect: Dialect,
        /// What it lacks.
        feature: Feature,
        /// The program that needs it.
        stage: ProgramKind,
        /// The first instruction (0-based token index) that needs it.
        instruction: usize,
    },
    /// The `vertex` argument is a fragment program or the other way round.
    #[error("expected a {expected} program, got a {found} program")]
    WrongKind {
        /// The kind the argument must have.
        expected: ProgramKind,
        /// The kind it has.
        found: ProgramKind,
    },
    /// Vertex and fragment programs of different AGAL versions (Flash error #3757).
    #[error("vertex program is AGAL {vertex}, fragment program is AGAL {fragment}")]
    VersionMismatch {
        /// Vertex program version.
        vertex: Version,
        /// Fragment program version.
        fragment: Version,
    },
    /// An opcode the writers do not translate (`tld`), or one not allowed in the stage.
    #[error("{stage} program, instruction {instruction}: opcode {opcode} is not supported here")]
    UnsupportedOpcode {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index.
        instruction: usize,
        /// The opcode.
        opcode: Opcode,
    },
    /// A register type used where the stage cannot read or write it (e.g. reading `op`).
    #[error("{stage} program, instruction {instruction}: register type {register:?} cannot be used as {role}")]
    BadRegister {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index.
        instruction: usize,
        /// The register type.
        register: RegisterType,
        /// `"destination"` or `"source"` (or `"index"` for a relative index register).
        role: &'static str,
    },
    /// A register number beyond what the program's AGAL version allows.
    #[error("{stage} program, instruction {instruction}: register {register:?} {index} is out of range (limit {limit})")]
    RegisterOutOfRange {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index.
        instruction: usize,
        /// The register type.
        register: RegisterType,
        /// The number used.
        index: u16,
        /// How many registers of the type exist.
        limit: u16,
    },
    /// A sampler dimension that neither GLSL ES nor WebGPU samples here (`3d`, Flash error
    /// #3664).
    #[error("{stage} program, instruction {instruction}: sampler dimension {dimension:?} is not supported")]
    UnsupportedDimension {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index.
        instruction: usize,
        /// The dimension.
        dimension: Dimension,
    },
    /// A write mask the opcode cannot produce: `w` for a three-component result (`nrm`, `crs`,
    /// `m33`, `m34`; Flash error #3628).
    #[error("{stage} program, instruction {instruction}: opcode {opcode} cannot write w")]
    InvalidMask {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index.
        instruction: usize,
        /// The opcode.
        opcode: Opcode,
    },
    /// `els`/`eif` without an open `if`, or an `if` never closed.
    #[error("{stage} program, instruction {instruction}: unbalanced conditional block")]
    UnbalancedBlock {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index (the program length for an unclosed block).
        instruction: usize,
    },
    /// The fragment program reads a varying that the vertex program never writes (Flash #3632).
    #[error("fragment program reads varying v{index}, which the vertex program never writes")]
    VaryingNotWritten {
        /// The varying register.
        index: u16,
    },
}
