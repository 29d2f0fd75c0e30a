//! The WGSL writer (stub: the API and the binding contract; the writer follows).

use thiserror::Error;

use super::{Options, Reflection, Shaders};
use crate::model::{Dimension, Opcode, Program, ProgramKind, RegisterType, Version};

/// A translation failure. The writer expects programs that passed `agal::valid`; it still
/// checks what it relies on and reports a typed error instead of writing broken WGSL or
/// panicking. The variants are those of [`crate::glsl::GlslError`] less `MissingFeature`
/// (WGSL has every feature AGAL needs).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WgslError {
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
    /// An opcode this writer does not translate (`tld`), or one not allowed in the stage.
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
    /// A sampler dimension WebGPU cannot sample here (`3d`, Flash error #3664).
    #[error("{stage} program, instruction {instruction}: sampler dimension {dimension:?} is not supported")]
    UnsupportedDimension {
        /// The program.
        stage: ProgramKind,
        /// 0-based token index.
        instruction: usize,
        /// The dimension.
        dimension: Dimension,
    },
    /// A write mask the opcode cannot produce: `w` for a three-component result (#3628).
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

/// The per-draw values of the `draw` uniform (binding [`super::DRAW_BINDING`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Draw {
    /// The scissor rectangle `[x0, y0, x1, y1]` in framebuffer pixels (origin top-left), or
    /// `None` when scissoring is off.
    pub scissor: Option<[f32; 4]>,
}

impl Draw {
    /// The 32 bytes of the uniform struct ([`super::DRAW_SIZE`]), little-endian.
    pub fn to_bytes(&self) -> [u8; super::DRAW_SIZE as usize] {
        let mut out = [0u8; super::DRAW_SIZE as usize];
        if let Some(rect) = self.scissor {
            for (k, v) in rect.iter().enumerate() {
                out[4 * k..4 * k + 4].copy_from_slice(&v.to_le_bytes());
            }
            out[16..20].copy_from_slice(&1u32.to_le_bytes());
        }
        out
    }
}

/// Translates vertex+fragment pairs with one set of [`Options`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Writer {
    options: Options,
}

impl Writer {
    /// A writer for `options`.
    pub fn new(options: Options) -> Writer {
        Writer { options }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Translates a pair. See [`translate`](super::translate).
    pub fn write(&self, _vertex: &Program, _fragment: &Program) -> Result<Shaders, WgslError> {
        // Stub until the writer lands: an empty pair.
        Ok(Shaders {
            vertex: String::new(),
            fragment: String::new(),
            reflection: Reflection {
                attributes: Vec::new(),
                vertex_constants: crate::back::ConstantFile {
                    name: "vc",
                    size: 0,
                    used: Vec::new(),
                    relative: false,
                },
                fragment_constants: crate::back::ConstantFile {
                    name: "fc",
                    size: 0,
                    used: Vec::new(),
                    relative: false,
                },
                samplers: Vec::new(),
                varyings: Vec::new(),
                dropped_varyings: Vec::new(),
                color_outputs: Vec::new(),
                depth_written: false,
                kills: false,
            },
        })
    }
}
