//! Typed validation errors and their one mapping to Flash's (class, ID, message).

use std::fmt;

use crate::bytecode::{DecodeError, DecodeErrorKind, OperandPosition};
use crate::flash::{ErrorClass, FlashError};
use crate::model::{Opcode, ProgramKind, Version};
use crate::profile::Profile;

/// What was wrong with a program or a pair of programs. Each variant names the Flash error
/// it becomes in [`ValidationError::to_flash`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValidationErrorKind {
    /// A decoder error (size, header, opcode range, operand encoding, sampler fields):
    /// #3615-#3620, #3627, #3636, #3643, #3654, #3655, #3664-#3668, #3693; a partial last
    /// token is #2030.
    Decode(DecodeErrorKind),
    /// The profile does not accept the program's AGAL version (#3725).
    VersionNotInProfile {
        /// The program's version.
        version: Version,
        /// The profile.
        profile: Profile,
    },
    /// An opcode Flash Player does not implement, `sgn` (#3621).
    NotImplemented(Opcode),
    /// An AGAL 2 opcode in an AGAL 1 program (#3726).
    RequiresVersion2(Opcode),
    /// A fragment-only opcode in a vertex program (#3622).
    FragmentOnly(Opcode),
    /// A vertex-only opcode in a fragment program (#3803).
    VertexOnly(Opcode),
    /// `tld`: vertex texture fetch needs AGAL 4, which no profile here accepts (#3805).
    VertexTextureFetch,
    /// `eif` or `els` without an open `if` (#3623).
    NestingUnderflow,
    /// An `if` nested deeper than Flash allows (#3624).
    NestingOverflow,
    /// A conditional block still open at the end of the program (#3739).
    OpenConditional,
    /// An `if` or `els` branch with no instruction (#3748).
    EmptyBranch,
    /// A second `els` in one block (#3752).
    BrokenElseChain,
    /// `ife`/`ine`/`ifg`/`ifl` comparing an operand with itself (#3758).
    ConstantCondition,
    /// Both sources are constants (#3625).
    BothConstants,
    /// An opcode without a destination has a non-zero destination field (#3627).
    DestinationNotZero(Opcode),
    /// Both sources are relatively addressed (#3626).
    BothIndirect(Opcode),
    /// `nrm`, `crs`, `m33` or `m34` writing w (#3628).
    MustMaskW(Opcode),
    /// More tokens than the version allows (#3629).
    TooManyTokens {
        /// The program's token count.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// A sampler register as an operand of a vertex program (#3637).
    SamplerInVertexProgram,
    /// A sampler register anywhere but the sampler operand of a texture instruction (#3638).
    SamplerNotAllowed,
    /// Relative addressing in a fragment program (#3639).
    IndirectInFragment,
    /// Relative addressing into a register other than a constant (#3640).
    IndirectNotConstant,
    /// Relative addressing of a texture coordinate (#3641).
    IndirectNotAllowedHere,
    /// An index register that is not an attribute, constant or temporary (#3642).
    BadIndexRegisterType,
    /// A varying read in a vertex program (#3644).
    VaryingReadInVertex,
    /// An attribute read in a fragment program (#3645).
    AttributeReadInFragment,
    /// An output register read (#3646).
    OutputRead,
    /// A temporary read before any write (#3647).
    TemporaryNotWritten,
    /// A temporary component read before it was written (#3648).
    TemporaryComponentNotWritten,
    /// A sampler as destination (#3649).
    SamplerWritten,
    /// A varying written in a fragment program (#3650).
    VaryingWrittenInFragment,
    /// An attribute as destination (#3651).
    AttributeWritten,
    /// A constant as destination (#3652).
    ConstantWritten,
    /// A destination write mask of zero (#3653).
    ZeroWriteMask,
    /// Sampler register number out of range (#3656).
    SamplerIndexOutOfBounds,
    /// Varying register number out of range (#3657).
    VaryingIndexOutOfBounds,
    /// Attribute register number out of range (#3658); also `iid` numbers other than 0.
    AttributeIndexOutOfBounds,
    /// Constant register number out of range, matrix rows included (#3659).
    ConstantIndexOutOfBounds,
    /// Output register number out of range (#3660).
    OutputIndexOutOfBounds,
    /// Temporary register number out of range (#3661).
    TemporaryIndexOutOfBounds,
    /// A cube sampler that does not clamp (#3662).
    CubeNotClamped,
    /// The sampler's `3d` dimension, which the player rejects (#3664 with value 2).
    UnsupportedSamplerDimension {
        /// The dimension field.
        value: u8,
    },
    /// The matrix operand of `m33`/`m34`/`m44` is swizzled (#3689).
    MatrixSwizzled,
    /// One sampler register used twice with different flags (#3696).
    SamplerConflict {
        /// The sampler register number.
        sampler: u16,
    },
    /// A colour output written with a partial mask (#3701).
    ColorOutputMasked,
    /// A non-scalar swizzle where a scalar is required (`ife`..`ifl`, `kil`) (#3703).
    ScalarSwizzleRequired,
    /// `ted` with a LOD bias (#3740).
    TedLodBias,
    /// `tex` in a conditional block with computed (temporary) coordinates (#3741).
    TexComputedCoordinatesInConditional,
    /// `ddx`/`ddy` in a conditional block (#3742).
    DerivativeInConditional,
    /// `ted` without mipmapping (#3743).
    TedWithoutMip,
    /// A colour output written twice in an AGAL 2+ program (#3744).
    ColorOutputWrittenTwice,
    /// Depth output number out of range, or `fd` in AGAL 1 (#3749).
    DepthOutputIndexOutOfBounds,
    /// `fd` in a vertex program (#3750).
    DepthOutputInVertex,
    /// An output written inside a conditional block (#3751).
    OutputInConditional,
    /// A depth output mask other than `.x` (#3756).
    DepthOutputMask,
    /// `iid` written (#3786).
    InstanceIdWritten,
    /// `iid` read in a fragment program (#3788).
    InstanceIdInFragment,
    /// `iid` in an AGAL 1 or 2 program (#3789).
    InstanceIdVersion,
    /// Link: the program given as fragment program is a vertex program (#3630).
    FragmentNotFragment,
    /// Link: the program given as vertex program is a fragment program (#3631).
    VertexNotVertex,
    /// Link: a varying read by the fragment program and never written by the vertex
    /// program (#3632).
    VaryingNotWritten {
        /// The varying number.
        varying: u16,
    },
    /// Link: a varying the vertex program writes only some components of (#3633).
    VaryingPartiallyWritten {
        /// The varying number.
        varying: u16,
    },
    /// Link: a colour output not written in all components, or none written (#3634).
    FragmentOutputIncomplete,
    /// Link: the position output not written in all components (#3635).
    VertexOutputIncomplete,
    /// Link: the two programs have different versions (#3757).
    VersionMismatch {
        /// The vertex program's version.
        vertex: Version,
        /// The fragment program's version.
        fragment: Version,
    },
    /// Link: colour outputs written are not oc0..ocN (#3775).
    NonConsecutiveOutputs,
}

/// A validation error: what failed, in which program (`%1`), at which token and operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub struct ValidationError {
    /// What was wrong.
    pub kind: ValidationErrorKind,
    /// The program: for upload errors the kind the upload call gave (Flash's `%1`, not the
    /// header byte); for link errors the program the error is about.
    pub stage: ProgramKind,
    /// The 0-based token index (Flash prints it 1-based); `None` for whole-program errors.
    pub token: Option<usize>,
    /// The operand, where the error is about one.
    pub operand: Option<OperandPosition>,
}

impl ValidationError {
    /// An error about a whole program.
    pub fn program(kind: ValidationErrorKind, stage: ProgramKind) -> ValidationError {
        ValidationError {
            kind,
            stage,
            token: None,
            operand: None,
        }
    }

    /// An error about token `token` (0-based), and `operand` if given.
    pub fn at(
        kind: ValidationErrorKind,
        stage: ProgramKind,
        token: usize,
        operand: Option<OperandPosition>,
    ) -> ValidationError {
        ValidationError {
            kind,
            stage,
            token: Some(token),
            operand,
        }
    }

    /// A decoder error in a program uploaded as `stage`.
    pub fn from_decode(error: DecodeError, stage: ProgramKind) -> ValidationError {
        ValidationError {
            kind: ValidationErrorKind::Decode(error.kind),
            stage,
            token: error.token,
            operand: error.operand,
        }
    }

    /// The Flash error ID this error becomes.
    pub fn flash_id(&self) -> u32 {
        self.to_flash().id
    }

    /// The one mapping to Flash's (class, ID, message): `%1` = "vertex"/"fragment",
    /// `%2` = the operand (or the opcode's value, the token count, ...), `%3` = the 1-based
    /// token number, `%4` = a sampler field value.
    pub fn to_flash(&self) -> FlashError {
        use DecodeErrorKind as D;
        use ValidationErrorKind as K;
        let stage = self.stage.name();
        let token = self.token.map(|t| (t + 1).to_string()).unwrap_or_default();
        let operand = self.operand.map(|o| o.flash_name()).unwrap_or("");
        // Errors about one operand: (%1, %2 = operand, %3 = token).
        let op = |id: u32| FlashError::error(id, &[stage, operand, &token]);
        // Errors about an opcode: (%1, %2 = opcode value, %3 = token).
        let opc = |id: u32, code: u32| FlashError::error(id, &[stage, &code.to_string(), &token]);
        // Sampler field errors: %4 = the field value.
        let field = |id: u32, value: u8| {
            FlashError::error(id, &[stage, operand, &token, &value.to_string()])
        };
        match self.kind {
            K::Decode(d) => match d {
                D::Empty => FlashError::new(ErrorClass::ArgumentError, 3615, &[""]),
                D::TooShort { .. } => FlashError::error(3615, &[stage]),
                D::BadMagic { .. } => FlashError::error(3616, &[stage]),
                D::BadVersion { found } => FlashError::error(3617, &[stage, &found.to_string()]),
                D::BadShaderTypeTag { .. } => FlashError::error(3618, &[stage]),
                D::BadProgramType { .. } => FlashError::error(3619, &[stage]),
                D::PartialToken { .. } => FlashError::error(2030, &[]),
                D::InvalidOpcode { code } => opc(3620, code),
                // `validate` turns this into `DestinationNotZero(opcode)`; without the opcode
                // `%2` names the operand.
                D::DestinationNotZero => op(3627),
                D::UnusedOperandNotZero => op(3636),
                D::ReservedBits | D::UnknownSamplerFormat { .. } => op(3654),
                D::UnknownRegisterType { .. } => op(3655),
                D::IndirectFieldsNotZero => op(3643),
                D::SamplerRequired => op(3693),
                D::UnknownSamplerDimension { value } => field(3664, value),
                D::UnknownSamplerFilter { value } => field(3665, value),
                D::UnknownSamplerMipFilter { value } => field(3666, value),
                D::UnknownSamplerWrap { value } => field(3667, value),
                D::UnknownSamplerSpecial { value } => field(3668, value),
            },
            K::VersionNotInProfile { version, .. } => {
                FlashError::error(3725, &[stage, &version.to_string()])
            }
            K::NotImplemented(o) => opc(3621, o.code()),
            K::RequiresVersion2(o) => opc(3726, o.code()),
            K::FragmentOnly(o) => opc(3622, o.code()),
            K::VertexOnly(o) => opc(3803, o.code()),
            K::VertexTextureFetch => FlashError::error(3805, &[]),
            K::NestingUnderflow => op(3623),
            K::NestingOverflow => op(3624),
            K::OpenConditional => FlashError::error(3739, &[stage]),
            K::EmptyBranch => FlashError::error(3748, &[stage]),
            K::BrokenElseChain => FlashError::error(3752, &[]),
            K::ConstantCondition => op(3758),
            // #3625 is the one message whose %2 is the token number.
            K::BothConstants => FlashError::error(3625, &[stage, &token]),
            K::BothIndirect(o) => opc(3626, o.code()),
            K::DestinationNotZero(o) => opc(3627, o.code()),
            K::MustMaskW(o) => opc(3628, o.code()),
            K::TooManyTokens { count, .. } => FlashError::error(3629, &[stage, &count.to_string()]),
            K::SamplerInVertexProgram => op(3637),
            K::SamplerNotAllowed => op(3638),
            K::IndirectInFragment => op(3639),
            K::IndirectNotConstant => op(3640),
            K::IndirectNotAllowedHere => op(3641),
            K::BadIndexRegisterType => op(3642),
            K::VaryingReadInVertex => op(3644),
            K::AttributeReadInFragment => op(3645),
            K::OutputRead => op(3646),
            K::TemporaryNotWritten => op(3647),
            K::TemporaryComponentNotWritten => op(3648),
            K::SamplerWritten => op(3649),
            K::VaryingWrittenInFragment => op(3650),
            K::AttributeWritten => op(3651),
            K::ConstantWritten => op(3652),
            K::ZeroWriteMask => op(3653),
            K::SamplerIndexOutOfBounds => op(3656),
            K::VaryingIndexOutOfBounds => op(3657),
            K::AttributeIndexOutOfBounds => op(3658),
            K::ConstantIndexOutOfBounds => op(3659),
            K::OutputIndexOutOfBounds => op(3660),
            K::TemporaryIndexOutOfBounds => op(3661),
            K::CubeNotClamped => op(3662),
            K::UnsupportedSamplerDimension { value } => field(3664, value),
            K::MatrixSwizzled => op(3689),
            K::SamplerConflict { .. } => op(3696),
            K::ColorOutputMasked => FlashError::error(3701, &[]),
            K::ScalarSwizzleRequired => op(3703),
            K::TedLodBias => op(3740),
            K::TexComputedCoordinatesInConditional => op(3741),
            K::DerivativeInConditional => op(3742),
            K::TedWithoutMip => op(3743),
            K::ColorOutputWrittenTwice => op(3744),
            K::DepthOutputIndexOutOfBounds => op(3749),
            K::DepthOutputInVertex => FlashError::error(3750, &[]),
            K::OutputInConditional => FlashError::error(3751, &[]),
            K::DepthOutputMask => op(3756),
            K::InstanceIdWritten => op(3786),
            K::InstanceIdInFragment => FlashError::error(3788, &[]),
            K::InstanceIdVersion => FlashError::error(3789, &[]),
            K::FragmentNotFragment => FlashError::error(3630, &[]),
            K::VertexNotVertex => FlashError::error(3631, &[]),
            K::VaryingNotWritten { varying } => FlashError::error(3632, &[&varying.to_string()]),
            K::VaryingPartiallyWritten { varying } => {
                FlashError::error(3633, &[&varying.to_string()])
            }
            K::FragmentOutputIncomplete => FlashError::error(3634, &[]),
            K::VertexOutputIncomplete => FlashError::error(3635, &[]),
            K::VersionMismatch { .. } => FlashError::error(3757, &[]),
            K::NonConsecutiveOutputs => FlashError::error(3775, &[]),
        }
    }
}

impl fmt::Display for ValidationError {
    /// Flash's message, `"Error #3647: AGAL validation failed: ..."`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_flash().message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_errors_map_with_operand_and_token() {
        let e = ValidationError {
            kind: ValidationErrorKind::Decode(DecodeErrorKind::UnknownSamplerFormat { value: 4 }),
            stage: ProgramKind::Fragment,
            token: Some(2),
            operand: Some(OperandPosition::Source2),
        };
        assert_eq!(
            e.to_flash().message,
            "Error #3654: AGAL validation failed: Reserve bits should be zero for source operand 2 \
             at token 3 of fragment program."
        );
        assert_eq!(e.to_string(), e.to_flash().message);
        let d = ValidationError {
            kind: ValidationErrorKind::Decode(DecodeErrorKind::DestinationNotZero),
            ..e
        };
        assert_eq!(d.flash_id(), 3627);
    }

    #[test]
    fn link_errors_have_no_token() {
        let e = ValidationError::program(
            ValidationErrorKind::VaryingNotWritten { varying: 7 },
            ProgramKind::Fragment,
        );
        assert_eq!(
            e.to_flash().message,
            "Error #3632: AGAL linkage: Varying 7 is read in the fragment shader but not written \
             to by the vertex shader."
        );
        assert_eq!(e.to_flash().class, ErrorClass::Error);
    }
}
