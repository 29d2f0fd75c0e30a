//! Pure tables from context3d's enums to GL enums. No GL calls here.

use molehill_agal::{Filter, MipFilter, Wrap};
use molehill_context3d::{BlendFactor, CompareMode, StencilAction, TriangleFace, VertexFormat};

/// A GL blend factor.
pub fn blend_factor(f: BlendFactor) -> u32 {
    match f {
        BlendFactor::Zero => glow::ZERO,
        BlendFactor::One => glow::ONE,
        BlendFactor::SourceColor => glow::SRC_COLOR,
        BlendFactor::OneMinusSourceColor => glow::ONE_MINUS_SRC_COLOR,
        BlendFactor::SourceAlpha => glow::SRC_ALPHA,
        BlendFactor::OneMinusSourceAlpha => glow::ONE_MINUS_SRC_ALPHA,
        BlendFactor::DestinationColor => glow::DST_COLOR,
        BlendFactor::OneMinusDestinationColor => glow::ONE_MINUS_DST_COLOR,
        BlendFactor::DestinationAlpha => glow::DST_ALPHA,
        BlendFactor::OneMinusDestinationAlpha => glow::ONE_MINUS_DST_ALPHA,
    }
}

/// A GL comparison function.
pub fn compare(c: CompareMode) -> u32 {
    match c {
        CompareMode::Always => glow::ALWAYS,
        CompareMode::Equal => glow::EQUAL,
        CompareMode::Greater => glow::GREATER,
        CompareMode::GreaterEqual => glow::GEQUAL,
        CompareMode::Less => glow::LESS,
        CompareMode::LessEqual => glow::LEQUAL,
        CompareMode::Never => glow::NEVER,
        CompareMode::NotEqual => glow::NOTEQUAL,
    }
}

/// A GL stencil operation.
pub fn stencil_op(a: StencilAction) -> u32 {
    match a {
        StencilAction::DecrementSaturate => glow::DECR,
        StencilAction::DecrementWrap => glow::DECR_WRAP,
        StencilAction::IncrementSaturate => glow::INCR,
        StencilAction::IncrementWrap => glow::INCR_WRAP,
        StencilAction::Invert => glow::INVERT,
        StencilAction::Keep => glow::KEEP,
        StencilAction::Set => glow::REPLACE,
        StencilAction::Zero => glow::ZERO,
    }
}

/// The `glCullFace` mode, `None` when culling is off.
///
/// Every Molehill render target keeps Flash's top row at GL row 0 (the y-flip uniform is
/// -1), so a triangle clockwise on Flash's screen (y down) has a positive signed area in GL
/// window coordinates: it is GL's counter-clockwise front face under the default
/// `glFrontFace(GL_CCW)`. Flash's face names therefore map to GL's as they are.
pub fn cull_face(face: TriangleFace) -> Option<u32> {
    match face {
        TriangleFace::None => None,
        TriangleFace::Back => Some(glow::BACK),
        TriangleFace::Front => Some(glow::FRONT),
        TriangleFace::FrontAndBack => Some(glow::FRONT_AND_BACK),
    }
}

/// The front-face winding that goes with [`cull_face`] (see there).
pub const FRONT_FACE: u32 = glow::CCW;

/// `glVertexAttribPointer` size, type and normalisation of a vertex format.
pub fn vertex_format(f: VertexFormat) -> (i32, u32, bool) {
    match f {
        VertexFormat::Float1 => (1, glow::FLOAT, false),
        VertexFormat::Float2 => (2, glow::FLOAT, false),
        VertexFormat::Float3 => (3, glow::FLOAT, false),
        VertexFormat::Float4 => (4, glow::FLOAT, false),
        VertexFormat::Bytes4 => (4, glow::UNSIGNED_BYTE, true),
    }
}

/// `(wrap_s, wrap_t)`: u is s, v is t.
pub fn wrap(w: Wrap) -> (u32, u32) {
    match w {
        Wrap::Clamp => (glow::CLAMP_TO_EDGE, glow::CLAMP_TO_EDGE),
        Wrap::Repeat => (glow::REPEAT, glow::REPEAT),
        Wrap::ClampURepeatV => (glow::CLAMP_TO_EDGE, glow::REPEAT),
        Wrap::RepeatUClampV => (glow::REPEAT, glow::CLAMP_TO_EDGE),
    }
}

/// `(min_filter, mag_filter, max_anisotropy)`.
pub fn filter(f: Filter, mip: MipFilter) -> (u32, u32, f32) {
    let (linear, aniso) = match f {
        Filter::Nearest => (false, 1.0),
        Filter::Linear => (true, 1.0),
        Filter::Anisotropic2x => (true, 2.0),
        Filter::Anisotropic4x => (true, 4.0),
        Filter::Anisotropic8x => (true, 8.0),
        Filter::Anisotropic16x => (true, 16.0),
    };
    let min = match (linear, mip) {
        (false, MipFilter::None) => glow::NEAREST,
        (true, MipFilter::None) => glow::LINEAR,
        (false, MipFilter::Nearest) => glow::NEAREST_MIPMAP_NEAREST,
        (true, MipFilter::Nearest) => glow::LINEAR_MIPMAP_NEAREST,
        (false, MipFilter::Linear) => glow::NEAREST_MIPMAP_LINEAR,
        (true, MipFilter::Linear) => glow::LINEAR_MIPMAP_LINEAR,
    };
    let mag = if linear { glow::LINEAR } else { glow::NEAREST };
    (min, mag, aniso)
}

/// The GL name of an error code.
pub fn error_name(code: u32) -> &'static str {
    match code {
        glow::INVALID_ENUM => "GL_INVALID_ENUM",
        glow::INVALID_VALUE => "GL_INVALID_VALUE",
        glow::INVALID_OPERATION => "GL_INVALID_OPERATION",
        glow::INVALID_FRAMEBUFFER_OPERATION => "GL_INVALID_FRAMEBUFFER_OPERATION",
        glow::OUT_OF_MEMORY => "GL_OUT_OF_MEMORY",
        _ => "unknown GL error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_wraps_split_u_and_v() {
        assert_eq!(
            wrap(Wrap::ClampURepeatV),
            (glow::CLAMP_TO_EDGE, glow::REPEAT)
        );
        assert_eq!(
            wrap(Wrap::RepeatUClampV),
            (glow::REPEAT, glow::CLAMP_TO_EDGE)
        );
    }

    #[test]
    fn filters_combine_with_mip_filters() {
        assert_eq!(
            filter(Filter::Nearest, MipFilter::None),
            (glow::NEAREST, glow::NEAREST, 1.0)
        );
        assert_eq!(
            filter(Filter::Anisotropic8x, MipFilter::Linear),
            (glow::LINEAR_MIPMAP_LINEAR, glow::LINEAR, 8.0)
        );
        assert_eq!(
            filter(Filter::Nearest, MipFilter::Linear).0,
            glow::NEAREST_MIPMAP_LINEAR
        );
    }

    #[test]
    fn stencil_set_is_replace() {
        assert_eq!(stencil_op(StencilAction::Set), glow::REPLACE);
        assert_eq!(stencil_op(StencilAction::IncrementSaturate), glow::INCR);
    }
}
