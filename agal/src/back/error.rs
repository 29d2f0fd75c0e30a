//! Why the shared pass refused a pair. Each writer turns it into its own error type
//! ([`crate::glsl::GlslError`], [`crate::wgsl::WgslError`]), variant for variant.

use crate::model::{Dimension, Opcode, ProgramKind, RegisterType, Version};

/// A pair the shared pass refuses (see the writers' error types for each variant's meaning).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ScanError {
    WrongKind {
        expected: ProgramKind,
        found: ProgramKind,
    },
    VersionMismatch {
        vertex: Version,
        fragment: Version,
    },
    UnsupportedOpcode {
        stage: ProgramKind,
        instruction: usize,
        opcode: Opcode,
    },
    BadRegister {
        stage: ProgramKind,
        instruction: usize,
        register: RegisterType,
        role: &'static str,
    },
    RegisterOutOfRange {
        stage: ProgramKind,
        instruction: usize,
        register: RegisterType,
        index: u16,
        limit: u16,
    },
    UnsupportedDimension {
        stage: ProgramKind,
        instruction: usize,
        dimension: Dimension,
    },
    InvalidMask {
        stage: ProgramKind,
        instruction: usize,
        opcode: Opcode,
    },
    UnbalancedBlock {
        stage: ProgramKind,
        instruction: usize,
    },
    VaryingNotWritten {
        index: u16,
    },
}

/// `impl From<ScanError> for $error`, for an error enum with the same variants.
macro_rules! from_scan_error {
    ($error:ty) => {
        impl From<$crate::back::ScanError> for $error {
            fn from(e: $crate::back::ScanError) -> $error {
                use $crate::back::ScanError as S;
                match e {
                    S::WrongKind { expected, found } => Self::WrongKind { expected, found },
                    S::VersionMismatch { vertex, fragment } => {
                        Self::VersionMismatch { vertex, fragment }
                    }
                    S::UnsupportedOpcode {
                        stage,
                        instruction,
                        opcode,
                    } => Self::UnsupportedOpcode {
                        stage,
                        instruction,
                        opcode,
                    },
                    S::BadRegister {
                        stage,
                        instruction,
                        register,
                        role,
                    } => Self::BadRegister {
                        stage,
                        instruction,
                        register,
                        role,
                    },
                    S::RegisterOutOfRange {
                        stage,
                        instruction,
                        register,
                        index,
                        limit,
                    } => Self::RegisterOutOfRange {
                        stage,
                        instruction,
                        register,
                        index,
                        limit,
                    },
                    S::UnsupportedDimension {
                        stage,
                        instruction,
                        dimension,
                    } => Self::UnsupportedDimension {
                        stage,
                        instruction,
                        dimension,
                    },
                    S::InvalidMask {
                        stage,
                        instruction,
                        opcode,
                    } => Self::InvalidMask {
                        stage,
                        instruction,
                        opcode,
                    },
                    S::UnbalancedBlock { stage, instruction } => {
                        Self::UnbalancedBlock { stage, instruction }
                    }
                    S::VaryingNotWritten { index } => Self::VaryingNotWritten { index },
                }
            }
        }
    };
}
pub(crate) use from_scan_error;
