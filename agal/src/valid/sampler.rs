//! Sampler operand rules: #3656 (number out of range), #3664 (`3d`), #3662 (cube must
//! clamp), #3740 / #3743 (`ted` LOD bias and mipmapping), #3741 (`tex` with computed
//! coordinates inside a conditional), #3696 (one register used with different flags).

use crate::model::{Dimension, Opcode, RegisterType, Sampler, Source, Wrap};

use super::error::ValidationErrorKind as K;

/// The samplers used so far in one program, with the flags of their first use.
#[derive(Debug, Default)]
pub(super) struct Samplers {
    used: Vec<Sampler>,
}

impl Samplers {
    /// Checks the sampler operand of a texture instruction and records it.
    pub(super) fn use_sampler(
        &mut self,
        op: Opcode,
        coord: &Source,
        sampler: &Sampler,
        count: u16,
        in_conditional: bool,
    ) -> Result<(), K> {
        if sampler.index >= count {
            return Err(K::SamplerIndexOutOfBounds);
        }
        if sampler.dimension == Dimension::ThreeD {
            return Err(K::UnsupportedSamplerDimension {
                value: sampler.dimension.code(),
            });
        }
        if sampler.dimension == Dimension::Cube && sampler.wrap != Wrap::Clamp {
            return Err(K::CubeNotClamped);
        }
        if op == Opcode::Ted {
            if sampler.lod_bias != 0 {
                return Err(K::TedLodBias);
            }
            if sampler.mip == crate::model::MipFilter::None {
                return Err(K::TedWithoutMip);
            }
        }
        if op == Opcode::Tex && in_conditional && coord.register == RegisterType::Temporary {
            return Err(K::TexComputedCoordinatesInConditional);
        }
        match self.used.iter().find(|s| s.index == sampler.index) {
            Some(first) if !first.same_properties(sampler) => Err(K::SamplerConflict {
                sampler: sampler.index,
            }),
            Some(_) => Ok(()),
            None => {
                self.used.push(*sampler);
                Ok(())
            }
        }
    }
}
