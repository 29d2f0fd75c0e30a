//! Output register rules at upload: #3701 (colour output masked), #3744 (colour output written
//! twice, AGAL 2 and above), #3751 (output written inside a conditional), #3756 (depth output
//! mask other than `.x`).

use crate::model::{Destination, ProgramKind, RegisterType, Version, WriteMask};

use super::error::ValidationErrorKind as K;

/// Output writes seen so far in one program.
#[derive(Debug)]
pub(super) struct Outputs {
    stage: ProgramKind,
    version: Version,
    /// Bit n set when `ocN` was written.
    color_written: u8,
}

impl Outputs {
    pub(super) fn new(stage: ProgramKind, version: Version) -> Outputs {
        Outputs {
            stage,
            version,
            color_written: 0,
        }
    }

    /// Checks a write to `dst` (already range-checked) and records it; `in_conditional` tells
    /// whether the instruction is inside an `if` block.
    pub(super) fn write(&mut self, dst: &Destination, in_conditional: bool) -> Result<(), K> {
        match dst.register {
            RegisterType::Output | RegisterType::DepthOutput if in_conditional => {
                Err(K::OutputInConditional)
            }
            RegisterType::DepthOutput if dst.mask != WriteMask::X => Err(K::DepthOutputMask),
            RegisterType::Output if self.stage == ProgramKind::Fragment => {
                if !dst.mask.is_full() {
                    return Err(K::ColorOutputMasked);
                }
                let bit = 1u8.checked_shl(u32::from(dst.index)).unwrap_or(0);
                if self.version >= Version::V2 && self.color_written & bit != 0 {
                    return Err(K::ColorOutputWrittenTwice);
                }
                self.color_written |= bit;
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
