//! The backend trait: what reaches a renderer once every Flash check has passed, and every type
//! that crosses it.
//!
//! # Contract
//!
//! *Validate above, trust below.* [`crate::Context3D`] checks every argument, every resource
//! handle and every draw-time rule before it calls a [`Backend`] method, so a backend may assume:
//!
//! - every id it receives was created by a `create_*` call of the same kind and not yet disposed
//!   (ids are never reused: an id names one object for the whole life of the context);
//! - every upload fits: `byte_offset + data` lies within the buffer, a texture upload's `face`,
//!   `level`, `width`, `height` and data length agree with the texture's [`TextureDesc`];
//! - every draw names a linked program, streams and textures that exist, an index range inside
//!   its index buffer, and a render target that is configured.
//!
//! A backend returns [`BackendError`] only for what nobody could foresee: a lost context, memory
//! exhaustion, a driver that refuses a shader. Anything else is a bug in this crate, and a
//! backend may treat it as an invariant break.
//!
//! # State changes reach the backend only when they change
//!
//! The fixed-function render state (blend factors, colour mask, culling, depth test, stencil,
//! scissor) is sent through separate `set_*` calls, **eagerly** (at the time of the AS3 call)
//! and **only when the new value differs from the last value sent** to this backend:
//! `setCulling("back")` twice gives one [`Backend::set_culling`]. The backend starts with
//! Flash's defaults (the [`Default`] of each state struct, see their docs; the render target
//! starts as [`RenderTarget::BackBuffer`]) and keeps each state until told otherwise; it must
//! not reset it on `configure_back_buffer`, `set_render_target` or `present`. Program constants
//! arrive the same way through [`Backend::set_program_constants`], trimmed to the registers
//! whose values changed.
//!
//! The render target is the one exception to "eagerly": `setRenderToTexture` may name its
//! slots in any order, so the slots are checked together and [`Backend::set_render_target`] is
//! sent **at the next `clear` or draw**, again only when it differs from the last one sent. A
//! texture may be disposed while it is the backend's current target; context3d then sends a
//! new target before the next clear or draw.
//!
//! What depends on the current program (which streams and samplers are read, the resolved
//! sampler state) is resolved at draw time and carried whole by [`ResolvedDraw`]; a backend's
//! own cache decides what to rebind.
//!
//! # Pixel conventions
//!
//! Rows are top row first everywhere (uploads, render targets, read-back), as in Flash: `v = 0`
//! is the first uploaded row, row 0 of a render target is its top. Where GL's orientation differs
//! the backend flips once, internally.

use agal::{Filter, MipFilter, Program, ProgramKind, Wrap};

// ---------------------------------------------------------------------------------------------
// Resource ids
// ---------------------------------------------------------------------------------------------

macro_rules! resource_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        ///
        /// A small `Copy` id a backend can key its maps on. Ids are unique for the life of a
        /// context: a disposed object's id is never handed out again.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);
    };
}

resource_id!(
    /// A `VertexBuffer3D` (per-vertex or per-instance).
    VertexBufferId
);
resource_id!(
    /// An `IndexBuffer3D`.
    IndexBufferId
);
resource_id!(
    /// A `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture`.
    TextureId
);
resource_id!(
    /// A `Program3D` (a validated, linked vertex+fragment pair).
    ProgramId
);

// ---------------------------------------------------------------------------------------------
// Buffers
// ---------------------------------------------------------------------------------------------

/// `Context3DBufferUsage`: a hint, the backend may map it to `GL_STATIC_DRAW`/`GL_DYNAMIC_DRAW`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BufferUsage {
    /// `"staticDraw"` (the default).
    #[default]
    StaticDraw,
    /// `"dynamicDraw"`.
    DynamicDraw,
}

/// What `createVertexBuffer` / `createVertexBufferForInstances` asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VertexBufferDesc {
    /// Number of vertices (or instance elements).
    pub num_vertices: u32,
    /// 32-bit words per vertex, 1..=64. The stride in bytes is `4 * data32_per_vertex`.
    pub data32_per_vertex: u8,
    /// Usage hint.
    pub usage: BufferUsage,
    /// `Some(n)` for `createVertexBufferForInstances`: each element serves `n` instances (the
    /// attribute divisor); `None` for a per-vertex buffer.
    pub instances_per_element: Option<u32>,
}

impl VertexBufferDesc {
    /// Size of the buffer in bytes (`num_vertices * data32_per_vertex * 4`).
    pub fn byte_len(&self) -> u64 {
        u64::from(self.num_vertices) * u64::from(self.data32_per_vertex) * 4
    }

    /// Bytes from one vertex to the next.
    pub fn stride(&self) -> u32 {
        u32::from(self.data32_per_vertex) * 4
    }
}

/// What `createIndexBuffer` asked for. Indices are always unsigned 16-bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IndexBufferDesc {
    /// Number of indices.
    pub num_indices: u32,
    /// Usage hint.
    pub usage: BufferUsage,
}

// ---------------------------------------------------------------------------------------------
// Textures
// ---------------------------------------------------------------------------------------------

/// The four texture classes of Stage3D.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextureKind {
    /// `Texture`: power-of-two 2D, mipmapped (`levels` = full chain).
    TwoD,
    /// `CubeTexture`: six square power-of-two faces, mipmapped.
    Cube,
    /// `RectangleTexture`: any size, one level, sampled with clamp and no mipmaps.
    Rectangle,
    /// `VideoTexture`: one level of BGRA pixels whose size follows the video frames.
    Video,
}

/// `Context3DTextureFormat` (the storage format of a texture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TextureFormat {
    /// `"bgra"`: 8 bits per channel (the default).
    #[default]
    Bgra,
    /// `"bgraPacked4444"`: 4 bits per channel, see [`TextureData::Bgra4444`].
    BgraPacked4444,
    /// `"bgrPacked565"`: 5-6-5 bits, no alpha, see [`TextureData::Bgr565`].
    BgrPacked565,
    /// `"compressed"`: block-compressed without alpha (DXT1 / ETC1 / PVRTC / ETC2 from ATF).
    Compressed,
    /// `"compressedAlpha"`: block-compressed with alpha (DXT5 / ETC1+alpha / PVRTC / ETC2).
    CompressedAlpha,
    /// `"rgbaHalfFloat"`: four 16-bit floats (standard profiles).
    RgbaHalfFloat,
}

/// What `createTexture`, `createCubeTexture`, `createRectangleTexture` or `createVideoTexture`
/// asked for, after every check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextureDesc {
    /// Which texture class.
    pub kind: TextureKind,
    /// Width of level 0 in pixels (cube: edge length). 0 for a video texture before its first
    /// frame (the backend allocates on the first upload).
    pub width: u32,
    /// Height of level 0 in pixels (cube: edge length).
    pub height: u32,
    /// Storage format.
    pub format: TextureFormat,
    /// Number of mip levels the texture can hold: `log2(max(width, height)) + 1` for 2D and
    /// cube textures (Flash lets a program upload any of them), 1 for rectangle and video.
    pub levels: u8,
    /// `optimizeForRenderToTexture`: a hint that the texture will be a render target.
    pub optimize_for_render_to_texture: bool,
    /// `streamingLevels` of `createTexture` (0 = not streaming): levels below it may be missing
    /// and sampling falls back to the lowest uploaded level.
    pub streaming_levels: u8,
}

/// One compressed image from an ATF container, in every encoding the container carries. A
/// backend uploads the first encoding it supports; Molehill guarantees at least one is present.
///
/// All blocks are 4x4 pixels; for images smaller than 4 pixels a block still covers 4x4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CompressedImage<'a> {
    /// S3TC blocks: DXT1 (8 bytes per block) for [`TextureFormat::Compressed`], DXT5 (16 bytes
    /// per block) for [`TextureFormat::CompressedAlpha`].
    pub dxt: Option<&'a [u8]>,
    /// ETC1 RGB blocks (8 bytes per block). For alpha textures ATF stores the alpha channel as a
    /// second ETC1 image of the same size in [`CompressedImage::etc1_alpha`] (alpha = its red).
    pub etc1: Option<&'a [u8]>,
    /// ETC1 blocks carrying the alpha channel of a [`TextureFormat::CompressedAlpha`] image.
    pub etc1_alpha: Option<&'a [u8]>,
    /// PVRTC 4 bits per pixel blocks (8 bytes per 4x4 block), RGB or RGBA after the format.
    pub pvrtc: Option<&'a [u8]>,
    /// ETC2 blocks: RGB8 (8 bytes per block) or RGBA8 EAC (16 bytes per block) after the format.
    pub etc2: Option<&'a [u8]>,
}

/// Pixel data of one texture surface, already in a typed form; its length matches the
/// surface's `width * height` (or block count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextureData<'a> {
    /// `BitmapData` pixels: one `u32` per pixel, `0xAARRGGBB`, as `BitmapData` holds them
    /// (premultiplied by alpha, as Flash uploads them). On a little-endian machine the bytes in
    /// memory are B, G, R, A, the same layout as [`TextureData::Bgra8`].
    Argb32(&'a [u32]),
    /// `ByteArray` pixels of a [`TextureFormat::Bgra`] texture: 4 bytes per pixel in the order
    /// B, G, R, A.
    Bgra8(&'a [u8]),
    /// [`TextureFormat::BgraPacked4444`]: one `u16` per pixel (read little-endian from the
    /// `ByteArray`), A in bits 15-12, R in 11-8, G in 7-4, B in 3-0 (D3D's A4R4G4B4).
    Bgra4444(&'a [u16]),
    /// [`TextureFormat::BgrPacked565`]: one `u16` per pixel (little-endian in the `ByteArray`),
    /// R in bits 15-11, G in 10-5, B in 4-0 (GL's `UNSIGNED_SHORT_5_6_5` with `GL_RGB`).
    Bgr565(&'a [u16]),
    /// [`TextureFormat::RgbaHalfFloat`]: four IEEE 754 binary16 values per pixel (as bits), in
    /// the order R, G, B, A.
    RgbaHalf(&'a [u16]),
    /// A compressed image from an ATF container.
    Compressed(CompressedImage<'a>),
}

/// Where an upload lands and how big it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextureUpload<'a> {
    /// Cube face 0..=5 (+X, -X, +Y, -Y, +Z, -Z); 0 for every other kind.
    pub face: u8,
    /// Mip level; 0 for rectangle and video textures.
    pub level: u8,
    /// Width of this level in pixels (`max(1, width >> level)`; a video frame's width).
    pub width: u32,
    /// Height of this level in pixels.
    pub height: u32,
    /// The pixels.
    pub data: TextureData<'a>,
}

// ---------------------------------------------------------------------------------------------
// Back buffer, clear, render targets
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Draws
// ---------------------------------------------------------------------------------------------

/// Most vertex attribute slots any profile has (`va0..va15`); [`ResolvedDraw::streams`] has
/// this many entries.
pub const MAX_STREAMS: usize = 16;
/// Most texture samplers any profile has (`fs0..fs15`); [`ResolvedDraw::samplers`] has this
/// many entries.
pub const MAX_SAMPLERS: usize = 16;

/// `Context3DVertexBufferFormat`: how one attribute reads its stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VertexFormat {
    /// `"float1"`: one 32-bit float; the attribute reads `(x, 0, 0, 1)`.
    Float1,
    /// `"float2"`: `(x, y, 0, 1)`.
    Float2,
    /// `"float3"`: `(x, y, z, 1)`.
    Float3,
    /// `"float4"`: `(x, y, z, w)`.
    Float4,
    /// `"bytes4"`: four unsigned bytes normalised to 0..=1, in memory order: byte 0 is `x`,
    /// byte 1 `y`, byte 2 `z`, byte 3 `w` (GL's `UNSIGNED_BYTE` with `normalized`, no swizzle;
    /// D3D's `UBYTE4N`). Starling writes its colours as the bytes R, G, B, A (`switchEndian`
    /// into a little-endian `ByteArray`) and reads `va.xyzw` as RGBA.
    Bytes4,
}

impl VertexFormat {
    /// Number of 32-bit words the format reads.
    pub fn words(self) -> u32 {
        match self {
            VertexFormat::Float1 | VertexFormat::Bytes4 => 1,
            VertexFormat::Float2 => 2,
            VertexFormat::Float3 => 3,
            VertexFormat::Float4 => 4,
        }
    }
}

/// One vertex attribute of a draw (`setVertexBufferAt(index, buffer, bufferOffset, format)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VertexStream {
    /// The buffer.
    pub buffer: VertexBufferId,
    /// Byte offset of the attribute inside a vertex (`4 * bufferOffset`).
    pub byte_offset: u32,
    /// Bytes from one vertex to the next (`4 * data32PerVertex`).
    pub stride: u32,
    /// How to read it.
    pub format: VertexFormat,
    /// 0 for a per-vertex buffer; `instancesPerElement` for a buffer made with
    /// `createVertexBufferForInstances` (GL's attribute divisor).
    pub divisor: u32,
}

/// The sampler state a draw samples a texture with, after the precedence of
/// `semantics.md` (program sampler word, then `setSamplerStateAt`, `ignoresampler` keeping the
/// current state).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerState {
    /// Coordinate wrapping (cube and rectangle textures are always [`Wrap::Clamp`]).
    pub wrap: Wrap,
    /// Magnification/minification filter, anisotropic levels included.
    pub filter: Filter,
    /// Mipmap filter ([`MipFilter::None`] for rectangle and video textures).
    pub mip: MipFilter,
    /// LOD bias in levels (the program's byte / 8; 0 for rectangle and video textures).
    pub lod_bias: f32,
}

impl Default for SamplerState {
    /// `clamp`, `nearest`, `mipnone`, no bias.
    fn default() -> Self {
        SamplerState {
            wrap: Wrap::Clamp,
            filter: Filter::Nearest,
            mip: MipFilter::None,
            lod_bias: 0.0,
        }
    }
}

/// A texture bound to a sampler the fragment program reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerBinding {
    /// The texture (never one that is also the current render target).
    pub texture: TextureId,
    /// How to sample it.
    pub state: SamplerState,
}

/// `drawTriangles` / `drawTrianglesInstanced` after every draw-time check: what to draw and with
/// what. Render state is not here: it arrived earlier through the `set_*` calls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResolvedDraw {
    /// The program (both stages, linked).
    pub program: ProgramId,
    /// Attribute `va<i>` reads `streams[i]`; exactly the attributes the vertex program reads
    /// are `Some`.
    pub streams: [Option<VertexStream>; MAX_STREAMS],
    /// Sampler `fs<i>` samples `samplers[i]`; exactly the samplers the fragment program uses are
    /// `Some`.
    pub samplers: [Option<SamplerBinding>; MAX_SAMPLERS],
    /// The index buffer.
    pub index_buffer: IndexBufferId,
    /// First index read (`firstIndex`).
    pub first_index: u32,
    /// Number of indices read (`3 * numTriangles`), within the buffer.
    pub index_count: u32,
    /// `Some(n)` for `drawTrianglesInstanced(..., numInstances = n)`, `None` for
    /// `drawTriangles`.
    pub instances: Option<u32>,
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// What only the backend can find out. [`crate::error`] maps it to Flash's error for the call
/// that got it (shader failures to #3613/#3614, memory to #3672/#3684/#3691, a lost context
/// to #3694).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BackendError {
    /// The GL context is gone (device reset, window closed): every later call fails.
    #[error("the rendering context was lost")]
    ContextLost,
    /// The driver ran out of memory creating or filling a resource.
    #[error("out of memory")]
    OutOfMemory,
    /// The driver refused a shader generated from a valid program pair.
    #[error("{stage} shader compilation failed: {log}")]
    ShaderCompile {
        /// Which shader.
        stage: ProgramKind,
        /// The driver's info log.
        log: String,
    },
    /// The driver refused to link the pair.
    #[error("program link failed: {log}")]
    ShaderLink {
        /// The driver's info log.
        log: String,
    },
}

// ---------------------------------------------------------------------------------------------
// The trait
// ---------------------------------------------------------------------------------------------

/// A renderer for validated Context3D commands. See the [module docs](self) for the contract.
pub trait Backend {
    /// `driverInfo` text, e.g. `"OpenGL (Mesa llvmpipe)"`, or `"Software"` with no GPU.
    fn driver_info(&self) -> String;

    /// `enableErrorChecking`: when `true` the backend checks for driver errors after each call
    /// (and may be slower); when `false` it never queries the driver for errors.
    fn set_error_checking(&mut self, enabled: bool);

    /// `configureBackBuffer`: (re)allocates the back buffer. Its contents are undefined until
    /// the next clear.
    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError>;

    /// Creates a vertex buffer; its contents are undefined (zero is fine) until uploaded.
    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError>;

    /// Writes `data` at `byte_offset` (a multiple of 4). `data` are the bytes the GPU buffer
    /// holds: floats as little-endian `f32`, `bytes4` words as they were in the `ByteArray`.
    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError>;

    /// Frees a vertex buffer. The id is not used again.
    fn dispose_vertex_buffer(&mut self, id: VertexBufferId);

    /// Creates an index buffer.
    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError>;

    /// Writes `indices` at `byte_offset` (`2 * startOffset`).
    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError>;

    /// Frees an index buffer.
    fn dispose_index_buffer(&mut self, id: IndexBufferId);

    /// Creates a texture with storage for `desc.levels` levels (and six faces for a cube).
    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError>;

    /// Replaces one face/level of a texture. For a video texture a frame whose size differs
    /// from the previous one reallocates it.
    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError>;

    /// Frees a texture.
    fn dispose_texture(&mut self, id: TextureId);

    /// `Program3D.upload` after validation and linking: translate the pair (with
    /// `agal::glsl::translate`), compile and link it. A driver refusal is
    /// [`BackendError::ShaderCompile`] / [`BackendError::ShaderLink`]. Uploading again to the
    /// same `Program3D` disposes the old program and creates one with a new id.
    fn create_program(
        &mut self,
        id: ProgramId,
        vertex: &Program,
        fragment: &Program,
    ) -> Result<(), BackendError>;

    /// Frees a program.
    fn dispose_program(&mut self, id: ProgramId);

    /// Clears the current render target (see [`Clear`]).
    fn clear(&mut self, clear: &Clear);

    /// Selects where draws and clears go. Sent before the `clear` or `draw` that needs it, only
    /// when it differs from the last target sent.
    fn set_render_target(&mut self, target: &RenderTarget);

    /// Blend factors. Sent only when they change.
    fn set_blend(&mut self, blend: BlendState);

    /// Colour write mask. Sent only when it changes.
    fn set_color_mask(&mut self, mask: ColorMask);

    /// Which faces are culled. Sent only when it changes.
    fn set_culling(&mut self, cull: TriangleFace);

    /// Depth test and write. Sent only when it changes.
    fn set_depth(&mut self, depth: DepthState);

    /// Two-sided stencil test. Sent only when it changes.
    fn set_stencil(&mut self, stencil: StencilState);

    /// Scissor rectangle in render-target pixels (`None`: off). Sent only when it changes.
    fn set_scissor(&mut self, scissor: Option<PixelRect>);

    /// Sets constant registers `first_register..first_register + values.len()` of the vertex
    /// (`vc`) or fragment (`fc`) file. Only registers whose values changed are sent; registers
    /// never set are `(0, 0, 0, 0)`. Constants belong to the context, not to a program: they
    /// survive program changes.
    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    );

    /// Draws triangles with the current render state and constants.
    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError>;

    /// `present`: shows the back buffer. Its contents are undefined afterwards.
    fn present(&mut self) -> Result<(), BackendError>;

    /// `drawToBitmapData`: reads `rect` of the back buffer (always the back buffer, whatever the
    /// current render target), rows top first, each pixel `0xAARRGGBB` as stored. `rect` lies
    /// within the back buffer.
    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError>;

    /// `Context3D.dispose`: frees everything. No call follows except drop.
    fn dispose_context(&mut self);
}
