//! What crosses the backend boundary about rendering: the back buffer, clears, render targets
//! and the fixed-function render state.

use super::ids::TextureId;

/// `configureBackBuffer` after its checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BackBufferConfig {
    /// Width in pixels, 32..=16384 (or the profile's maximum).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Anti-aliasing quality as Flash passes it: 0 none, 2 minimal, 4 high, 16 very high (any
    /// value in 0..=16; the backend picks the nearest sample count it has).
    pub anti_alias: u8,
    /// Whether the back buffer has a depth and stencil buffer.
    pub depth_and_stencil: bool,
}

/// Which buffers `clear` touches (`Context3DClearMask`: COLOR 1, DEPTH 2, STENCIL 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ClearMask {
    /// Colour buffer(s).
    pub color: bool,
    /// Depth buffer.
    pub depth: bool,
    /// Stencil buffer.
    pub stencil: bool,
}

/// `clear(red, green, blue, alpha, depth, stencil, mask)` after its checks.
///
/// A clear covers the whole current render target (every colour attachment): it ignores the
/// scissor rectangle, the colour mask, the depth write mask and the stencil write mask (Flash's
/// behaviour as OpenFL, which mimics it, implements it; not recorded from Flash Player).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clear {
    /// Red, green, blue, alpha, each clamped to 0..=1.
    pub color: [f32; 4],
    /// Depth value, clamped to 0..=1.
    pub depth: f32,
    /// Stencil value (the low 8 bits of the AS3 `uint`).
    pub stencil: u8,
    /// Which buffers.
    pub mask: ClearMask,
}

/// One colour attachment of a texture render target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColorAttachment {
    /// A 2D, cube or rectangle texture created by this context (never compressed).
    pub texture: TextureId,
    /// Cube face 0..=5 for a cube texture (`surfaceSelector`), 0 otherwise. Level 0 always.
    pub face: u8,
}

/// The current render target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RenderTarget {
    /// `setRenderToBackBuffer()` (the default).
    #[default]
    BackBuffer,
    /// `setRenderToTexture(...)`: colour slots 0..=3 (`colorOutputIndex`); slot 0 is always
    /// `Some`, and every attachment has the same size and format.
    Textures {
        /// Colour attachments by `colorOutputIndex`.
        colors: [Option<ColorAttachment>; 4],
        /// `enableDepthAndStencil`: draw with a depth and stencil buffer of the target's size.
        depth_and_stencil: bool,
        /// `antiAlias` as passed (0 = none).
        anti_alias: u8,
    },
}

/// A rectangle in render-target pixels, origin top-left, rows going down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PixelRect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width (0 allowed: nothing passes).
    pub width: u32,
    /// Height.
    pub height: u32,
}

// ---------------------------------------------------------------------------------------------
// Fixed-function render state
// ---------------------------------------------------------------------------------------------

/// `Context3DBlendFactor` (the ten factors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlendFactor {
    /// `"zero"`.
    Zero,
    /// `"one"`.
    One,
    /// `"sourceColor"`.
    SourceColor,
    /// `"oneMinusSourceColor"`.
    OneMinusSourceColor,
    /// `"sourceAlpha"`.
    SourceAlpha,
    /// `"oneMinusSourceAlpha"`.
    OneMinusSourceAlpha,
    /// `"destinationColor"`.
    DestinationColor,
    /// `"oneMinusDestinationColor"`.
    OneMinusDestinationColor,
    /// `"destinationAlpha"`.
    DestinationAlpha,
    /// `"oneMinusDestinationAlpha"`.
    OneMinusDestinationAlpha,
}

/// `setBlendFactors(source, destination)`. Blending adds the two products; it applies to every
/// colour attachment. Default: `one`, `zero` (no blending).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlendState {
    /// Factor of the fragment's colour.
    pub source: BlendFactor,
    /// Factor of the colour already in the target.
    pub destination: BlendFactor,
}

impl Default for BlendState {
    fn default() -> Self {
        BlendState {
            source: BlendFactor::One,
            destination: BlendFactor::Zero,
        }
    }
}

/// `setColorMask(red, green, blue, alpha)`. Default: all `true`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColorMask {
    /// Write red.
    pub red: bool,
    /// Write green.
    pub green: bool,
    /// Write blue.
    pub blue: bool,
    /// Write alpha.
    pub alpha: bool,
}

impl Default for ColorMask {
    fn default() -> Self {
        ColorMask {
            red: true,
            green: true,
            blue: true,
            alpha: true,
        }
    }
}

/// `Context3DTriangleFace`: which faces `setCulling` removes, or which faces `setStencilActions`
/// configures.
///
/// Faces are named as Flash names them: a triangle whose vertices appear **clockwise** on screen
/// (y down, after the viewport transform) is a front face (D3D's convention). The backend maps
/// this to GL's winding once. Default for culling: `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TriangleFace {
    /// `"none"`.
    #[default]
    None,
    /// `"back"`.
    Back,
    /// `"front"`.
    Front,
    /// `"frontAndBack"`.
    FrontAndBack,
}

/// `Context3DCompareMode`: passes when `incoming <op> stored` (depth) or
/// `reference & readMask <op> stored & readMask` (stencil).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompareMode {
    /// `"always"`.
    Always,
    /// `"equal"`.
    Equal,
    /// `"greater"`.
    Greater,
    /// `"greaterEqual"`.
    GreaterEqual,
    /// `"less"`.
    Less,
    /// `"lessEqual"`.
    LessEqual,
    /// `"never"`.
    Never,
    /// `"notEqual"`.
    NotEqual,
}

/// `setDepthTest(depthMask, passCompareMode)`. Default: write on, `less`.
///
/// With no depth buffer in the current target the backend behaves as if the test always passes
/// and nothing is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DepthState {
    /// `depthMask`: whether passing fragments write depth.
    pub write: bool,
    /// `passCompareMode`.
    pub compare: CompareMode,
}

impl Default for DepthState {
    fn default() -> Self {
        DepthState {
            write: true,
            compare: CompareMode::Less,
        }
    }
}

/// `Context3DStencilAction`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StencilAction {
    /// `"decrementSaturate"`.
    DecrementSaturate,
    /// `"decrementWrap"`.
    DecrementWrap,
    /// `"incrementSaturate"`.
    IncrementSaturate,
    /// `"incrementWrap"`.
    IncrementWrap,
    /// `"invert"`.
    Invert,
    /// `"keep"`.
    Keep,
    /// `"set"` (writes the reference value).
    Set,
    /// `"zero"`.
    Zero,
}

/// The stencil test of one face (front or back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StencilFace {
    /// `compareMode`.
    pub compare: CompareMode,
    /// `actionOnBothPass`.
    pub on_both_pass: StencilAction,
    /// `actionOnDepthFail`.
    pub on_depth_fail: StencilAction,
    /// `actionOnDepthPassStencilFail`.
    pub on_stencil_fail: StencilAction,
}

impl Default for StencilFace {
    /// `always`, `keep`, `keep`, `keep`.
    fn default() -> Self {
        StencilFace {
            compare: CompareMode::Always,
            on_both_pass: StencilAction::Keep,
            on_depth_fail: StencilAction::Keep,
            on_stencil_fail: StencilAction::Keep,
        }
    }
}

/// Two-sided stencil: `setStencilActions` and `setStencilReferenceValue`.
/// Default: both faces `always/keep/keep/keep`, reference 0, masks 0xff.
///
/// With no stencil buffer in the current target the backend behaves as if the test always
/// passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StencilState {
    /// Front faces (clockwise, see [`TriangleFace`]).
    pub front: StencilFace,
    /// Back faces.
    pub back: StencilFace,
    /// `referenceValue` (low 8 bits).
    pub reference: u8,
    /// `readMask` (low 8 bits).
    pub read_mask: u8,
    /// `writeMask` (low 8 bits).
    pub write_mask: u8,
}

impl Default for StencilState {
    fn default() -> Self {
        StencilState {
            front: StencilFace::default(),
            back: StencilFace::default(),
            reference: 0,
            read_mask: 0xff,
            write_mask: 0xff,
        }
    }
}

/// The fixed-function render state: blend factors, colour mask, culling, depth test, stencil
/// and scissor. Its `Default` is Flash's initial state, which a backend starts with too.
/// [`crate::Context3D`] keeps what the content set and what it last sent; a backend keeps what
/// it was sent ([`RenderState::apply`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RenderState {
    /// Blend factors.
    pub blend: BlendState,
    /// Colour write mask.
    pub color_mask: ColorMask,
    /// Culled faces.
    pub culling: TriangleFace,
    /// Depth test and write.
    pub depth: DepthState,
    /// Stencil test.
    pub stencil: StencilState,
    /// Scissor rectangle (`None`: off).
    pub scissor: Option<PixelRect>,
}

impl RenderState {
    /// Takes each field `changes` gives (what [`crate::Backend::set_render_changes`] receives).
    pub fn apply(&mut self, changes: &RenderChanges) {
        if let Some(blend) = changes.blend {
            self.blend = blend;
        }
        if let Some(mask) = changes.color_mask {
            self.color_mask = mask;
        }
        if let Some(cull) = changes.culling {
            self.culling = cull;
        }
        if let Some(depth) = changes.depth {
            self.depth = depth;
        }
        if let Some(stencil) = changes.stencil {
            self.stencil = stencil;
        }
        if let Some(scissor) = changes.scissor {
            self.scissor = scissor;
        }
    }
}

/// The fixed-function render state set since the previous draw [`crate::Context3D`] sent,
/// each `Some` where it differs from what the backend has: part of
/// [`DrawChanges`](super::DrawChanges).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RenderChanges {
    /// Blend factors.
    pub blend: Option<BlendState>,
    /// Colour write mask.
    pub color_mask: Option<ColorMask>,
    /// Culled faces.
    pub culling: Option<TriangleFace>,
    /// Depth test and write.
    pub depth: Option<DepthState>,
    /// Stencil test.
    pub stencil: Option<StencilState>,
    /// Scissor rectangle; `Some(None)` turns it off.
    pub scissor: Option<Option<PixelRect>>,
}
