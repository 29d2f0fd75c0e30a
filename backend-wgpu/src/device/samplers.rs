//! Samplers: one `wgpu::Sampler` per distinct resolved state (wrap, filter, mip filter), kept
//! while the context lives. The LOD bias is in the shader (`textureSampleBias`): WebGPU samplers
//! have none.

use rustc_hash::FxHashMap as HashMap;

use molehill_context3d::SamplerState;

/// The key of a sampler. The LOD bias is not part of it: the WGSL writer passes the program's
/// bias to `textureSampleBias`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SamplerKey {
    pub(crate) wrap: molehill_agal::Wrap,
    pub(crate) filter: molehill_agal::Filter,
    pub(crate) mip: molehill_agal::MipFilter,
}

impl SamplerKey {
    /// The key of a resolved state.
    pub fn of(state: &SamplerState) -> SamplerKey {
        SamplerKey {
            wrap: state.wrap,
            filter: state.filter,
            mip: state.mip,
        }
    }
}

/// Samplers, one per distinct key, kept while the context lives.
#[derive(Debug, Default)]
pub struct Samplers {
    map: HashMap<SamplerKey, wgpu::Sampler>,
}

impl Samplers {
    /// The sampler of `key`, created on first use.
    pub fn get(&mut self, device: &wgpu::Device, key: SamplerKey) -> &wgpu::Sampler {
        self.map
            .entry(key)
            .or_insert_with(|| device.create_sampler(&descriptor(key)))
    }

    /// Number of samplers made.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Drops every sampler.
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

/// The wgpu sampler of a Flash sampler state.
fn descriptor(key: SamplerKey) -> wgpu::SamplerDescriptor<'static> {
    use molehill_agal::{Filter, MipFilter, Wrap};
    let (u, v) = match key.wrap {
        Wrap::Clamp => (
            wgpu::AddressMode::ClampToEdge,
            wgpu::AddressMode::ClampToEdge,
        ),
        Wrap::Repeat => (wgpu::AddressMode::Repeat, wgpu::AddressMode::Repeat),
        Wrap::ClampURepeatV => (wgpu::AddressMode::ClampToEdge, wgpu::AddressMode::Repeat),
        Wrap::RepeatUClampV => (wgpu::AddressMode::Repeat, wgpu::AddressMode::ClampToEdge),
    };
    let (linear, anisotropy) = match key.filter {
        Filter::Nearest => (false, 1),
        Filter::Linear => (true, 1),
        Filter::Anisotropic2x => (true, 2),
        Filter::Anisotropic4x => (true, 4),
        Filter::Anisotropic8x => (true, 8),
        Filter::Anisotropic16x => (true, 16),
    };
    let filter = if linear {
        wgpu::FilterMode::Linear
    } else {
        wgpu::FilterMode::Nearest
    };
    // wgpu takes anisotropy only with every filter linear.
    let mipmap_filter = match key.mip {
        _ if anisotropy > 1 => crate::compat::MipmapFilterMode::Linear,
        MipFilter::Linear => crate::compat::MipmapFilterMode::Linear,
        MipFilter::None | MipFilter::Nearest => crate::compat::MipmapFilterMode::Nearest,
    };
    wgpu::SamplerDescriptor {
        label: Some("sampler"),
        address_mode_u: u,
        address_mode_v: v,
        address_mode_w: wgpu::AddressMode::ClampToEdge,
        mag_filter: filter,
        min_filter: filter,
        mipmap_filter,
        lod_min_clamp: 0.0,
        // `mipnone` samples the base level only: through a view of that level alone
        // (`Texture::base_view`), not a clamp to LOD 0, which costs lavapipe a level
        // selection per sample that a one-level view does not (measured in docs/wgpu.md).
        lod_max_clamp: 32.0,
        compare: None,
        anisotropy_clamp: anisotropy,
        border_color: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anisotropy_makes_every_filter_linear() {
        let d = descriptor(SamplerKey {
            wrap: molehill_agal::Wrap::Repeat,
            filter: molehill_agal::Filter::Anisotropic8x,
            mip: molehill_agal::MipFilter::None,
        });
        assert_eq!(d.anisotropy_clamp, 8);
        assert_eq!(d.mipmap_filter, crate::compat::MipmapFilterMode::Linear);
        // `mipnone` is the one-level view (`Texture::base_view`), not a LOD clamp.
        assert_eq!(d.lod_max_clamp, 32.0);
    }

    #[test]
    fn mixed_wraps_split_u_and_v() {
        let d = descriptor(SamplerKey {
            wrap: molehill_agal::Wrap::ClampURepeatV,
            filter: molehill_agal::Filter::Nearest,
            mip: molehill_agal::MipFilter::Linear,
        });
        assert_eq!(d.address_mode_u, wgpu::AddressMode::ClampToEdge);
        assert_eq!(d.address_mode_v, wgpu::AddressMode::Repeat);
        assert_eq!(d.mipmap_filter, crate::compat::MipmapFilterMode::Linear);
    }
}
