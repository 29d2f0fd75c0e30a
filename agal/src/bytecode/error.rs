//! Typed decode errors, carrying what Flash Player reports: the check that failed, the token
//! and the operand. `crate::valid` maps them to Flash's error IDs and messages.

use std::fmt;

/// Which operand of a token an error is about (`%2` of Flash's messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OperandPosition {
    /// The destination.
    Destination,
    /// Source 1.
    Source1,
    /// Source 2, or the sampler operand of a texture instruction.
    Source2,
}

impl OperandPosition {
    /// Flash's wording: `"destination operand"`, `"source operand 1"`, `"source operand 2"`.
    pub fn flash_name(self) -> &'static str {
        match self {
            OperandPosition::Destination => "destination operand",
            OperandPosition::Source1 => "source operand 1",
            OperandPosition::Source2 => "source operand 2",
        }
    }
}

impl fmt::Display for OperandPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.flash_name())
    }
}

/// What was wrong with the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// No bytes at all (Flash: ArgumentError #3615 with an empty program type).
    Empty,
    /// Fewer bytes than a header and one token, 31 (Flash #3615).
    TooShort {
        /// The length.
        len: usize,
    },
    /// First byte is not 0xA0 (#3616).
    BadMagic {
        /// The byte found.
        found: u8,
    },
    /// Version field not 1, 2 or 3 (#3617).
    BadVersion {
        /// The version found.
        found: u32,
    },
    /// Sixth byte is not 0xA1 (#3618).
    BadShaderTypeTag {
        /// The byte found.
        found: u8,
    },
    /// Program type byte neither 0 nor 1 (#3619).
    BadProgramType {
        /// The byte found.
        found: u8,
    },
    /// The bytes after the header are not a whole number of 24-byte tokens; `extra` bytes of
    /// a last, partial token remain.
    PartialToken {
        /// Bytes left over.
        extra: usize,
    },
    /// Opcode value no AGAL version defines (#3620).
    InvalidOpcode {
        /// The value.
        code: u32,
    },
    /// Destination of an opcode without one is not all zero (#3627).
    DestinationNotZero,
    /// An operand the opcode does not use is not all zero (#3636).
    UnusedOperandNotZero,
    /// Reserved bits of an operand are set (#3654).
    ReservedBits,
    /// Register type code 8..=15 (#3655).
    UnknownRegisterType {
        /// The code.
        code: u8,
    },
    /// A direct operand has non-zero indirect fields (#3643).
    IndirectFieldsNotZero,
    /// The second operand of a texture instruction is not a sampler (#3693).
    SamplerRequired,
    /// Unknown sampler dimension (#3664).
    UnknownSamplerDimension {
        /// The field value.
        value: u8,
    },
    /// Unknown sampler filter (#3665).
    UnknownSamplerFilter {
        /// The field value.
        value: u8,
    },
    /// Unknown sampler mip filter (#3666).
    UnknownSamplerMipFilter {
        /// The field value.
        value: u8,
    },
    /// Unknown sampler wrap mode (#3667).
    UnknownSamplerWrap {
        /// The field value.
        value: u8,
    },
    /// Unknown sampler special flag (#3668).
    UnknownSamplerSpecial {
        /// The field value.
        value: u8,
    },
    /// Unknown sampler texture format (no Flash ID of its own; reported as #3654).
    UnknownSamplerFormat {
        /// The field value.
        value: u8,
    },
}

/// A decode error: what failed, in which token (0-based) and which operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub struct DecodeError {
    /// What was wrong.
    pub kind: DecodeErrorKind,
    /// The 0-based token index (Flash prints it 1-based); `None` for header errors.
    pub token: Option<usize>,
    /// The operand, where the error is about one.
    pub operand: Option<OperandPosition>,
}

impl DecodeError {
    pub(crate) fn header(kind: DecodeErrorKind) -> DecodeError {
        DecodeError {
            kind,
            token: None,
            operand: None,
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DecodeErrorKind as K;
        match self.kind {
            K::Empty => write!(f, "empty program")?,
            K::TooShort { len } => write!(f, "program of {len} bytes is shorter than 31")?,
            K::BadMagic { found } => write!(f, "bad magic byte {found:#04x} (expected 0xa0)")?,
            K::BadVersion { found } => write!(f, "bad AGAL version {found}")?,
            K::BadShaderTypeTag { found } => {
                write!(f, "bad shader type tag {found:#04x} (expected 0xa1)")?
            }
            K::BadProgramType { found } => write!(f, "bad program type {found}")?,
            K::PartialToken { extra } => write!(f, "{extra} bytes of a partial last token")?,
            K::InvalidOpcode { code } => write!(f, "invalid opcode {code:#x}")?,
            K::DestinationNotZero => {
                write!(f, "destination of a no-destination opcode is not zero")?
            }
            K::UnusedOperandNotZero => write!(f, "unused operand is not zero")?,
            K::ReservedBits => write!(f, "reserved bits are set")?,
            K::UnknownRegisterType { code } => write!(f, "unknown register type {code}")?,
            K::IndirectFieldsNotZero => write!(f, "direct operand has non-zero indirect fields")?,
            K::SamplerRequired => write!(
                f,
                "second operand of a texture instruction is not a sampler"
            )?,
            K::UnknownSamplerDimension { value } => write!(f, "unknown sampler dimension {value}")?,
            K::UnknownSamplerFilter { value } => write!(f, "unknown sampler filter {value}")?,
            K::UnknownSamplerMipFilter { value } => {
                write!(f, "unknown sampler mip filter {value}")?
            }
            K::UnknownSamplerWrap { value } => write!(f, "unknown sampler wrap mode {value}")?,
            K::UnknownSamplerSpecial { value } => {
                write!(f, "unknown sampler special flags {value}")?
            }
            K::UnknownSamplerFormat { value } => {
                write!(f, "unknown sampler texture format {value}")?
            }
        }
        if let Some(op) = self.operand {
            write!(f, " in {op}")?;
        }
        if let Some(t) = self.token {
            write!(f, " at token {}", t + 1)?;
        }
        Ok(())
    }
}
