//! Sampler objects, one per distinct resolved sampler state.

use molehill_context3d::SamplerState;

use super::conv;
use super::textures::TextureCaps;
use crate::gl::Calls;

/// `GL_TEXTURE_MAX_ANISOTROPY_EXT`.
const TEXTURE_MAX_ANISOTROPY: u32 = 0x84FE;

/// How many distinct sampler objects there can be: one per wrap, filter and mip filter. The
/// LOD bias is not part of a sampler: it comes from the program's sampler
/// word and the GLSL writer passes it to `texture()` as the bias argument (GL ES samplers
/// have no LOD bias parameter).
const SAMPLER_KINDS: usize = WRAPS * FILTERS * MIP_FILTERS;
const WRAPS: usize = molehill_agal::Wrap::ALL.len();
const FILTERS: usize = molehill_agal::Filter::ALL.len();
const MIP_FILTERS: usize = molehill_agal::MipFilter::ALL.len();

/// The index of `state`'s sampler object in [`Samplers`]: a table lookup, no hashing.
fn sampler_index(state: &SamplerState) -> usize {
    (state.wrap as usize * FILTERS + state.filter as usize) * MIP_FILTERS + state.mip as usize
}

/// Sampler objects, one per distinct resolved state, made on first use and reused while the
/// context lives.
#[derive(Debug)]
pub struct Samplers {
    table: [Option<glow::Sampler>; SAMPLER_KINDS],
}

impl Default for Samplers {
    fn default() -> Self {
        Samplers {
            table: [None; SAMPLER_KINDS],
        }
    }
}

impl Samplers {
    /// The sampler object for `state`, created on first use.
    pub fn get(
        &mut self,
        gl: &mut Calls,
        state: &SamplerState,
        caps: &TextureCaps,
    ) -> Option<glow::Sampler> {
        let slot = self.table.get_mut(sampler_index(state))?;
        if let Some(s) = slot {
            return Some(*s);
        }
        let (s, t) = conv::wrap(state.wrap);
        let (min, mag, aniso) = conv::filter(state.filter, state.mip);
        let ints = [
            (glow::TEXTURE_WRAP_S, s as i32),
            (glow::TEXTURE_WRAP_T, t as i32),
            (glow::TEXTURE_WRAP_R, glow::CLAMP_TO_EDGE as i32),
            (glow::TEXTURE_MIN_FILTER, min as i32),
            (glow::TEXTURE_MAG_FILTER, mag as i32),
        ];
        let mut floats = Vec::new();
        if caps.anisotropy && aniso > 1.0 {
            floats.push((TEXTURE_MAX_ANISOTROPY, aniso));
        }
        match gl.create_sampler(&ints, &floats) {
            Ok(sampler) => {
                *slot = Some(sampler);
                Some(sampler)
            }
            Err(e) => {
                log::warn!("sampler creation failed: {e}");
                None
            }
        }
    }

    /// Number of sampler objects.
    pub fn len(&self) -> usize {
        self.table.iter().flatten().count()
    }

    /// Deletes every sampler object (`gl` None: the context is gone).
    pub fn clear(&mut self, mut gl: Option<&mut Calls>) {
        for slot in &mut self.table {
            if let (Some(s), Some(gl)) = (slot.take(), gl.as_deref_mut()) {
                gl.delete_sampler(s);
            }
        }
    }
}

#[cfg(test)]
mod sampler_table_tests {
    use super::{sampler_index, SAMPLER_KINDS};
    use molehill_context3d::SamplerState;

    /// Every wrap, filter and mip filter has a slot of its own in the table.
    #[test]
    fn every_sampler_state_has_its_own_slot() {
        let mut seen = [false; SAMPLER_KINDS];
        for &wrap in molehill_agal::Wrap::ALL {
            for &filter in molehill_agal::Filter::ALL {
                for &mip in molehill_agal::MipFilter::ALL {
                    let i = sampler_index(&SamplerState {
                        wrap,
                        filter,
                        mip,
                        lod_bias: 0.0,
                    });
                    assert!(i < SAMPLER_KINDS && !seen[i], "{wrap:?} {filter:?} {mip:?}");
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|s| *s));
    }
}
