//! What the assembler is asked ([`AsmOptions`]) and what it gives back ([`Assembly`]), and its
//! one limit.

use super::error::AsmWarning;
use crate::model::{Program, ProgramKind, Version};

/// The most instructions a program may have (Adobe's `MAX_OPCODES`).
pub const MAX_INSTRUCTIONS: usize = 4096;

/// What to assemble and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct AsmOptions {
    /// Vertex or fragment program.
    pub kind: ProgramKind,
    /// The AGAL version: the header's, and which opcodes and register numbers are allowed.
    pub version: Version,
    /// `false` (strict, the default): refuse every [`Quirk`](super::Quirk). `true`: do what Adobe's
    /// assembler does, with a warning for each.
    pub lenient: bool,
}

impl AsmOptions {
    /// Strict options for `kind` and `version`.
    pub fn new(kind: ProgramKind, version: Version) -> AsmOptions {
        AsmOptions {
            kind,
            version,
            lenient: false,
        }
    }

    /// Lenient options for `kind` and `version`: Adobe's quirks reproduced, each a warning.
    pub fn lenient(kind: ProgramKind, version: Version) -> AsmOptions {
        AsmOptions {
            lenient: true,
            ..AsmOptions::new(kind, version)
        }
    }
}

/// An assembled program and what was noticed on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assembly {
    /// The program.
    pub program: Program,
    /// Quirks accepted (lenient mode) and sampler options inherited from an earlier line
    /// (both modes), in source order.
    pub warnings: Vec<AsmWarning>,
}
