//! Flash's enums as wgpu's: blend factors, comparisons, stencil actions, cull faces and vertex
//! formats. Texture formats are in `textures.rs` (`Storage`), because the device decides some
//! of them; sampler states in `samplers.rs`.

use molehill_context3d::{
    BlendFactor, CompareMode, StencilAction, StencilFace, TriangleFace, VertexFormat,
};

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
