//! Flash's enums as wgpu's: blend factors, comparisons, stencil actions, cull faces, vertex
//! formats and sampler states. Texture formats are in [`crate::textures`] (`Storage`), because
//! the device decides some of them.

use molehill_context3d::{
    BlendFactor, CompareMode, StencilAction, StencilFace, TriangleFace, VertexFormat,
};

use crate::textures::SamplerKey;

/// wgpu's blend factor.
pub fn blend_factor(f: BlendFactor) -> wgpu::BlendFactor {
    match f {
        BlendFactor::Zero => wgpu::BlendFactor::Zero,
        BlendFactor::One => wgpu::BlendFactor::One,
        BlendFactor::SourceColor => wgpu::BlendFactor::Src,
        BlendFactor::OneMinusSourceColor => wgpu::BlendFactor::OneMinusSrc,
        BlendFactor::SourceAlpha => wgpu::BlendFactor::SrcAlpha,
        BlendFactor::OneMinusSourceAlpha => wgpu::BlendFactor::OneMinusSrcAlpha,
        BlendFactor::DestinationColor => wgpu::BlendFactor::Dst,
        BlendFactor::OneMinusDestinationColor => wgpu::BlendFactor::OneMinusDst,
        BlendFactor::DestinationAlpha => wgpu::BlendFactor::DstAlpha,
        BlendFactor::OneMinusDestinationAlpha => wgpu::BlendFactor::OneMinusDstAlpha,
    }
}

/// wgpu's comparison function.
pub fn compare(c: CompareMode) -> wgpu::CompareFunction {
    match c {
        CompareMode::Always => wgpu::CompareFunction::Always,
        CompareMode::Equal => wgpu::CompareFunction::Equal,
        CompareMode::Greater => wgpu::CompareFunction::Greater,
        CompareMode::GreaterEqual => wgpu::CompareFunction::GreaterEqual,
        CompareMode::Less => wgpu::CompareFunction::Less,
        CompareMode::LessEqual => wgpu::CompareFunction::LessEqual,
        CompareMode::Never => wgpu::CompareFunction::Never,
        CompareMode::NotEqual => wgpu::CompareFunction::NotEqual,
    }
}

/// wgpu's stencil operation.
pub fn stencil_op(a: StencilAction) -> wgpu::StencilOperation {
    match a {
        StencilAction::DecrementSaturate => wgpu::StencilOperation::DecrementClamp,
        StencilAction::DecrementWrap => wgpu::StencilOperation::DecrementWrap,
        StencilAction::IncrementSaturate => wgpu::StencilOperation::IncrementClamp,
        StencilAction::IncrementWrap => wgpu::StencilOperation::IncrementWrap,
        StencilAction::Invert => wgpu::StencilOperation::Invert,
        StencilAction::Keep => wgpu::StencilOperation::Keep,
        StencilAction::Set => wgpu::StencilOperation::Replace,
        StencilAction::Zero => wgpu::StencilOperation::Zero,
    }
}

/// wgpu's stencil face state.
pub fn stencil_face(f: &StencilFace) -> wgpu::StencilFaceState {
    wgpu::StencilFaceState {
        compare: compare(f.compare),
        fail_op: stencil_op(f.on_stencil_fail),
        depth_fail_op: stencil_op(f.on_depth_fail),
        pass_op: stencil_op(f.on_both_pass),
    }
}

/// wgpu's vertex format of a Flash one (the shader reads `vec4<f32>`; missing components
/// are `(0, 0, 0, 1)` as in Flash).
pub fn vertex_format(f: VertexFormat) -> wgpu::VertexFormat {
    match f {
        VertexFormat::Float1 => wgpu::VertexFormat::Float32,
        VertexFormat::Float2 => wgpu::VertexFormat::Float32x2,
        VertexFormat::Float3 => wgpu::VertexFormat::Float32x3,
        VertexFormat::Float4 => wgpu::VertexFormat::Float32x4,
        VertexFormat::Bytes4 => wgpu::VertexFormat::Unorm8x4,
    }
}

/// The cull mode: Flash's front face is clockwise on screen (y down), wgpu's `FrontFace::Cw`
/// in its y-up clip space seen on a y-down framebuffer.
pub fn cull_mode(c: TriangleFace) -> Option<wgpu::Face> {
    match c {
        TriangleFace::None | TriangleFace::FrontAndBack => None,
        TriangleFace::Back => Some(wgpu::Face::Back),
        TriangleFace::Front => Some(wgpu::Face::Front),
    }
}

/// The wgpu sampler of a Flash sampler state.
pub fn sampler_descriptor(key: SamplerKey) -> wgpu::SamplerDescriptor<'static> {
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
        _ if anisotropy > 1 => wgpu::MipmapFilterMode::Linear,
        MipFilter::Linear => wgpu::MipmapFilterMode::Linear,
        MipFilter::None | MipFilter::Nearest => wgpu::MipmapFilterMode::Nearest,
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
